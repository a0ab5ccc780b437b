import { imageUrl } from '../../../shared/images.js';
import { Link } from '../../router/Link.js';
import { Avatar } from '../avatar/index.js';
import { FollowButton } from '../follow-button/FollowButton.js';
import { profileBase } from './profile-lookup.js';
import type { PersonRowUser } from './profile-types.js';
import styles from './profile.module.css';

/** One person in a followers or following list: avatar (spec §3 M, 48px), name, bio, Follow. */
export function PersonRow({ user }: { user: PersonRowUser }) {
  const href = profileBase(user);
  return (
    <li className={styles.person} data-testid="person-row">
      <Link href={href} tabIndex={-1} aria-hidden="true">
        <Avatar username={user.username} name={user.name} imageUrl={user.imageId ? imageUrl(user.imageId, 96) : null} size="M" alt="" />
      </Link>
      <div className={styles.personText}>
        <Link href={href} className={styles.personName}>
          {user.name}
        </Link>
        {user.bio && <p className={styles.personBio}>{user.bio}</p>}
      </div>
      <div className={styles.personAction}>
        <FollowButton user={user} size="small" />
      </div>
    </li>
  );
}
