import { gql } from 'graphql-tag';

/** The story settings' Publication section: where the story is, its latest submission, and where it may go. */
export const STORY_PUBLICATION_QUERY = gql`
  query StoryPublicationQuery($postId: ID!) {
    post(id: $postId) {
      id
      collection {
        id
        name
        slug
      }
      viewerSubmission {
        id
        status
        collection {
          id
          name
          slug
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
    }
    viewer {
      id
      submissionCollections {
        id
        name
        slug
      }
    }
  }
`;

const RESULT = `__typename ... on CollectionSubmissionSuccess { submission { id status } } ... on NotFound { message } ... on BadRequest { message } ... on Forbidden { message } ... on AlreadyExists { message } ... on Unauthorized { message }`;

export const WITHDRAW_SUBMISSION = gql(`mutation WithdrawCollectionSubmission($submissionId: ID!) { result: withdrawCollectionSubmission(submissionId: $submissionId) { ${RESULT} } }`);
export const COMMENT_ON_SUBMISSION = gql(`mutation CommentOnCollectionSubmission($submissionId: ID!, $body: String!) { result: commentOnCollectionSubmission(submissionId: $submissionId, body: $body) { ${RESULT} } }`);
