import { useCallback, useRef, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { track } from '../../lib/events.js';
import { useToast } from '../toast/index.js';
import { FOLLOW_TOASTS, muteToastKey } from './messages.js';
import { MUTE_USER, UNMUTE_USER } from '../../graphql/mute-operations.js';
import { runSocialMutation } from './run-mutation.js';

export interface MuteTarget {
  id: string;
  name: string;
}

/**
 * Spec §7 muteUser / unmuteUser with the spec §4 toasts ('{name} has been unmuted'); a
 * mute's toast offers Undo. Resolves true when the change went through. Calls while one
 * runs are ignored.
 */
export function useMuteUser() {
  const loadData = useBrowserData();
  const toast = useToast();
  const busy = useRef(false);
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (user: MuteTarget, mute: boolean): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setPending(true);
      const outcome = await runSocialMutation(loadData, mute ? MUTE_USER : UNMUTE_USER, { targetUserId: user.id });
      busy.current = false;
      setPending(false);
      if (!outcome.ok) {
        toast.show({ message: outcome.message ?? FOLLOW_TOASTS.tryAgain, toastStyle: 'ERROR', key: muteToastKey(user.id) });
        return false;
      }
      track(mute ? 'user.muted' : 'user.unmuted', { targetUserId: user.id });
      toast.show(
        mute
          ? { message: FOLLOW_TOASTS.muted(user.name), key: muteToastKey(user.id), extraParams: { action: { label: 'Undo', onClick: () => void run(user, false) } } }
          : { message: FOLLOW_TOASTS.unmuted(user.name), key: muteToastKey(user.id) },
      );
      return true;
    },
    [loadData, toast],
  );

  const mute = useCallback((user: MuteTarget) => run(user, true), [run]);
  const unmute = useCallback((user: MuteTarget) => run(user, false), [run]);
  return { mute, unmute, pending };
}
