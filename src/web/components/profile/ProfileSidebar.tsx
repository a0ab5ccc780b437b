import { formatFollowers } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { useSite } from '../../app-context.js';
import { Link } from '../../router/Link.js';
import { Avatar } from '../avatar/index.js';
import { FollowButton } from '../follow-button/FollowButton.js';
import { useFollowerCount } from '../follow-button/follow-store.js';
import { ProfileMoreMenu } from './ProfileMoreMenu.js';
import { SubscribeButton, SubscribeNotice } from '../subscribe/SubscribeButton.js';
import { useBio } from './bio-store.js';
import { useProfileBase } from './use-profile-base.js';
import type { ProfileUser } from './profile-types.js';
import styles from './profile.module.css';


/** 'N Followers', to the followers page (a user without a username has none: plain text). */
export function FollowersLink({ user }: { user: ProfileUser }) {
  // With this browser's own follow or unfollow since the page was read.
  const label = formatFollowers(useFollowerCount(user.id, user.socialStats.followerCount, user.viewerEdge.isFollowing));
  const base = useProfileBase(user);
  if (!user.username) return <span className={styles.followers}>{label}</span>;
  return (
    <Link href={`${base}/followers`} className={styles.followers}>
      {label}
    </Link>
  );
}

/** Follow and the '...' menu for a reader; 'Edit profile' for the user themselves. */
export function ProfileActions({ user }: { user: ProfileUser }) {
  const { viewer } = useSite();
  if (viewer?.id === user.id) {
    return (
      <>
        <Link href="/me/settings" className={styles.editLink}>
          Edit profile
        </Link>
        <SubscribeButton writer={user} />
      </>
    );
  }
  return (
    <>
      <FollowButton user={user} />
      <SubscribeButton writer={user} />
      <ProfileMoreMenu user={user} />
    </>
  );
}

/**
 * The profile pages' right column (spec §2.1, hidden below 904px): avatar (spec §3 XL, 80px),
 * name and pronouns, follower count (to the followers page), bio, then Follow and '...'.
 */
export function ProfileSidebar({ user }: { user: ProfileUser }) {
  const base = useProfileBase(user);
  const bio = useBio(user.id, user.bio);
  return (
    <div className={styles.side} data-testid="profile-sidebar">
      <Link href={base || '/'} aria-label={user.name}>
        <Avatar username={user.username} name={user.name} imageUrl={user.imageId ? imageUrl(user.imageId, 160) : null} size="XL" alt="" />
      </Link>
      <h2 className={styles.sideName}>
        <Link href={base || '/'} className={styles.personName}>
          {user.name}
        </Link>
        {user.pronouns.length > 0 && <span className={styles.pronouns}> ({user.pronouns.join('/')})</span>}
      </h2>
      <FollowersLink user={user} />
      {bio && <p className={styles.bio}>{bio}</p>}
      <div className={styles.actions}>
        <ProfileActions user={user} />
      </div>
      <SubscribeNotice writer={user} />
    </div>
  );
}
