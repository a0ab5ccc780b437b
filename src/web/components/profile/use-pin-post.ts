import { useCallback } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { PIN_POST_MUTATION, UNPIN_POST_MUTATION } from '../../graphql/pin-operations.js';
import { useToast } from '../toast/index.js';

export const PIN_TOASTS = {
  pinned: 'Story pinned to your profile.',
  unpinned: 'Story unpinned from your profile.',
  tryAgain: 'Something went wrong. Please try again.',
} as const;

/**
 * pinPost / unpinPost with the spec §4 'pinned post to homepage' toast. Past the limit
 * the server's MaxPinnedStoriesReached message is shown as it is. Resolves true when
 * the change went through.
 */
export function usePinPost() {
  const loadData = useBrowserData();
  const toast = useToast();
  return useCallback(
    async (postId: string, pin: boolean): Promise<boolean> => {
      const result = await mutateField(loadData, pin ? PIN_POST_MUTATION : UNPIN_POST_MUTATION, { postId }, pin ? 'pinPost' : 'unpinPost');
      if (result?.__typename !== 'Post') {
        toast.show({ message: result?.message ?? PIN_TOASTS.tryAgain, toastStyle: 'ERROR', key: `pin:${postId}`, extraParams: { kind: 'pinned post to homepage' } });
        return false;
      }
      toast.show({ message: pin ? PIN_TOASTS.pinned : PIN_TOASTS.unpinned, key: `pin:${postId}`, extraParams: { kind: 'pinned post to homepage' } });
      return true;
    },
    [loadData, toast],
  );
}
