import { gql } from 'graphql-tag';

// The series pages' documents (sequence-library, sequence-editor, your-series, series).

/** /s/{sequenceSlug}: the series with its writer and the parts the reader may read, in order. */
export const SEQUENCE_LIBRARY_QUERY = gql`
  query SequenceLibraryQuery($sequenceSlug: String!) {
    sequence(sequenceSlug: $sequenceSlug) {
      id
      slug
      title
      description
      coverImageId
      isPublished
      itemsCount
      followersCount
      viewerIsOwner
      viewerIsFollowing
      updatedAt
      creator {
        id
        name
        username
        imageId
      }
      posts {
        id
        title
        readingTime
        firstPublishedAt
        extendedPreviewContent {
          subtitle
        }
      }
    }
  }
`;

/** The editor's story picker: the writer's published stories, newest first. */
export const SERIES_CANDIDATES_QUERY = gql`
  query SeriesCandidatesQuery {
    viewer {
      id
    }
    seriesCandidates {
      id
      title
      firstPublishedAt
    }
  }
`;

/** /s/{sequenceSlug}/edit: the series as its writer sees it. */
export const SEQUENCE_EDIT_QUERY = gql`
  query SequenceEditQuery($sequenceSlug: String!) {
    sequence(sequenceSlug: $sequenceSlug) {
      id
      slug
      title
      description
      coverImageId
      isPublished
      viewerIsOwner
      posts {
        id
        title
        firstPublishedAt
      }
    }
  }
`;

/** /me/series[/{filterBy}]: the writer's series. */
export const YOUR_SERIES_QUERY = gql`
  query YourSeriesQuery($filterBy: SequenceFilter) {
    viewer {
      id
    }
    viewerSequences(filterBy: $filterBy) {
      id
      slug
      title
      isPublished
      itemsCount
      updatedAt
    }
  }
`;

/** /series/{postId}: the series holding the story, to redirect into it. */
export const SERIES_OF_POST_QUERY = gql`
  query SeriesOfPostQuery($postId: ID!) {
    postResult(id: $postId) {
      __typename
      ... on Post {
        id
        sequence {
          id
          slug
        }
      }
    }
  }
`;

const SEQUENCE_RESULT = gql`
  fragment SequenceResult_fields on SequenceResult {
    __typename
    ... on SequenceSuccess {
      sequence {
        id
        slug
        isPublished
        followersCount
        viewerIsFollowing
      }
    }
    ... on NotFound {
      message
    }
    ... on BadRequest {
      message
    }
    ... on Unauthorized {
      message
    }
  }
`;

export const CREATE_SEQUENCE = gql`
  mutation CreateSequence($input: SequenceInput!) {
    createSequence(input: $input) {
      ...SequenceResult_fields
    }
  }
  ${SEQUENCE_RESULT}
`;

export const UPDATE_SEQUENCE = gql`
  mutation UpdateSequence($sequenceId: ID!, $input: SequenceInput!) {
    updateSequence(sequenceId: $sequenceId, input: $input) {
      ...SequenceResult_fields
    }
  }
  ${SEQUENCE_RESULT}
`;

export const PUBLISH_SEQUENCE = gql`
  mutation PublishSequence($sequenceId: ID!) {
    publishSequence(sequenceId: $sequenceId) {
      ...SequenceResult_fields
    }
  }
  ${SEQUENCE_RESULT}
`;

export const UNPUBLISH_SEQUENCE = gql`
  mutation UnpublishSequence($sequenceId: ID!) {
    unpublishSequence(sequenceId: $sequenceId) {
      ...SequenceResult_fields
    }
  }
  ${SEQUENCE_RESULT}
`;

export const DELETE_SEQUENCE = gql`
  mutation DeleteSequence($sequenceId: ID!) {
    deleteSequence(sequenceId: $sequenceId) {
      ...SequenceResult_fields
    }
  }
  ${SEQUENCE_RESULT}
`;

export const FOLLOW_SEQUENCE = gql`
  mutation FollowSequence($sequenceId: ID!) {
    followSequence(sequenceId: $sequenceId) {
      ...SequenceResult_fields
    }
  }
  ${SEQUENCE_RESULT}
`;

export const UNFOLLOW_SEQUENCE = gql`
  mutation UnfollowSequence($sequenceId: ID!) {
    unfollowSequence(sequenceId: $sequenceId) {
      ...SequenceResult_fields
    }
  }
  ${SEQUENCE_RESULT}
`;
