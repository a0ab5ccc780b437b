import { gql } from 'graphql-tag';

// Following topics: apart from following writers, so a story page carries only the latter.

export const FOLLOW_TAG_BUTTON_TAG = gql`
  fragment FollowTagButton_tag on Tag {
    id
    normalizedTagSlug
    displayTitle
    viewerEdge {
      id
      isFollowing
    }
  }
`;

const TAG_CHANGE = gql`
  fragment SocialChange_tag on Tag {
    id
    followerCount
    viewerEdge {
      id
      isFollowing
    }
  }
`;

export const FOLLOW_TAG = gql`
  mutation FollowTag($tagSlug: String!) {
    followTag(tagSlug: $tagSlug) {
      ...SocialChange_tag
    }
  }
  ${TAG_CHANGE}
`;

export const UNFOLLOW_TAG = gql`
  mutation UnfollowTag($tagSlug: String!) {
    unfollowTag(tagSlug: $tagSlug) {
      ...SocialChange_tag
    }
  }
  ${TAG_CHANGE}
`;
