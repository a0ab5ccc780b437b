import { formatCount } from '../../../shared/format.js';
import { FollowButton, FollowTagButton } from '../../components/follow-button/index.js';
import { PersonRow, type PersonRowUser } from '../../components/follow-button/PersonRow.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { CUSTOMIZE_FOLLOWING_QUERY, FOLLOWED_USERS_MORE_QUERY, INDEX_PEOPLE } from '../../graphql/social-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { CustomizeFrame, SubTabs } from './CustomizeFrame.js';
import { followingVariables } from './page-defs.js';
import { usePeoplePages, type PeoplePage } from './use-people-pages.js';
import styles from './customize.module.css';


interface FollowedTag {
  id: string;
  normalizedTagSlug: string;
  displayTitle: string;
  followerCount: number;
  postCount: number;
  viewerEdge: { isFollowing: boolean };
}

interface Data {
  viewer: { id: string; socialStats: { followingCount: number } } | null;
  viewerFollowedUsers: PeoplePage | null;
  viewerFollowedTags: { tags: FollowedTag[] } | null;
}

const SUB_TABS = [
  { key: undefined, href: '/me/following', label: 'All' },
  { key: 'people', href: '/me/following/people', label: 'People' },
  { key: 'publications', href: '/me/following/publications', label: 'Publications' },
];

function People({ users, hasMore, loading, loadMore }: { users: PersonRowUser[]; hasMore: boolean; loading: boolean; loadMore(): void }) {
  if (users.length === 0) return <p className={styles.empty}>You don’t follow anyone yet. <Link href="/me/following/suggestions">Find writers to follow</Link>.</p>;
  return (
    <>
      <ul aria-label="People you follow">
        {users.map((u) => (
          <PersonRow key={u.id} user={u} action={<FollowButton user={u} size="small" />} />
        ))}
      </ul>
      {hasMore && (
        <LoadingButton variant="outline" size="small" className={styles.more} loading={loading} onClick={loadMore}>
          Show more
        </LoadingButton>
      )}
    </>
  );
}

function Topics({ tags }: { tags: FollowedTag[] }) {
  if (tags.length === 0) return <p className={styles.empty}>You don’t follow any topics yet. <Link href="/explore-topics">Explore topics</Link>.</p>;
  return (
    <ul className={styles.topics} aria-label="Topics you follow">
      {tags.map((t) => (
        <li key={t.normalizedTagSlug} className={styles.topic} data-testid="followed-topic">
          <div>
            <Link href={`/tag/${t.normalizedTagSlug}`} className={styles.topicName}>
              {t.displayTitle}
            </Link>
            <p className={styles.topicMeta}>
              {formatCount(t.postCount)} {t.postCount === 1 ? 'story' : 'stories'} · {formatCount(t.followerCount)} {t.followerCount === 1 ? 'follower' : 'followers'}
            </p>
          </div>
          <FollowTagButton tag={t} size="small" />
        </li>
      ))}
    </ul>
  );
}

/**
 * /me/following[/{entityName}] (page id customize-following, two-column layout): the
 * writers and topics the viewer follows, each with its Following button; publications
 * have an empty state until publications exist. Signed-out readers never get here.
 */
export default function CustomizeFollowingPage({ params }: PageProps) {
  const entity = params.entityName;
  const data = usePageQuery<Data>(CUSTOMIZE_FOLLOWING_QUERY, followingVariables(entity));
  const people = usePeoplePages(data?.viewerFollowedUsers, FOLLOWED_USERS_MORE_QUERY, 'viewerFollowedUsers');
  if (!data?.viewer) return null;
  const followingCount = data.viewer.socialStats.followingCount;
  return (
    <CustomizeFrame tab="following">
      <SubTabs label="Following" tabs={SUB_TABS.map((t) => ({ ...t, current: t.key === entity }))} />
      {entity === 'publications' ? (
        <p className={styles.empty}>You don’t follow any publications yet. Publications you follow will appear here.</p>
      ) : entity === 'people' ? (
        <section>
          <h2 className={styles.sectionHeading}>People · {formatCount(followingCount)}</h2>
          <People {...people} />
        </section>
      ) : (
        <>
          <section>
            <h2 className={styles.sectionHeading}>People</h2>
            <People users={people.users} hasMore={false} loading={false} loadMore={() => {}} />
            {followingCount > INDEX_PEOPLE && (
              <Link href="/me/following/people" className={styles.seeAll}>
                See all ({formatCount(followingCount)})
              </Link>
            )}
          </section>
          <section>
            <h2 className={styles.sectionHeading}>Topics</h2>
            <Topics tags={data.viewerFollowedTags?.tags ?? []} />
          </section>
          <section>
            <h2 className={styles.sectionHeading}>Publications</h2>
            <p className={styles.empty}>You don’t follow any publications yet.</p>
          </section>
        </>
      )}
    </CustomizeFrame>
  );
}

/** Sidebar: what following does, and where to find more. */
export function Sidebar() {
  return (
    <aside className={styles.side}>
      <h2 className={styles.sideHeading}>Your following shapes your feed</h2>
      <p className={styles.sideText}>Stories from the writers and topics you follow fill your Following tab and rank higher in For you.</p>
      <Link href="/me/following/suggestions" className={styles.sideLink}>
        Find writers to follow
      </Link>
    </aside>
  );
}
