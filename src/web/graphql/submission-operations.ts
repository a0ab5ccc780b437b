import { gql } from 'graphql-tag';
import { POST_PREVIEW } from './operations.js';
import { PUBLICATION_FRAME_FIELDS } from './publication-operations.js';

const SUBMISSION_FIELDS = gql`
  fragment SubmissionFields on CollectionSubmission {
    id
    status
    createdAt
    scheduledFor
    submittedBy {
      id
      name
      username
    }
    post {
      id
      title
      uniqueSlug
    }
    comments {
      id
      body
      createdAt
      author {
        id
        name
      }
    }
  }
`;

/** /{slug}/stories/{filterBy}: the editors' view of the publication's stories, by tab. */
export const PUBLICATION_STORIES_QUERY = gql`
  query PublicationStoriesQuery($domainOrSlug: String, $id: ID, $filterBy: String!) {
    collection(domainOrSlug: $domainOrSlug, id: $id) {
      ...PublicationFrameFields
      submissions(filterBy: $filterBy) {
        ...SubmissionFields
      }
      editorStories(filterBy: $filterBy) {
        ...PostPreview_post
      }
    }
  }
  ${PUBLICATION_FRAME_FIELDS}
  ${SUBMISSION_FIELDS}
  ${POST_PREVIEW}
`;

const RESULT = `__typename ... on CollectionSubmissionSuccess { submission { id status } } ... on NotFound { message } ... on BadRequest { message } ... on Forbidden { message } ... on AlreadyExists { message } ... on Unauthorized { message }`;

export const APPROVE_SUBMISSION = gql(`mutation ApproveCollectionSubmission($submissionId: ID!, $scheduledFor: Float) { result: approveCollectionSubmission(submissionId: $submissionId, scheduledFor: $scheduledFor) { ${RESULT} } }`);
export const REQUEST_SUBMISSION_EDITS = gql(`mutation RequestCollectionSubmissionEdits($submissionId: ID!, $note: String!) { result: requestCollectionSubmissionEdits(submissionId: $submissionId, note: $note) { ${RESULT} } }`);
export const DECLINE_SUBMISSION = gql(`mutation DeclineCollectionSubmission($submissionId: ID!, $note: String) { result: declineCollectionSubmission(submissionId: $submissionId, note: $note) { ${RESULT} } }`);
export const REMOVE_POST_FROM_COLLECTION = gql(`mutation RemovePostFromCollection($collectionId: ID!, $postId: ID!) { result: removePostFromCollection(collectionId: $collectionId, postId: $postId) { ${RESULT} } }`);
export const SUBMIT_STORY = gql(`mutation SubmitStoryToCollection($postId: ID!, $collectionId: ID!) { result: submitStoryToCollection(postId: $postId, collectionId: $collectionId) { ${RESULT} } }`);
