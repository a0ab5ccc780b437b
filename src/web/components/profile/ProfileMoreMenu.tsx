import { useState } from 'react';
import { useSite } from '../../app-context.js';
import { useMuteUser } from '../follow-button/use-mute-user.js';
import { useToast } from '../toast/index.js';
import { ActionMenu } from './ActionMenu.js';
import type { ProfileUser } from './profile-types.js';
import styles from './profile.module.css';

export const REPORT_COMING_SOON = 'Reporting a writer is coming soon. Thank you for helping keep the community safe.';

/**
 * The profile's '...' menu for a reader looking at someone else: mute or unmute the
 * writer (spec §7 muteUser / unmuteUser, with their toasts) and report (a placeholder
 * until reporting lands). Signed out there is nothing to offer.
 */
export function ProfileMoreMenu({ user }: { user: ProfileUser }) {
  const { viewer } = useSite();
  const { mute, unmute, pending } = useMuteUser();
  const toast = useToast();
  // The landing page's data is as rendered: this menu keeps its own mute state after a change.
  const [muting, setMuting] = useState(user.viewerEdge.isMuting);
  if (!viewer || viewer.id === user.id) return null;
  return (
    <ActionMenu label={`More actions for ${user.name}`} buttonClassName={styles.moreButton}>
      {(close) => (
        <>
          <li>
            <button
              type="button"
              role="menuitem"
              className={styles.menuItem}
              disabled={pending}
              onClick={() => {
                close();
                void (muting ? unmute(user) : mute(user)).then((changed) => changed && setMuting(!muting));
              }}
            >
              {muting ? 'Unmute this author' : 'Mute this author'}
            </button>
          </li>
          <li>
            <button
              type="button"
              role="menuitem"
              className={styles.menuDanger}
              onClick={() => {
                close();
                toast.show({ message: REPORT_COMING_SOON });
              }}
            >
              Report this author
            </button>
          </li>
        </>
      )}
    </ActionMenu>
  );
}
