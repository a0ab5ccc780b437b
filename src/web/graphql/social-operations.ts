import { gql } from 'graphql-tag';

// The Follow buttons' documents load with the buttons (the story page shows one); the
// Refine recommendations pages' documents below load with those pages.
import { FOLLOW_BUTTON_USER } from './follow-operations.js';
import { FOLLOW_TAG_BUTTON_TAG } from './follow-tag-operations.js';

export { FOLLOW_BUTTON_USER, FOLLOW_USER, UNFOLLOW_USER, USER_MENTION_TOOLTIP_CONTENT_QUERY } from './follow-operations.js';
export { FOLLOW_TAG_BUTTON_TAG, FOLLOW_TAG, UNFOLLOW_TAG } from './follow-tag-operations.js';
export { MUTE_USER, UNMUTE_USER } from './mute-operations.js';
/**
 * The viewer's Refine recommendations pages: following (customize-following), suggestions
 * (customize-suggestions) and muted writers (customize-muted). Each asks for `viewer { id }`
 * so the registry can send a signed-out reader to sign in.
 */
export const PERSON_ROW_USER = gql`
  fragment CustomizePersonRow_user on User {
    id
    name
    username
    bio
    imageId
    socialStats {
      followerCount
    }
    viewerEdge {
      id
      isFollowing
      isMuting
    }
  }
`;

const USERS_PAGE = gql`
  fragment CustomizePersonRow_page on ViewerUsersPage {
    users {
      ...CustomizePersonRow_user
    }
    pagingInfo {
      next {
        limit
        to
      }
    }
  }
  ${PERSON_ROW_USER}
`;

/** People shown per page of /me/following/people and /me/settings/mute; the index shows the first few. */
export const PEOPLE_PAGE_SIZE = 25;
export const INDEX_PEOPLE = 5;

export const CUSTOMIZE_FOLLOWING_QUERY = gql`
  query CustomizeFollowingQuery($peopleLimit: Int!) {
    viewer {
      id
      socialStats {
        followingCount
      }
    }
    viewerFollowedUsers(paging: { limit: $peopleLimit }) {
      ...CustomizePersonRow_page
    }
    viewerFollowedTags(paging: { limit: 50 }) {
      tags {
        ...FollowTagButton_tag
        followerCount
        postCount
      }
    }
  }
  ${USERS_PAGE}
  ${FOLLOW_TAG_BUTTON_TAG}
`;

export const FOLLOWED_USERS_MORE_QUERY = gql`
  query FollowedUsersMoreQuery($to: String!) {
    viewerFollowedUsers(paging: { limit: ${PEOPLE_PAGE_SIZE}, to: $to }) {
      ...CustomizePersonRow_page
    }
  }
  ${USERS_PAGE}
`;

export const CUSTOMIZE_SUGGESTIONS_QUERY = gql`
  query CustomizeSuggestionsQuery {
    viewer {
      id
    }
    viewerFollowSuggestions(limit: 20) {
      reason
      user {
        ...CustomizePersonRow_user
      }
    }
  }
  ${PERSON_ROW_USER}
`;

export const CUSTOMIZE_MUTED_QUERY = gql`
  query CustomizeMutedQuery {
    viewer {
      id
    }
    viewerMutedUsers(paging: { limit: ${PEOPLE_PAGE_SIZE} }) {
      ...CustomizePersonRow_page
    }
  }
  ${USERS_PAGE}
`;

export const MUTED_USERS_MORE_QUERY = gql`
  query MutedUsersMoreQuery($to: String!) {
    viewerMutedUsers(paging: { limit: ${PEOPLE_PAGE_SIZE}, to: $to }) {
      ...CustomizePersonRow_page
    }
  }
  ${USERS_PAGE}
`;
