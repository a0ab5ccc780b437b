import { imageUrl } from '../../../shared/images.js';
import { Avatar } from '../avatar/index.js';
import { Tabs } from '../tabs/Tabs.js';
import { FollowersLink, ProfileActions } from './ProfileSidebar.js';
import { SubscribeNotice } from '../subscribe/SubscribeButton.js';
import { useBio } from './bio-store.js';
import { useProfileBase } from './use-profile-base.js';
import type { ProfileUser } from './profile-types.js';
import styles from './profile.module.css';

export type ProfileTab = 'home' | 'responses' | 'lists' | 'about';

/**
 * The main column's head on every profile page: the name (h1) over the tabs Home,
 * Responses, Lists and About. Below 904px, where the
 * sidebar is hidden, the avatar, follower count and Follow come up here.
 */
export function ProfileHeader({ user, current }: { user: ProfileUser; current: ProfileTab | null }) {
  const base = useProfileBase(user);
  const bio = useBio(user.id, user.bio);
  const tabs = [
    { key: 'home', href: base || '/', label: 'Home' },
    { key: 'responses', href: `${base}/responses`, label: 'Responses' },
    { key: 'lists', href: `${base}/lists`, label: 'Lists' },
    { key: 'about', href: `${base}/about`, label: 'About' },
  ];
  return (
    <header className={styles.header}>
      <div className={styles.compact}>
        <Avatar username={user.username} name={user.name} imageUrl={user.imageId ? imageUrl(user.imageId, 96) : null} size="M" alt="" />
        <div className={styles.compactText}>
          <h1 className={styles.name}>{user.name}</h1>
          <FollowersLink user={user} />
        </div>
      </div>
      {bio && <p className={styles.compactBio}>{bio}</p>}
      <div className={styles.compactActions}>
        <ProfileActions user={user} />
      </div>
      <SubscribeNotice writer={user} compactOnly />
      <h1 className={`${styles.name} ${styles.wideName}`}>
        {user.name}
      </h1>
      {/* Without a username only /u/{id} exists (spec §2.2): there are no tab pages to link. */}
      {user.username && <Tabs label="Profile" tabs={tabs.map((t) => ({ ...t, current: t.key === current }))} />}
    </header>
  );
}
