import type { DocumentNode } from 'graphql';
import { PROFILE_RESPONSES_QUERY, PROFILE_STORIES_QUERY, USER_FOLLOWERS_QUERY, USER_FOLLOWING_QUERY } from '../../graphql/profiles-operations.js';

export type StoryListField = 'profileStoriesConnection' | 'profileResponsesConnection';

/**
 * The story list a profile tab shows (spec §3 profile tabs; route param `tab`): Home and
 * Latest the stories, Responses the responses; null for the tabs not built yet.
 */
export function tabList(tab: string | undefined): { query: DocumentNode; field: StoryListField } | null {
  if (tab === undefined || tab === 'HOME' || tab === 'LATEST') return { query: PROFILE_STORIES_QUERY, field: 'profileStoriesConnection' };
  if (tab === 'RESPONSES') return { query: PROFILE_RESPONSES_QUERY, field: 'profileResponsesConnection' };
  return null;
}

export type PeopleSide = 'followers' | 'following';

export const PEOPLE_LISTS = {
  followers: { query: USER_FOLLOWERS_QUERY, field: 'followersConnection' },
  following: { query: USER_FOLLOWING_QUERY, field: 'followingConnection' },
} as const;
