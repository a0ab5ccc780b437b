import { gql } from 'graphql-tag';
import { STORY_PARAGRAPH } from './operations.js';

/**
 * The writing pages' documents (editor, revision history, story settings, import). Only
 * the writing pages import this module, so none of it reaches the reading path.
 */


/** The story as its author edits it (latest revision), with its publish settings. */
export const POST_FOR_EDITING_QUERY = gql`
  query PostForEditingQuery($id: ID!) {
    postForEditing(id: $id) {
      __typename
      ... on EditablePost {
        id
        title
        subtitle
        paragraphs {
          ...StoryParagraph
        }
        latestRev
        publishedRev
        isPublished
        visibility
        isLocked
        allowResponses
        license
        tags {
          id
          displayTitle
          normalizedTagSlug
        }
        previewImage {
          id
          originalWidth
          originalHeight
        }
        uniqueSlug
        mediumUrl
        inResponseToPostId
        canonicalUrl
        hasUnpublishedEdits
        updatedAt
      }
      ... on NotFound {
        message
      }
    }
  }
  ${STORY_PARAGRAPH}
`;

/** Revision history, newest first. */
export const POST_REVISIONS_QUERY = gql`
  query PostRevisionsQuery($postId: ID!) {
    postRevisions(postId: $postId) {
      rev
      title
      subtitle
      createdAt
      publishedAt
      paragraphs {
        ...StoryParagraph
      }
    }
  }
  ${STORY_PARAGRAPH}
`;

/** The story a repost links to (/new-story/repost/{repostId}). */
export const REPOST_SOURCE_QUERY = gql`
  query RepostSourceQuery($postId: ID!) {
    postResult(id: $postId) {
      __typename
      ... on Post {
        id
        title
        mediumUrl
        previewImage {
          id
        }
        extendedPreviewContent {
          subtitle
        }
      }
    }
  }
`;

const SAVE_DRAFT_RESULT = gql`
  fragment SaveDraftResultFields on SaveDraftResult {
    __typename
    ... on SavedDraft {
      postId
      latestRev
      updatedAt
    }
    ... on Conflict {
      message
      latestRev
    }
    ... on NotFound {
      message
    }
    ... on BadRequest {
      message
    }
  }
`;

export const CREATE_DRAFT = gql`
  mutation CreateDraft($title: String!, $subtitle: String!, $paragraphs: [ParagraphInput!]!, $repostOfPostId: ID) {
    createDraft(title: $title, subtitle: $subtitle, paragraphs: $paragraphs, repostOfPostId: $repostOfPostId) {
      ...SaveDraftResultFields
    }
  }
  ${SAVE_DRAFT_RESULT}
`;

export const SAVE_DRAFT = gql`
  mutation SaveDraft($postId: ID!, $baseRev: Int!, $title: String!, $subtitle: String!, $paragraphs: [ParagraphInput!]!) {
    saveDraft(postId: $postId, baseRev: $baseRev, title: $title, subtitle: $subtitle, paragraphs: $paragraphs) {
      ...SaveDraftResultFields
    }
  }
  ${SAVE_DRAFT_RESULT}
`;

export const REVERT_POST = gql`
  mutation RevertPost($postId: ID!, $rev: Int!) {
    revertPost(postId: $postId, rev: $rev) {
      ...SaveDraftResultFields
    }
  }
  ${SAVE_DRAFT_RESULT}
`;

export const IMPORT_POST = gql`
  mutation ImportPost($url: String, $html: String) {
    importPost(url: $url, html: $html) {
      ...SaveDraftResultFields
    }
  }
  ${SAVE_DRAFT_RESULT}
`;

const PUBLISH_POST_RESULT = gql`
  fragment PublishPostResultFields on PublishPostResult {
    __typename
    ... on Post {
      id
      mediumUrl
      uniqueSlug
      creator {
        id
        username
      }
    }
    ... on NotFound {
      message
    }
    ... on BadRequest {
      message
    }
  }
`;

export const PUBLISH_POST = gql`
  mutation PublishPost($postId: ID!, $input: PublishPostInput!) {
    publishPost(postId: $postId, input: $input) {
      ...PublishPostResultFields
    }
  }
  ${PUBLISH_POST_RESULT}
`;

export const UPDATE_POST_SETTINGS = gql`
  mutation UpdatePostSettings($postId: ID!, $input: PublishPostInput!) {
    updatePostSettings(postId: $postId, input: $input) {
      ...PublishPostResultFields
    }
  }
  ${PUBLISH_POST_RESULT}
`;

export const LINK_PREVIEW = gql`
  mutation LinkPreview($url: String!) {
    linkPreview(url: $url) {
      __typename
      ... on LinkPreview {
        href
        title
        description
        thumbnailImageId
      }
      ... on BadRequest {
        message
      }
    }
  }
`;
