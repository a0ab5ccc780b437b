import type { RouteDef } from './types.js';

/** Spec §2.3 "Posts" and "Design". Post params take a slug; postIdFromSlug reads the id out of it. */
export const POST_ROUTES: readonly RouteDef[] = [
  // '?inResponseToQuoteId=' reaches this same route: queries never select a route.
  { name: 'ShowNewPost', pattern: '/new-story', pageId: 'new-story' },
  { name: 'ShowNewRepost', pattern: '/new-story/repost/{repostId}', pageId: 'new-story' },
  { name: 'ShowPost', pattern: '/p/{postId}', pageId: 'post', pageType: 'post_page' },
  { name: 'ShowPostEdit', pattern: '/p/{postId}/edit', pageId: 'post-edit' },
  { name: 'ShowPostSettings', pattern: '/p/{postId}/settings', pageId: 'post-settings' },
  { name: 'ShowPostInfo', pattern: '/p/{postId}/info', pageId: 'post-info' },
  { name: 'ShowPostResponses', pattern: '/p/{postId}/responses', pageId: 'post-responses' },
  { name: 'ShowNewPostResponse', pattern: '/p/{postId}/responses/new', pageId: 'post-responses', defaults: { compose: 'true' } },
  // Reverting opens the editor on an old version; baseRev guards against overwriting newer edits.
  { name: 'ShowPostRevert', pattern: '/p/{postId}/revert/{versionId}/{baseRev}', pageId: 'post-edit' },
  { name: 'ShowPostImport', pattern: '/p/import', pageId: 'post-import' },
  { name: 'ShowPostImportStory', pattern: '/p/import-story', pageId: 'post-import' },
  // ShowPostUnderUser and ShowPostUnderCollection live with their families.

  { name: 'ShowUserDesignEditor', pattern: '/me/design', pageId: 'user-design-editor' },
];

/** Spec §2.3 "Search": no category means posts. */
export const SEARCH_ROUTES: readonly RouteDef[] = [
  { name: 'ShowSearch', pattern: '/search', pageId: 'search', defaults: { category: 'posts' } },
  // users | publications | tags | posts | lists; the page shows 404 for any other value.
  { name: 'ShowSearchCategory', pattern: '/search/{category}', pageId: 'search' },
];

/** Spec §2.3 "Library". */
export const LIBRARY_ROUTES: readonly RouteDef[] = [
  { name: 'ShowYourStoriesIndex', pattern: '/me/stories', pageId: 'your-stories', defaults: { filterBy: 'drafts' } },
  // filterBy: drafts | public | responses | unlisted | deleted.
  { name: 'ShowYourStories', pattern: '/me/stories/{filterBy}', pageId: 'your-stories' },
  { name: 'ShowCollectionsLibrary', pattern: '/collections', pageId: 'collections-library' },
  { name: 'ShowCollectionsLibraryList', pattern: '/collections/{catalogSlug}', pageId: 'collections-library' },
  { name: 'ShowYourLists', pattern: '/me/lists', pageId: 'your-catalogs' },
  { name: 'ShowYourFollowedLists', pattern: '/me/lists/saved', pageId: 'your-followed-catalogs' },
  { name: 'ShowYourReadingHistory', pattern: '/me/lists/reading-history', pageId: 'your-reading-history' },
  { name: 'ShowYourList', pattern: '/me/list/{catalogSlugId}', pageId: 'your-catalog' },
  // The reading-history tab of "Refine recommendations" (clearing history), not the library tab.
  { name: 'ShowCustomizeReadingHistory', pattern: '/me/readinghistory', pageId: 'customize-reading-history' },
  // Bookmarks became lists; old links land in the library.
  { name: 'ShowYourBookmarks', pattern: '/me/bookmarks', pageId: null, redirect: { to: 'ShowYourLists', status: 301 } },
];

/** Spec §2.3 "Discovery". */
export const DISCOVERY_ROUTES: readonly RouteDef[] = [
  { name: 'ShowTopStories', pattern: '/top-stories', pageId: 'top-stories' },
  { name: 'ShowTopStoriesDay', pattern: '/top-stories/{monthDayYearSlug}', pageId: 'top-stories' },
  // '/browse/top' is the older name of top stories.
  { name: 'ShowBrowseTop', pattern: '/browse/top', pageId: null, redirect: { to: 'ShowTopStories', status: 301 } },
  { name: 'ShowBrowseTopDay', pattern: '/browse/top/{monthDayYearSlug}', pageId: null, redirect: { to: 'ShowTopStoriesDay', status: 301 } },

  // "Refine recommendations".
  { name: 'ShowFollowsIndex', pattern: '/me/following', pageId: 'customize-following' },
  { name: 'ShowFollowsEntity', pattern: '/me/following/{entityName}', pageId: 'customize-following' },
  { name: 'ShowFollowsSuggestions', pattern: '/me/following/suggestions', pageId: 'customize-suggestions' },
  // Spec §2.3: topics redirects to the following index. 302: the tab may come back.
  { name: 'ShowFollowsTopics', pattern: '/me/following/topics', pageId: null, redirect: { to: 'ShowFollowsIndex', status: 302 } },

  { name: 'ShowSeries', pattern: '/series/{postId}', pageId: 'series' },
  { name: 'ShowYourSeries', pattern: '/me/series', pageId: 'your-series' },
  { name: 'ShowYourSeriesFiltered', pattern: '/me/series/{filterBy}', pageId: 'your-series' },
  // '/s/{id}' (spec "Other") is this route too: the page resolves a sequence by slug or by id.
  { name: 'ShowSequenceLibrary', pattern: '/s/{sequenceSlug}', pageId: 'sequence-library' },
  { name: 'ShowSequencePost', pattern: '/s/{sequenceSlug}/{postId}', pageId: 'post', pageType: 'post_page' },
  { name: 'ShowSequenceEdit', pattern: '/s/{sequenceSlug}/edit', pageId: 'sequence-editor' },
  { name: 'ShowNewSequence', pattern: '/s/new', pageId: 'sequence-editor' },

  { name: 'ShowExploreTopics', pattern: '/explore-topics', pageId: 'explore-topics' },
  { name: 'ShowTopics', pattern: '/topics', pageId: null, redirect: { to: 'ShowExploreTopics', status: 301 } },
  // Topics were folded into tags; the legacy page looks the topic up and forwards to its tag.
  { name: 'ShowTopic', pattern: '/topic/{topicSlug}', pageId: 'legacy-topic-redirect' },
  { name: 'ShowTopicEdit', pattern: '/topic/{topicSlug}/edit', pageId: 'topic-editor' },
  { name: 'ShowTopicAddPosts', pattern: '/topic/{topicSlug}/add-posts', pageId: 'topic-add-posts' },
];

/**
 * Spec §2.3 "Tags". The tag page is the 'topic' page (§2.2 reads its tagSlug param), and its
 * recommended and who-to-follow tabs are the topic-recommended and topic-who-to-follow pages.
 */
export const TAG_ROUTES: readonly RouteDef[] = [
  { name: 'ShowTagPosts', pattern: '/tag/{tagSlug}', pageId: 'topic' },
  { name: 'ShowTagLatest', pattern: '/tag/{tagSlug}/latest', pageId: null, redirect: { to: 'ShowTagPosts', status: 301 } },
  { name: 'ShowTagRecommended', pattern: '/tag/{tagSlug}/recommended', pageId: 'topic-recommended' },
  { name: 'ShowTagWhoToFollow', pattern: '/tag/{tagSlug}/who-to-follow', pageId: 'topic-who-to-follow' },
  // Spec §2.2: the top-tag-posts route redirects temporarily to the tag-posts route.
  { name: 'ShowTopTagPosts', pattern: '/tag/{tagSlug}/top/{timePeriod}', pageId: 'topic', redirect: { to: 'ShowTagPosts', status: 302 } },
  // Top writers became the who-to-follow tab.
  { name: 'ShowTagTopWriters', pattern: '/tag/{tagSlug}/top-writers', pageId: null, redirect: { to: 'ShowTagWhoToFollow', status: 301 } },
  { name: 'ShowTagArchive', pattern: '/tag/{tagSlug}/archive', pageId: 'tag-archive' },
  { name: 'ShowTagArchiveYearly', pattern: '/tag/{tagSlug}/archive/{year}', pageId: 'tag-archive' },
  { name: 'ShowTagArchiveMonthly', pattern: '/tag/{tagSlug}/archive/{year}/{month}', pageId: 'tag-archive' },
  { name: 'ShowTagArchiveDaily', pattern: '/tag/{tagSlug}/archive/{year}/{month}/{day}', pageId: 'tag-archive' },
  // '/tagged/{tag}' at the root is the pre-'/tag' address of a tag page.
  { name: 'ShowTagged', pattern: '/tagged/{tag}', pageId: null, redirect: { to: 'ShowTagPosts', status: 301, params: { tagSlug: 'tag' } } },
];
