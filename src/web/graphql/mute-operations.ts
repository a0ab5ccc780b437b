import { gql } from 'graphql-tag';
import { USER_CHANGE } from './follow-operations.js';

// Mute and unmute: apart from Follow, so pages with a Follow button only carry what it sends.

export const MUTE_USER = gql`
  mutation muteUser($targetUserId: ID!) {
    muteUser(targetUserId: $targetUserId) {
      ...SocialChange_user
    }
  }
  ${USER_CHANGE}
`;

export const UNMUTE_USER = gql`
  mutation unmuteUser($targetUserId: ID!) {
    unmuteUser(targetUserId: $targetUserId) {
      ...SocialChange_user
    }
  }
  ${USER_CHANGE}
`;
