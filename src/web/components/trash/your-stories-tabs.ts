/**
 * The tabs of Your stories (spec §2.3 /me/stories/{filterBy}). Small on purpose: the page
 * registry imports it, not the page.
 */
export const YOUR_STORIES_TABS = [
  { filterBy: 'drafts', label: 'Drafts', empty: 'You have no drafts.' },
  { filterBy: 'public', label: 'Public', empty: 'You have no public stories.' },
  { filterBy: 'unlisted', label: 'Unlisted', empty: 'You have no unlisted stories.' },
  { filterBy: 'responses', label: 'Responses', empty: 'You have no responses.' },
  { filterBy: 'deleted', label: 'Deleted', empty: 'You have no deleted stories.' },
] as const;

export type YourStoriesFilter = (typeof YOUR_STORIES_TABS)[number]['filterBy'];

export const isYourStoriesFilter = (v: string | undefined): v is YourStoriesFilter => YOUR_STORIES_TABS.some((t) => t.filterBy === v);

/** How many stories a page of Your stories shows, and loads on 'Show more'. */
export const YOUR_STORIES_PAGE_SIZE = 10;

/** The variables of YourStoriesPageQuery: the registry preloads with them, the page reads with them. */
export const yourStoriesVariables = (filterBy: YourStoriesFilter) => ({ filterBy, paging: { limit: YOUR_STORIES_PAGE_SIZE } });

export const yourStoriesHref = (filterBy: YourStoriesFilter) => `/me/stories/${filterBy}`;

export const tabLabel = (filterBy: YourStoriesFilter) => YOUR_STORIES_TABS.find((t) => t.filterBy === filterBy)!.label;

/** A story without a title yet (a fresh draft) still needs a name in lists and toasts. */
export const storyTitle = (title: string) => title.trim() || 'Untitled story';
