import { LIMITS } from '../../../shared/constants.js';
import { ConfirmationDialog } from '../confirmation-dialog/index.js';

export interface DeleteStoryDialogProps {
  isVisible: boolean;
  hide(): void;
  /** Deletes; a rejection keeps the dialog open (the caller has said why). */
  onConfirm(): Promise<unknown>;
}

/** 'Delete story?': it goes to the trash, where it can be restored for 14 days (spec §4). */
export function DeleteStoryDialog({ isVisible, hide, onConfirm }: DeleteStoryDialogProps) {
  return (
    <ConfirmationDialog isVisible={isVisible} hide={hide} title="Delete story" confirmText="Delete" confirmVariant="danger" onConfirm={onConfirm}>
      <p>
        The story moves to the trash. You can restore it from Your stories for {LIMITS.trashRetentionDays} days; after that it is deleted for good, with its claps, highlights and
        responses.
      </p>
    </ConfirmationDialog>
  );
}
