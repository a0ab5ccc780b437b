import type { PostPreview } from '../post-card/PostCard.js';
import type { SubscribeWriter } from '../subscribe/use-writer-subscription.js';

/** The ProfileUser_user fragment's shape (src/web/graphql/profiles-operations.ts). */
export interface ProfileUser extends SubscribeWriter {
  __typename: 'User';
  id: string;
  name: string;
  username: string | null;
  bio: string;
  imageId: string | null;
  pronouns: string[];
  createdAt: number;
  socialStats: { followerCount: number; followingCount: number };
  /** Shown to the user themselves only (whether someone is a member is theirs to tell). */
  membership: { memberSince: number | null } | null;
  viewerEdge: { id: string; isFollowing: boolean; isMuting: boolean };
}

/** A story card on a profile: PostPreview_post and its pin. */
export type ProfileStory = PostPreview & { pinnedAt?: number | null };

export type UserResultData<T> = { userResult?: (T & { __typename: 'User' }) | { __typename: 'NotFound'; message?: string } | null };

/** The user of a userResult answer, or null for NotFound / no data. */
export function userOf<T>(data: unknown): (T & { __typename: 'User' }) | null {
  const r = (data as UserResultData<T> | undefined)?.userResult;
  return r && r.__typename === 'User' ? r : null;
}
