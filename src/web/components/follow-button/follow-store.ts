import { createKnownValues } from '../../lib/known-values.js';

/**
 * What this browser last did to a follow, by 'user:{id}' or 'tag:{slug}': every Follow
 * button of the page (the profile's, a mention card's, a list row's, the story's byline and
 * 'Written by' block) and the queued follow after sign-up read the outcome here, over the
 * fetched value.
 */
export const followStore = createKnownValues<boolean>();

/** The follow as this browser knows it: its own last change, else what the server said. */
export function useFollowState(key: string, fetched: boolean): boolean {
  return followStore.use(key, fetched);
}

/**
 * A user's follower count with this browser's own follow or unfollow since the data was
 * read: `fetchedCount` and `fetchedFollowing` are what the same query said.
 */
export function useFollowerCount(userId: string, fetchedCount: number, fetchedFollowing: boolean): number {
  const following = useFollowState(`user:${userId}`, fetchedFollowing);
  return Math.max(0, fetchedCount + Number(following) - Number(fetchedFollowing));
}
