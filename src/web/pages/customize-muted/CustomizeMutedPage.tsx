import { useState } from 'react';
import { useMuteUser } from '../../components/follow-button/index.js';
import { PersonRow, type PersonRowUser } from '../../components/follow-button/PersonRow.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { CUSTOMIZE_MUTED_QUERY, MUTED_USERS_MORE_QUERY } from '../../graphql/social-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import { CustomizeFrame, SubTabs } from '../customize-following/CustomizeFrame.js';
import { usePeoplePages, type PeoplePage } from '../customize-following/use-people-pages.js';
import styles from '../customize-following/customize.module.css';

interface Data {
  viewer: { id: string } | null;
  viewerMutedUsers: PeoplePage | null;
}

/** Unmute, or Mute again: the row stays after an unmute so a slip is one click to undo. */
function MuteToggle({ user }: { user: PersonRowUser }) {
  const { mute, unmute, pending } = useMuteUser();
  const [muted, setMuted] = useState(user.viewerEdge.isMuting);
  const onClick = async () => {
    if (await (muted ? unmute(user) : mute(user))) setMuted(!muted);
  };
  return (
    <LoadingButton variant={muted ? 'outline' : 'primary'} size="small" loading={pending} onClick={onClick} aria-label={`${muted ? 'Unmute' : 'Mute'} ${user.name}`}>
      {muted ? 'Unmute' : 'Mute'}
    </LoadingButton>
  );
}

/**
 * /me/settings/mute[/{activeTab}] (page id customize-muted, two-column layout): the
 * writers the viewer muted, each with Unmute ('{name} has been unmuted'); publications
 * have an empty state until publications exist.
 */
export default function CustomizeMutedPage({ params }: PageProps) {
  const tab = params.activeTab === 'publications' ? 'publications' : 'writers';
  const data = usePageQuery<Data>(CUSTOMIZE_MUTED_QUERY);
  const people = usePeoplePages(data?.viewerMutedUsers, MUTED_USERS_MORE_QUERY, 'viewerMutedUsers');
  if (!data?.viewer) return null;
  return (
    <CustomizeFrame tab="muted">
      <SubTabs
        label="Muted"
        tabs={[
          { href: '/me/settings/mute', label: 'Writers', current: tab === 'writers' },
          { href: '/me/settings/mute/publications', label: 'Publications', current: tab === 'publications' },
        ]}
      />
      {tab === 'publications' ? (
        <p className={styles.empty}>You haven’t muted any publications.</p>
      ) : people.users.length === 0 ? (
        <p className={styles.empty}>You haven’t muted any writers. Mute a writer from their profile or a story’s menu and their stories leave your feeds.</p>
      ) : (
        <>
          <ul aria-label="Muted writers">
            {people.users.map((u) => (
              <PersonRow key={u.id} user={u} action={<MuteToggle user={u} />} />
            ))}
          </ul>
          {people.hasMore && (
            <LoadingButton variant="outline" size="small" className={styles.more} loading={people.loading} onClick={people.loadMore}>
              Show more
            </LoadingButton>
          )}
        </>
      )}
    </CustomizeFrame>
  );
}

export function Sidebar() {
  return (
    <aside className={styles.side}>
      <h2 className={styles.sideHeading}>About muting</h2>
      <p className={styles.sideText}>Stories by writers you mute never appear in your feeds. They are not told. Unmute them here at any time.</p>
    </aside>
  );
}
