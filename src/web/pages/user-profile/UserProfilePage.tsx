import { usePageQuery } from '../../graphql/use-page-query.js';
import { formatCount, formatMonthYear } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { Avatar } from '../../components/avatar/index.js';
import { PostCard, type PostPreview } from '../../components/post-card/PostCard.js';
import { USER_PROFILE_QUERY } from '../../graphql/operations.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import styles from './UserProfilePage.module.css';

interface ProfileUser {
  __typename: 'User';
  id: string;
  name: string;
  username: string;
  bio: string;
  imageId: string | null;
  pronouns: string[];
  createdAt: number;
  socialStats: { followerCount: number; followingCount: number };
  homepagePostsConnection: { items: PostPreview[] };
}

function useProfile(username: string | undefined): ProfileUser | null {
  const data = usePageQuery<{ userResult: ProfileUser | { __typename: 'NotFound' } }>(USER_PROFILE_QUERY, { username: username ?? '' });
  const user = data?.userResult;
  return user && user.__typename === 'User' ? user : null;
}

/** A writer's profile (page id user-profile, two-column layout): Home tab with stories. */
export default function UserProfilePage({ params }: PageProps) {
  const user = useProfile(params.username);
  if (!user) return null;
  const stories = user.homepagePostsConnection.items;
  return (
    <div className={styles.main}>
      <h1 className={styles.name}>{user.name}</h1>
      <nav className={styles.tabs} aria-label="Profile">
        <Link href={`/@${user.username}`} className={styles.tabActive} aria-current="page">
          Home
        </Link>
        <Link href={`/@${user.username}/about`} className={styles.tab}>
          About
        </Link>
      </nav>
      {stories.length === 0 ? (
        <p className={styles.empty}>{user.name} hasn’t published any stories yet.</p>
      ) : (
        stories.map((p) => <PostCard key={p.id} post={p} />)
      )}
    </div>
  );
}

/** Sidebar: avatar, name, follower count, bio and Follow. */
export function Sidebar({ params }: PageProps) {
  const user = useProfile(params.username);
  if (!user) return null;
  return (
    <div className={styles.side} data-testid="profile-sidebar">
      <Avatar username={user.username} name={user.name} imageUrl={user.imageId ? imageUrl(user.imageId, 176) : null} size="XL" alt="" />
      <h2 className={styles.sideName}>
        {user.name}
        {user.pronouns.length > 0 && <span className={styles.pronouns}> ({user.pronouns.join('/')})</span>}
      </h2>
      <p className={styles.followers}>{formatCount(user.socialStats.followerCount)} Followers</p>
      {user.bio && <p className={styles.bio}>{user.bio}</p>}
      <p className={styles.since}>Writing since {formatMonthYear(user.createdAt)}</p>
      <Link href={`/m/signin?operation=register&follow=${user.id}`} className={styles.follow}>
        Follow
      </Link>
    </div>
  );
}
