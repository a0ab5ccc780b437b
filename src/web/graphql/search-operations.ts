import { gql } from 'graphql-tag';
import { FOLLOW_BUTTON_USER } from './follow-operations.js';
import { FOLLOW_TAG_BUTTON_TAG } from './follow-tag-operations.js';

/** The page's search-only key for the search endpoint (short-lived, scoped to the viewer). */
export const SEARCH_KEY_QUERY = gql`
  query SearchKey {
    searchKey {
      appId
      apiKey
      expiresAt
    }
  }
`;

/**
 * The viewer's follow state of a person in the results: it comes from GraphQL, not from the
 * index. One query per hit; Apollo's batch link sends the hits of a page in one request.
 */
export const SEARCH_USER_FOLLOW_QUERY = gql`
  query SearchUserFollow($id: ID!) {
    userResult(id: $id) {
      __typename
      ... on User {
        ...FollowButton_user
      }
    }
  }
  ${FOLLOW_BUTTON_USER}
`;

export const SEARCH_TAG_FOLLOW_QUERY = gql`
  query SearchTagFollow($tagSlug: String!) {
    tagResult(tagSlug: $tagSlug) {
      __typename
      ... on Tag {
        ...FollowTagButton_tag
      }
    }
  }
  ${FOLLOW_TAG_BUTTON_TAG}
`;

/** A writer's id from the username in a profile URL: their pages search their stories by id. */
export const SEARCH_CONTEXT_USER_QUERY = gql`
  query SearchContextUser($username: ID!) {
    userResult(username: $username) {
      __typename
      ... on User {
        id
      }
    }
  }
`;
