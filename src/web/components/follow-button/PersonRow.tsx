import type { ReactNode } from 'react';
import { formatFollowers } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { Link } from '../../router/Link.js';
import { Avatar } from '../avatar/index.js';
import { useFollowerCount } from './follow-store.js';
import styles from './person-row.module.css';
import { profileHref } from '../../lib/profile-href.js';

/** The CustomizePersonRow_user fragment's shape (src/web/graphql/social-operations.ts). */
export interface PersonRowUser {
  id: string;
  name: string;
  username: string | null;
  bio: string;
  imageId: string | null;
  socialStats: { followerCount: number };
  viewerEdge: { isFollowing: boolean; isMuting: boolean };
}


/** A writer in a list: avatar, name, a note (followers or why suggested), bio, and an action on the right. */
export function PersonRow({ user, note, action }: { user: PersonRowUser; note?: ReactNode; action: ReactNode }) {
  const href = profileHref(user);
  const followers = useFollowerCount(user.id, user.socialStats.followerCount, user.viewerEdge.isFollowing);
  return (
    <li className={styles.row} data-testid="person-row" data-user-id={user.id}>
      <Link href={href} className={styles.avatar} tabIndex={-1} aria-hidden="true">
        <Avatar username={user.username} name={user.name} imageUrl={user.imageId ? imageUrl(user.imageId, 96) : null} size="M" alt="" />
      </Link>
      <div className={styles.text}>
        <Link href={href} className={styles.name}>
          {user.name}
        </Link>
        <p className={styles.note}>{note ?? formatFollowers(followers)}</p>
        {user.bio && <p className={styles.bio}>{user.bio}</p>}
      </div>
      <div className={styles.action}>{action}</div>
    </li>
  );
}
