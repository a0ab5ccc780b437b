import { formatFollowers } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { Link } from '../../router/Link.js';
import { Avatar } from '../avatar/index.js';
import { FollowButton, type FollowButtonUser } from '../follow-button/FollowButton.js';
import { useFollowerCount } from '../follow-button/follow-store.js';
import styles from './user-mention.module.css';
import { profileHref } from '../../lib/profile-href.js';

export interface MentionUser extends FollowButtonUser {
  bio: string;
  imageId: string | null;
  socialStats: { followerCount: number };
}

/** Avatar, name, bio, follower count and Follow (the content of UserMentionTooltipContentQuery). */
export function UserMentionCard({ user }: { user: MentionUser }) {
  const href = profileHref(user);
  const followers = useFollowerCount(user.id, user.socialStats.followerCount, user.viewerEdge.isFollowing);
  return (
    <div className={styles.card} data-testid="user-mention-card">
      <div className={styles.head}>
        <Link href={href} className={styles.who}>
          <Avatar username={user.username} name={user.name} imageUrl={user.imageId ? imageUrl(user.imageId, 96) : null} size="M" alt="" />
          <span className={styles.name}>{user.name}</span>
        </Link>
      </div>
      {user.bio && <p className={styles.bio}>{user.bio}</p>}
      <div className={styles.foot}>
        <span className={styles.followers}>
          {formatFollowers(followers)}
        </span>
        <FollowButton user={user} size="small" />
      </div>
    </div>
  );
}
