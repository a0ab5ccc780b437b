import { gql } from 'graphql-tag';

/** A story as Your stories lists it. */
export const YOUR_STORY_ITEM = gql`
  fragment YourStory_item on YourStory {
    id
    filterBy
    previewText
    deletedAt
    permanentlyDeletedAt
    post {
      id
      title
      readingTime
      firstPublishedAt
      latestPublishedAt
      updatedAt
      visibility
      isLocked
      inResponseToPost {
        id
        title
        mediumUrl
      }
    }
  }
`;

export const YOUR_STORIES_COUNTS = gql`
  fragment YourStories_counts on YourStoriesCounts {
    drafts
    public
    unlisted
    responses
    deleted
  }
`;

/** The tab counts alone, asked again after a story moves between tabs. */
export const YOUR_STORIES_COUNTS_QUERY = gql`
  query YourStoriesCountsQuery {
    yourStoriesCounts {
      ...YourStories_counts
    }
  }
  ${YOUR_STORIES_COUNTS}
`;

/** Spec §7 DeletePost (targetPostId): to the trash. */
export const DELETE_POST_MUTATION = gql`
  mutation DeletePost($targetPostId: ID!) {
    deletePost(targetPostId: $targetPostId) {
      __typename
      ... on YourStory {
        ...YourStory_item
      }
      ... on NotFound {
        message
      }
    }
  }
  ${YOUR_STORY_ITEM}
`;

/** Spec §7 UndeletePostMutation (targetPostId): out of the trash, then the deleted-stories page. */
export const UNDELETE_POST_MUTATION = gql`
  mutation UndeletePostMutation($targetPostId: ID!) {
    undeletePost(targetPostId: $targetPostId) {
      __typename
      ... on YourStory {
        ...YourStory_item
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
  ${YOUR_STORY_ITEM}
`;
