import { StarIcon } from '../../components/icons/index.js';
import styles from './meter-notice.module.css';

export interface PostMeteringData {
  viaFriendLink: boolean;
  freeStoriesPerMonth: number;
  freeStoriesLeft: number | null;
  heldUntilOpened?: boolean;
}

const stories = (n: number) => `${n} free member-only ${n === 1 ? 'story' : 'stories'}`;

/** The sentence the metering rule's decision says to this reader; null when the story is not metered for them. */
export function meterSentence(metering: PostMeteringData | null | undefined, previewOnly: boolean): string | null {
  // Data asked for ahead of a click: the story has not been opened, so there is nothing to say yet.
  if (!metering || metering.heldUntilOpened) return null;
  if (metering.viaFriendLink) return 'You’re reading this member-only story for free through the writer’s friend link.';
  if (previewOnly) return `You’ve read your ${stories(metering.freeStoriesPerMonth)} this month.`;
  const left = metering.freeStoriesLeft ?? 0;
  return left === 0 ? 'This is your last free member-only story this month.' : `You have ${stories(left)} left this month.`;
}

/**
 * Above a member-only story read under the site's metering rule: how many free stories the
 * reader has left this month, that a friend link opened it, or that the month's are read.
 */
export function MeterNotice({ metering, previewOnly }: { metering: PostMeteringData | null | undefined; previewOnly: boolean }) {
  const sentence = meterSentence(metering, previewOnly);
  if (!sentence) return null;
  return (
    <p className={styles.notice} data-testid="meter-notice" role="status">
      <StarIcon />
      <span>{sentence}</span>
    </p>
  );
}
