import { gql } from 'graphql-tag';

/**
 * Follow buttons' fragments and the spec §7 mutations (client operation names FollowUser,
 * UnfollowUser, muteUser, unmuteUser; FollowTag and UnfollowTag for topics). Each mutation
 * answers the fields the fragments read, so Apollo's cache (User and its viewerEdge,
 * normalized by id) updates every button and count showing that user. They live here
 * (not with the components) so the build ships them parsed (precompileGraphqlDocuments).
 */
export const FOLLOW_BUTTON_USER = gql`
  fragment FollowButton_user on User {
    id
    name
    username
    viewerEdge {
      id
      isFollowing
    }
  }
`;

/** What a user mutation answers: the counts and the whole edge. */
export const USER_CHANGE = gql`
  fragment SocialChange_user on User {
    id
    socialStats {
      followerCount
      followingCount
    }
    viewerEdge {
      id
      isFollowing
      isMuting
    }
  }
`;

export const FOLLOW_USER = gql`
  mutation FollowUser($targetUserId: ID!) {
    followUser(targetUserId: $targetUserId) {
      ...SocialChange_user
    }
  }
  ${USER_CHANGE}
`;

export const UNFOLLOW_USER = gql`
  mutation UnfollowUser($targetUserId: ID!) {
    unfollowUser(targetUserId: $targetUserId) {
      ...SocialChange_user
    }
  }
  ${USER_CHANGE}
`;

/** Spec §7 UserMentionTooltipContentQuery(id): the card shown on hover of a user link. */
export const USER_MENTION_TOOLTIP_CONTENT_QUERY = gql`
  query UserMentionTooltipContentQuery($id: ID!) {
    userResult(id: $id) {
      __typename
      ... on User {
        ...FollowButton_user
        bio
        imageId
        socialStats {
          followerCount
        }
      }
    }
  }
  ${FOLLOW_BUTTON_USER}
`;
