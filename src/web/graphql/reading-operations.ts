import { gql } from 'graphql-tag';
import { POST_PREVIEW } from './operations.js';

/** Stories per page of /me/lists/reading-history. */
export const HISTORY_PAGE_SIZE = 20;

const HISTORY_ITEMS = gql`
  fragment ReadingHistory_page on ReadingHistoryPage {
    items {
      lastReadAt
      readCount
      post {
        ...PostPreview_post
      }
    }
    next
  }
  ${POST_PREVIEW}
`;

/** your-reading-history: the first page, and whether recording is paused. `viewer { id }` sends a signed-out reader to sign in. */
export const READING_HISTORY_QUERY = gql`
  query ReadingHistoryQuery($limit: Int) {
    viewer {
      id
    }
    viewerReadingHistory {
      paused
      items(limit: $limit) {
        ...ReadingHistory_page
      }
    }
  }
  ${HISTORY_ITEMS}
`;

/** The next page of the reading history, by the previous page's cursor. */
export const READING_HISTORY_MORE_QUERY = gql`
  query ReadingHistoryMoreQuery($limit: Int, $next: String) {
    viewerReadingHistory {
      items(limit: $limit, next: $next) {
        ...ReadingHistory_page
      }
    }
  }
  ${HISTORY_ITEMS}
`;

/** customize-reading-history: the switch's state. */
export const CUSTOMIZE_READING_HISTORY_QUERY = gql`
  query CustomizeReadingHistoryQuery {
    viewer {
      id
    }
    viewerReadingHistory {
      paused
    }
  }
`;

export const REMOVE_FROM_READING_HISTORY = gql`
  mutation RemoveFromReadingHistory($postId: ID!) {
    removeFromReadingHistory(postId: $postId)
  }
`;

export const CLEAR_READING_HISTORY = gql`
  mutation ClearReadingHistory {
    clearReadingHistory
  }
`;

export const SET_READING_HISTORY_PAUSED = gql`
  mutation SetReadingHistoryPaused($paused: Boolean!) {
    setReadingHistoryPaused(paused: $paused)
  }
`;
