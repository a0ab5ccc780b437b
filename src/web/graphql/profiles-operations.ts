import { gql } from 'graphql-tag';
import { SUBSCRIBE_BUTTON_USER } from './subscribe-operations.js';
import { FOLLOW_BUTTON_USER } from './follow-operations.js';
import { POST_PREVIEW } from './operations.js';

/**
 * The profile pages' documents (spec §2.3 author pages): user-profile (Home, Responses),
 * user-about (and /me/about), user-followers, user-following. A profile is looked up by
 * username (/@{username}, the user-domain root) or by id (/u/{id}).
 */
export const PROFILE_USER = gql`
  fragment ProfileUser_user on User {
    id
    name
    username
    bio
    imageId
    pronouns
    createdAt
    socialStats {
      followerCount
      followingCount
    }
    membership {
      memberSince
    }
    viewerEdge {
      id
      isFollowing
      isMuting
    }
    ...FollowButton_user
    ...SubscribeButton_user
  }
  ${FOLLOW_BUTTON_USER}
  ${SUBSCRIBE_BUTTON_USER}
`;

export const USER_PROFILE_PAGE_QUERY = gql`
  query UserProfilePageQuery($username: ID, $id: ID) {
    userResult(username: $username, id: $id) {
      __typename
      ... on NotFound {
        message
      }
      ... on User {
        ...ProfileUser_user
      }
    }
  }
  ${PROFILE_USER}
`;

const PAGING_INFO = `pagingInfo { next { limit to } }`;

export const PROFILE_STORIES_QUERY = gql`
  query UserProfileStoriesQuery($username: ID, $id: ID, $to: String, $pinnedFirst: Boolean) {
    userResult(username: $username, id: $id) {
      __typename
      ... on User {
        id
        profileStoriesConnection(paging: { limit: 10, to: $to }, pinnedFirst: $pinnedFirst) {
          items {
            ...PostPreview_post
            pinnedAt
          }
          ${PAGING_INFO}
        }
      }
    }
  }
  ${POST_PREVIEW}
`;

export const PROFILE_RESPONSES_QUERY = gql`
  query UserProfileResponsesQuery($username: ID, $id: ID, $to: String) {
    userResult(username: $username, id: $id) {
      __typename
      ... on User {
        id
        profileResponsesConnection(paging: { limit: 10, to: $to }) {
          items {
            ...PostPreview_post
          }
          ${PAGING_INFO}
        }
      }
    }
  }
  ${POST_PREVIEW}
`;

/** A person in a followers or following list (follow-button/PersonRow): avatar, name, follower count, bio and Follow. */
export const PERSON_ROW_USER = gql`
  fragment PersonRow_user on User {
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
    ...FollowButton_user
  }
  ${FOLLOW_BUTTON_USER}
`;

export const USER_FOLLOWERS_QUERY = gql`
  query UserFollowersQuery($username: ID, $id: ID, $to: String) {
    userResult(username: $username, id: $id) {
      __typename
      ... on User {
        id
        followersConnection(paging: { limit: 20, to: $to }) {
          users {
            ...PersonRow_user
          }
          ${PAGING_INFO}
        }
      }
    }
  }
  ${PERSON_ROW_USER}
`;

export const USER_FOLLOWING_QUERY = gql`
  query UserFollowingQuery($username: ID, $id: ID, $to: String) {
    userResult(username: $username, id: $id) {
      __typename
      ... on User {
        id
        followingConnection(paging: { limit: 20, to: $to }) {
          users {
            ...PersonRow_user
          }
          ${PAGING_INFO}
        }
      }
    }
  }
  ${PERSON_ROW_USER}
`;

/** /me/about: the viewer's own About page, which they edit. */
export const VIEWER_ABOUT_QUERY = gql`
  query ViewerAboutQuery {
    viewer {
      ...ProfileUser_user
    }
  }
  ${PROFILE_USER}
`;

// Pinning lives in its own file: the story page's menu needs it without the profile's documents.
export { PIN_POST_MUTATION, UNPIN_POST_MUTATION } from './pin-operations.js';
