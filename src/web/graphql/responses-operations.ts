import { gql } from 'graphql-tag';

/**
 * Responses (spec §7). Limits are written into the documents, not passed as variables:
 * the server prices a query by the list sizes it asks for, and a response's body (its
 * paragraphs and their markups) is the costly part of each card.
 */

/** Where the next page starts (null on the last one). */
export const PAGING = gql`
  fragment ResponsesPaging_info on PagingInfo {
    next {
      limit
      to
    }
  }
`;

/** What a response card shows. */
export const RESPONSE_FIELDS = gql`
  fragment ResponseFields_post on Post {
    id
    mediumUrl
    firstPublishedAt
    clapCount
    viewerClapCount
    responseDepth
    inResponseToPostId
    isHiddenByParentAuthor
    postResponses {
      count
    }
    creator {
      id
      name
      username
      imageId
    }
    inResponseToQuote {
      id
      text
    }
    content {
      bodyModel {
        paragraphs {
          name
          type
          text
          markups {
            type
            start
            end
            href
          }
        }
      }
    }
  }
`;

/**
 * RefetchThreadedPostResponsesQuery: a page of 10 responses (spec §9), each with its first
 * two replies. The story page and /p/{postId}/responses preload the first page.
 */
export const THREADED_POST_RESPONSES_QUERY = gql`
  query RefetchThreadedPostResponsesQuery($postId: ID!, $to: String, $sortType: ResponseSortType) {
    threadedPostResponses(postId: $postId, paging: { limit: 10, to: $to }, sortType: $sortType) {
      responsesCount
      posts {
        ...ResponseFields_post
        threadedReplies(paging: { limit: 2 }) {
          posts {
            ...ResponseFields_post
          }
          pagingInfo {
            ...ResponsesPaging_info
          }
        }
      }
      pagingInfo {
        ...ResponsesPaging_info
      }
    }
  }
  ${RESPONSE_FIELDS}
  ${PAGING}
`;

/** More replies under one response (after the first ones, or all of a deeper reply's). */
export const MORE_REPLIES_QUERY = gql`
  query ThreadedRepliesQuery($postId: ID!, $to: String) {
    post(id: $postId) {
      id
      threadedReplies(paging: { limit: 10, to: $to }) {
        posts {
          ...ResponseFields_post
        }
        pagingInfo {
          ...ResponsesPaging_info
        }
      }
    }
  }
  ${RESPONSE_FIELDS}
  ${PAGING}
`;

/** The head of /p/{postId}/responses: the story the discussion belongs to. */
export const POST_RESPONSES_PAGE_QUERY = gql`
  query PostResponsesPageQuery($postId: ID!) {
    postResult(id: $postId) {
      __typename
      ... on NotFound {
        message
      }
      ... on Post {
        id
        title
        mediumUrl
        allowResponses
        postResponses {
          count
        }
        creator {
          id
          name
          username
          imageId
        }
      }
    }
  }
`;

/** The highlighted passage a new response quotes (?quote= on /p/{postId}/responses/new). */
export const RESPONSE_QUOTE_QUERY = gql`
  query ResponseQuoteQuery($quoteId: ID!) {
    quote(id: $quoteId) {
      id
      postId
      text
    }
  }
`;

export const PUBLISH_RESPONSE_MUTATION = gql`
  mutation PublishResponse($inResponseToPostId: ID!, $paragraphs: [ParagraphInput!]!, $inResponseToQuoteId: ID) {
    publishResponse(inResponseToPostId: $inResponseToPostId, paragraphs: $paragraphs, inResponseToQuoteId: $inResponseToQuoteId) {
      __typename
      ... on Post {
        ...ResponseFields_post
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
  ${RESPONSE_FIELDS}
`;

/** What hiding or showing a response answers (to a story or to a list). */
export const HIDE_RESULT = gql`
  fragment HidePostResponseResult_result on HidePostResponseResult {
    __typename
    ... on Post {
      id
      isHiddenByParentAuthor
    }
    ... on NotFound {
      message
    }
  }
`;

export const HIDE_POST_RESPONSE_MUTATION = gql`
  mutation HidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
    hidePostResponse(parentPostId: $parentPostId, postResponseId: $postResponseId) {
      ...HidePostResponseResult_result
    }
  }
  ${HIDE_RESULT}
`;

/** Spec §7 UnhidePostResponseOnParentPost. */
export const UNHIDE_POST_RESPONSE_MUTATION = gql`
  mutation UnhidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
    unhidePostResponse(parentPostId: $parentPostId, postResponseId: $postResponseId) {
      ...HidePostResponseResult_result
    }
  }
  ${HIDE_RESULT}
`;
