import { useCallback } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { ADD_STAFF_PICK, REMOVE_STAFF_PICK, SHOW_LESS_LIKE_THIS, UNDO_SHOW_LESS_LIKE_THIS } from '../../graphql/feeds-operations.js';
import { runSocialMutation } from '../follow-button/run-mutation.js';
import { useMuteUser } from '../follow-button/index.js';
import { useToast } from '../toast/index.js';

export const CARD_TOASTS = {
  showLess: 'We’ll show fewer stories like this.',
  pickAdded: 'Added to staff picks.',
  pickRemoved: 'Removed from staff picks.',
  failed: 'Something went wrong. Please try again.',
};

/**
 * What a feed card's '...' menu does. The list that shows the card hides it at once
 * (`onHidden`), brings it back on Undo (`onRestored`), and drops a muted writer's cards
 * (`onAuthorMuted`); the server keeps those changes for the next pages and visits.
 */
export function useCardActions(opts: { onHidden?(postId: string): void; onRestored?(postId: string): void; onAuthorMuted?(creatorId: string): void; onAuthorUnmuted?(creatorId: string): void }) {
  const loadData = useBrowserData();
  const toast = useToast();
  const { mute } = useMuteUser();
  const { onHidden, onRestored, onAuthorMuted } = opts;

  const showLess = useCallback(
    async (postId: string) => {
      onHidden?.(postId);
      const done = await runSocialMutation(loadData, SHOW_LESS_LIKE_THIS, { postId });
      if (!done.ok) {
        onRestored?.(postId);
        toast.show({ message: done.message ?? CARD_TOASTS.failed, toastStyle: 'ERROR' });
        return;
      }
      const undo = async () => {
        if ((await runSocialMutation(loadData, UNDO_SHOW_LESS_LIKE_THIS, { postId })).ok) onRestored?.(postId);
      };
      toast.show({ message: CARD_TOASTS.showLess, extraParams: { action: { label: 'Undo', onClick: () => void undo() } } });
    },
    [loadData, toast, onHidden, onRestored],
  );

  const muteAuthor = useCallback(
    async (creator: { id: string; name: string }) => {
      if (await mute(creator)) onAuthorMuted?.(creator.id);
    },
    [mute, onAuthorMuted],
  );

  const setStaffPick = useCallback(
    async (postId: string, picked: boolean) => {
      const done = await runSocialMutation(loadData, picked ? ADD_STAFF_PICK : REMOVE_STAFF_PICK, { postId });
      toast.show(done.ok ? { message: picked ? CARD_TOASTS.pickAdded : CARD_TOASTS.pickRemoved } : { message: done.message ?? CARD_TOASTS.failed, toastStyle: 'ERROR' });
    },
    [loadData, toast],
  );

  return { showLess, muteAuthor, setStaffPick };
}
