import type { DocumentNode } from 'graphql';
import { PROFILE_RESPONSES_QUERY, PROFILE_STORIES_QUERY, USER_FOLLOWERS_QUERY, USER_FOLLOWING_QUERY } from '../../graphql/profiles-operations.js';

export type StoryListField = 'profileStoriesConnection' | 'profileResponsesConnection';

/**
 * The story list a profile tab shows (spec §3 profile tabs; route param `tab`): Home and
 * Latest the stories (Home with pins first), Responses the responses; null for the tabs not
 * built yet. `extra` joins the query's variables.
 */
export function tabList(tab: string | undefined): { query: DocumentNode; field: StoryListField; extra: Record<string, unknown> } | null {
  if (tab === undefined || tab === 'HOME') return { query: PROFILE_STORIES_QUERY, field: 'profileStoriesConnection', extra: {} };
  // /@{username}/latest: the same stories in publishing order, pins not lifted.
  if (tab === 'LATEST') return { query: PROFILE_STORIES_QUERY, field: 'profileStoriesConnection', extra: { pinnedFirst: false } };
  if (tab === 'RESPONSES') return { query: PROFILE_RESPONSES_QUERY, field: 'profileResponsesConnection', extra: {} };
  return null;
}

export type PeopleSide = 'followers' | 'following';

export const PEOPLE_LISTS = {
  followers: { query: USER_FOLLOWERS_QUERY, field: 'followersConnection' },
  following: { query: USER_FOLLOWING_QUERY, field: 'followingConnection' },
} as const;
