import { gql } from 'graphql-tag';
import { FOLLOW_BUTTON_USER } from '../follow-button/operations.js';

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
