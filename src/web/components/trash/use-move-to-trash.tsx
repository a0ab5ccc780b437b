import { useCallback } from 'react';
import { useToast } from '../toast/index.js';
import { useTrash, type YourStoryItem } from './use-trash.js';

/** How long the 'move to trash' toast stays, so there is time to press Undo. */
const UNDO_TOAST_MS = 10_000;

/**
 * Delete with the spec §4 'move to trash' toast and its Undo. Resolves with the story as
 * it is in the trash; rejects (after an error toast) when the delete did not happen, so a
 * confirmation dialog stays open.
 */
export function useMoveToTrash(): (postId: string) => Promise<YourStoryItem> {
  const trash = useTrash();
  const toast = useToast();
  return useCallback(
    async (postId: string) => {
      const deleted = await trash.deletePost(postId);
      if (!deleted.ok) {
        toast.show({ message: deleted.message, toastStyle: 'ERROR' });
        throw new Error(deleted.message);
      }
      const undo = async () => {
        const restored = await trash.undeletePost(postId);
        toast.show(restored.ok ? { message: 'Your story was restored.', extraParams: { kind: 'undelete post' } } : { message: restored.message, toastStyle: 'ERROR' });
      };
      toast.show({
        message: 'Your story was moved to the trash.',
        duration: UNDO_TOAST_MS,
        extraParams: { kind: 'move to trash', action: { label: 'Undo', onClick: () => void undo() } },
      });
      return deleted.story;
    },
    [trash, toast],
  );
}
