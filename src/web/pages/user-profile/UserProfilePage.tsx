import type { DocumentNode } from 'graphql';
import { QueuedFollow } from '../../components/follow-button/index.js';
import { PostCard } from '../../components/post-card/PostCard.js';
import { ProfileHeader, type ProfileTab } from '../../components/profile/ProfileHeader.js';
import { ProfileSidebar } from '../../components/profile/ProfileSidebar.js';
import { ProfileStoryCard } from '../../components/profile/ProfileStoryCard.js';
import { ShowMore } from '../../components/profile/ShowMore.js';
import { pageVariables, profileLookup } from '../../components/profile/profile-lookup.js';
import { userOf, type ProfileStory, type ProfileUser } from '../../components/profile/profile-types.js';
import { usePagedList } from '../../components/profile/use-paged-list.js';
import { useProfileUser } from '../../components/profile/use-profile-user.js';
import { tabList, type StoryListField } from '../../components/profile/profile-tabs.js';
import type { PageProps } from '../../router/registry.js';
import styles from './UserProfilePage.module.css';
import { ProfileSeries } from './ProfileSeries.js';

type Connection = { items: ProfileStory[]; pagingInfo: { next: { to: string | null } | null } };

function StoryList({ user, params, query, field, extra }: { user: ProfileUser; params: Record<string, string>; query: DocumentNode; field: StoryListField; extra: Record<string, unknown> }) {
  const lookup = profileLookup(params);
  const list = usePagedList<ProfileStory>(
    query,
    (to) => ({ ...pageVariables(lookup, to), ...extra }),
    (data) => {
      const conn = userOf<Record<string, Connection>>(data)?.[field];
      return conn ? { items: conn.items, next: conn.pagingInfo.next?.to ?? null } : null;
    },
  );
  const home = field === 'profileStoriesConnection';
  if (list.items.length === 0) {
    return <p className={styles.empty}>{home ? `${user.name} hasn’t published any stories yet.` : `${user.name} hasn’t responded to any stories yet.`}</p>;
  }
  return (
    <>
      {list.items.map((p) => (home ? <ProfileStoryCard key={p.id} story={p} showPin={params.tab !== 'LATEST'} onChanged={() => void list.reload()} /> : <PostCard key={p.id} post={p} />))}
      <ShowMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={() => void list.more()} />
    </>
  );
}

/**
 * A writer's profile (page id user-profile, two-column layout; spec §2.3 /@{username},
 * /u/{id} and the profile subdomain's root): the Home tab (pinned stories first, then the
 * newest) and the Responses tab, paged with Show more.
 */
export default function UserProfilePage({ params }: PageProps) {
  const user = useProfileUser(params);
  if (!user) return null;
  const list = tabList(params.tab);
  const current: ProfileTab = params.tab === 'RESPONSES' ? 'responses' : 'home';
  return (
    <div className={styles.main}>
      <ProfileHeader user={user} current={list ? current : null} />
      <QueuedFollow user={user} intent={params.intent} />
      {params.tab === 'SERIES' && <ProfileSeries user={user} params={params} />}
      {params.tab !== 'SERIES' && (list ? <StoryList key={`${user.id}:${params.tab}`} user={user} params={params} query={list.query} field={list.field} extra={list.extra} /> : <p className={styles.empty}>This part of {user.name}’s profile is coming soon.</p>)}
    </div>
  );
}

export function Sidebar({ params }: PageProps) {
  const user = useProfileUser(params);
  return user ? <ProfileSidebar user={user} /> : null;
}
