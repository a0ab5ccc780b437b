import { gql } from 'graphql-tag';
import { PERSON_ROW_USER } from './profiles-operations.js';
import { PUBLICATION_FRAME_FIELDS } from './publication-operations.js';

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

/** ShowLiteCollectionFollowers (/{slug}/followers): the frame and a page of followers, newest first. */
export const PUBLICATION_FOLLOWERS_QUERY = gql`
  query PublicationFollowersQuery($domainOrSlug: String, $id: ID, $to: String) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      followersConnection(paging: { limit: 20, to: $to }) {
        users {
          ...PersonRow_user
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${PERSON_ROW_USER}
`;
