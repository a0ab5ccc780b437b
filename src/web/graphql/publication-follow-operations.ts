import { gql } from 'graphql-tag';

/**
 * Spec §7 FollowCollection/UnfollowCollection and muteCollection/unmuteCollection. Each answers
 * the publication's count and whole edge, so Apollo's cache (Collection, normalized by id)
 * updates every Follow button and count showing it.
 */
const COLLECTION_CHANGE = `id subscriberCount viewerEdge { id isFollowing isMuting }`;

export const FOLLOW_COLLECTION = gql`
  mutation FollowCollection($targetCollectionId: ID!) {
    followCollection(targetCollectionId: $targetCollectionId) { ${COLLECTION_CHANGE} }
  }
`;
export const UNFOLLOW_COLLECTION = gql`
  mutation UnfollowCollection($targetCollectionId: ID!) {
    unfollowCollection(targetCollectionId: $targetCollectionId) { ${COLLECTION_CHANGE} }
  }
`;
export const MUTE_COLLECTION = gql`
  mutation muteCollection($targetCollectionId: ID!) {
    muteCollection(targetCollectionId: $targetCollectionId) { ${COLLECTION_CHANGE} }
  }
`;
export const UNMUTE_COLLECTION = gql`
  mutation unmuteCollection($targetCollectionId: ID!) {
    unmuteCollection(targetCollectionId: $targetCollectionId) { ${COLLECTION_CHANGE} }
  }
`;
