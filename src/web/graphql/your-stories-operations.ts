import { gql } from 'graphql-tag';
import { YOUR_STORIES_COUNTS, YOUR_STORY_ITEM } from './library-operations.js';

// The Your stories page's own documents; the trash's (used by the story page's menu) stay in
// library-operations.ts, so a story page does not download these.

/** A page of a tab, with the server's time for 'edited 3 hours ago'. */
export const YOUR_STORIES_PAGE = gql`
  fragment YourStories_page on YourStoriesConnection {
    asOf
    items {
      ...YourStory_item
    }
    pagingInfo {
      next {
        limit
        to
      }
    }
  }
  ${YOUR_STORY_ITEM}
`;

/** /me/stories/{filterBy}: the tab counts and the tab's first page. */
export const YOUR_STORIES_PAGE_QUERY = gql`
  query YourStoriesPageQuery($filterBy: YourStoriesFilter!, $paging: PagingOptions) {
    yourStoriesCounts {
      ...YourStories_counts
    }
    yourStories(filterBy: $filterBy, paging: $paging) {
      ...YourStories_page
    }
  }
  ${YOUR_STORIES_PAGE}
  ${YOUR_STORIES_COUNTS}
`;

/** The next page of a tab ('Show more'). */
export const YOUR_STORIES_MORE_QUERY = gql`
  query YourStoriesMoreQuery($filterBy: YourStoriesFilter!, $paging: PagingOptions) {
    yourStories(filterBy: $filterBy, paging: $paging) {
      ...YourStories_page
    }
  }
  ${YOUR_STORIES_PAGE}
`;
