import { formatCount, formatFollowers } from '../../../shared/format.js';
import { Link } from '../../router/Link.js';
import { FollowButton } from '../follow-button/FollowButton.js';
import { PersonRow, type PersonRowUser } from '../follow-button/PersonRow.js';
import { ShowMore } from './ShowMore.js';
import { pageVariables, profileLookup } from './profile-lookup.js';
import { useProfileBase } from './use-profile-base.js';
import { userOf, type ProfileUser } from './profile-types.js';
import { PEOPLE_LISTS, type PeopleSide } from './profile-tabs.js';
import { usePagedList } from './use-paged-list.js';
import styles from './profile.module.css';

type Person = PersonRowUser & { viewerEdge: { id: string } };
type Connection = { users: Person[]; pagingInfo: { next: { to: string | null } | null } };

/**
 * user-followers and user-following (spec §2.3 /@{username}/followers, /following): the
 * user's name leading back to the profile, the count as the heading, then the people,
 * most recent first, with Follow on each; Show more pages on.
 */
export function PeopleList({ user, side, params }: { user: ProfileUser; side: PeopleSide; params: Record<string, string> }) {
  const lookup = profileLookup(params);
  const base = useProfileBase(user);
  const { query, field } = PEOPLE_LISTS[side];
  const list = usePagedList<Person>(
    query,
    (to) => pageVariables(lookup, to),
    (data) => {
      const conn = userOf<Record<string, Connection>>(data)?.[field];
      return conn ? { items: conn.users, next: conn.pagingInfo.next?.to ?? null } : null;
    },
  );
  const count = side === 'followers' ? user.socialStats.followerCount : user.socialStats.followingCount;
  const heading = side === 'followers' ? formatFollowers(count) : `${formatCount(count)} Following`;
  return (
    <div className={styles.header}>
      <p className={styles.crumb}>
        <Link href={base || '/'}>{user.name}</Link>
        <span aria-hidden="true"> › </span>
        <span>{side === 'followers' ? 'Followers' : 'Following'}</span>
      </p>
      <h1 className={styles.peopleHeading}>{heading}</h1>
      {list.items.length === 0 ? (
        <p className={styles.empty}>{side === 'followers' ? `${user.name} has no followers yet.` : `${user.name} isn’t following anyone yet.`}</p>
      ) : (
        <ul className={styles.people} aria-label={side === 'followers' ? `Followers of ${user.name}` : `People ${user.name} follows`}>
          {list.items.map((u) => (
            <PersonRow key={u.id} user={u} action={<FollowButton user={u} size="small" />} />
          ))}
        </ul>
      )}
      <ShowMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={() => void list.more()} />
    </div>
  );
}
