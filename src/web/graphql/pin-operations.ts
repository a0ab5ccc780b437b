import { gql } from 'graphql-tag';

/** pinPost / unpinPost (a writer's stories pinned to their profile, spec §8 MaxPinnedStoriesReached). */
const PIN_RESULT = `__typename
  ... on Post { id pinnedAt }
  ... on MaxPinnedStoriesReached { message }
  ... on NotFound { message }
  ... on BadRequest { message }`;

export const PIN_POST_MUTATION = gql`
  mutation PinPost($postId: ID!) {
    pinPost(postId: $postId) {
      ${PIN_RESULT}
    }
  }
`;

export const UNPIN_POST_MUTATION = gql`
  mutation UnpinPost($postId: ID!) {
    unpinPost(postId: $postId) {
      ${PIN_RESULT}
    }
  }
`;
