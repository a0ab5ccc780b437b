import { formatFollowers } from '../../../shared/format.js';
import { FollowButton, type FollowButtonUser } from '../../components/follow-button/FollowButton.js';
import { useFollowerCount } from '../../components/follow-button/follow-store.js';
import styles from './PostPage.module.css';

export interface WrittenByFollowProps {
  creator: FollowButtonUser & { socialStats: { followerCount: number } };
  /** False for the writer reading their own story. */
  showButton: boolean;
}

/**
 * The 'Written by' block's follower count and Follow button. Both read the follow as this
 * browser knows it (follow-store.ts), so a Follow in the byline or here moves both at once.
 */
export function WrittenByFollow({ creator, showButton }: WrittenByFollowProps) {
  const followers = useFollowerCount(creator.id, creator.socialStats.followerCount, creator.viewerEdge.isFollowing);
  return (
    <div className={styles.writtenByFollow}>
      <p className={styles.followers} data-testid="written-by-followers">
        {formatFollowers(followers)}
      </p>
      {showButton && <FollowButton user={creator} size="small" />}
    </div>
  );
}
