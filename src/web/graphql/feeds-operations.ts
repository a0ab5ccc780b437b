import { gql } from 'graphql-tag';
import { FOLLOW_BUTTON_USER } from './follow-operations.js';
import { FOLLOW_TAG_BUTTON_TAG } from './follow-tag-operations.js';
import { POST_PREVIEW } from './operations.js';

/** Feed pages' documents: home (For you, Following), its sidebar, top stories, the landing. */
export const FEED_PAGE_SIZE = 10;

const FEED_ITEM = gql`
  fragment FeedItem_item on FeedItem {
    post {
      ...PostPreview_post
      isStaffPick
    }
    source {
      feedId
      postFeedReason
      rankPosition
      authorId
      tagSlug
    }
  }
  ${POST_PREVIEW}
`;

/** A page of a feed: its items and the cursor of the next page (spec §3 paging). */
const FEED_CONNECTION = gql`
  fragment FeedConnection_page on FeedConnection {
    items {
      ...FeedItem_item
    }
    pagingInfo {
      next {
        limit
        to
      }
    }
  }
  ${FEED_ITEM}
`;

export const FOR_YOU_FEED_QUERY = gql`
  query HomeForYouFeedQuery($paging: PagingOptions) {
    viewerIsStaff
    forYouFeed(paging: $paging) {
      ...FeedConnection_page
    }
  }
  ${FEED_CONNECTION}
`;

export const FOLLOWING_FEED_QUERY = gql`
  query HomeFollowingFeedQuery($paging: PagingOptions) {
    viewerIsStaff
    followingFeed(paging: $paging) {
      ...FeedConnection_page
    }
  }
  ${FEED_CONNECTION}
`;

export const HOME_SIDEBAR_QUERY = gql`
  query HomeSidebarQuery {
    staffPicksFeed(paging: { limit: 3 }) {
      items {
        id
        title
        uniqueSlug
        firstPublishedAt
        creator {
          id
          name
          username
          imageId
        }
      }
    }
    recommendedTopics(limit: 7) {
      ...FollowTagButton_tag
    }
    whoToFollow(limit: 3) {
      ...FollowButton_user
      bio
      imageId
    }
    recentlyReadPosts(limit: 3) {
      id
      title
      uniqueSlug
      creator {
        id
        name
        username
        imageId
      }
    }
  }
  ${FOLLOW_BUTTON_USER}
  ${FOLLOW_TAG_BUTTON_TAG}
`;

export const TOP_STORIES_QUERY = gql`
  query TopStoriesQuery($monthDayYearSlug: String) {
    viewerIsStaff
    topStories(monthDayYearSlug: $monthDayYearSlug) {
      day
      monthDayYearSlug
      previousDaySlug
      nextDaySlug
      posts {
        ...PostPreview_post
        isStaffPick
      }
    }
  }
  ${POST_PREVIEW}
`;

/** The landing's trending stories: For you as a signed-out reader gets it (the site's popular recent stories). */
export const HOME_LO_TRENDING_QUERY = gql`
  query HomeLoTrendingQuery {
    forYouFeed(paging: { limit: 6 }) {
      items {
        post {
          ...PostPreview_post
        }
      }
    }
  }
  ${POST_PREVIEW}
`;

export const SHOW_LESS_LIKE_THIS = gql`
  mutation ShowLessLikeThis($postId: ID!) {
    showLessLikeThis(postId: $postId)
  }
`;

export const UNDO_SHOW_LESS_LIKE_THIS = gql`
  mutation UndoShowLessLikeThis($postId: ID!) {
    undoShowLessLikeThis(postId: $postId)
  }
`;

export const ADD_STAFF_PICK = gql`
  mutation AddStaffPick($postId: ID!) {
    addStaffPick(postId: $postId) {
      id
      isStaffPick
    }
  }
`;

export const REMOVE_STAFF_PICK = gql`
  mutation RemoveStaffPick($postId: ID!) {
    removeStaffPick(postId: $postId) {
      id
      isStaffPick
    }
  }
`;

/** Variables of a feed's first page (the home page preloads For you with them). */
export const FEED_FIRST_PAGE = { paging: { limit: FEED_PAGE_SIZE, to: null } };
