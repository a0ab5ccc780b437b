import { gql } from 'graphql-tag';

/**
 * The story page's engagement: claps, highlights, reading history, the member star.
 * What every reader sees the same (the top highlight) and what only a signed-in page
 * differs by (the viewer's claps, 0 when signed out) is preloaded with the page; the
 * viewer's own highlights and membership are asked for by the browser after hydration,
 * so a signed-out page's HTML is the same for every reader.
 */

const PASSAGE_FIELDS = gql`
  fragment HighlightedPassageFields on HighlightedPassage {
    paragraphName
    startOffset
    endOffset
    text
    readerCount
  }
`;

/** Preloaded with the story page (src/web/router/registry.ts). */
export const POST_ENGAGEMENT_QUERY = gql`
  query PostEngagementQuery($postId: ID!) {
    postResult(id: $postId) {
      __typename
      ... on Post {
        id
        viewerClapCount
        topHighlight {
          ...HighlightedPassageFields
        }
      }
    }
  }
  ${PASSAGE_FIELDS}
`;

/** After hydration, signed in: the viewer's highlights, and for the author every passage with its count. */
export const POST_VIEWER_HIGHLIGHTS_QUERY = gql`
  query PostViewerHighlightsQuery($postId: ID!) {
    postResult(id: $postId) {
      __typename
      ... on Post {
        id
        viewerQuotes {
          id
          paragraphName
          startOffset
          endOffset
          text
        }
        highlightedPassages {
          ...HighlightedPassageFields
        }
      }
    }
  }
  ${PASSAGE_FIELDS}
`;

/** The member star's popover, signed in: since when the viewer is a member. */
export const VIEWER_MEMBERSHIP_QUERY = gql`
  query ViewerMembershipQuery {
    viewer {
      id
      membership {
        id
        tier
        memberSince
      }
    }
  }
`;

/** Spec §7 clap. */
export const CLAP_MUTATION = gql`
  mutation ClapMutation($targetPostId: ID!, $userId: ID!, $numClaps: Int!) {
    clap(targetPostId: $targetPostId, userId: $userId, numClaps: $numClaps) {
      __typename
      ... on ClapSuccess {
        clapCount
        viewerClapCount
        addedClaps
        notice
        post {
          id
          clapCount
          viewerClapCount
        }
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

export const CREATE_QUOTE_MUTATION = gql`
  mutation CreateQuoteMutation($postId: ID!, $paragraphName: String!, $startOffset: Int!, $endOffset: Int!) {
    createQuote(postId: $postId, paragraphName: $paragraphName, startOffset: $startOffset, endOffset: $endOffset) {
      __typename
      ... on Quote {
        id
        paragraphName
        startOffset
        endOffset
        text
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
`;

export const DELETE_QUOTE_MUTATION = gql`
  mutation DeleteQuoteMutation($quoteId: ID!) {
    deleteQuote(quoteId: $quoteId) {
      __typename
      ... on NotFound {
        message
      }
    }
  }
`;

export const RECORD_POST_READ_MUTATION = gql`
  mutation RecordPostReadMutation($postId: ID!) {
    recordPostRead(postId: $postId) {
      __typename
      ... on PostRead {
        postId
        readCount
        lastReadAt
      }
    }
  }
`;
