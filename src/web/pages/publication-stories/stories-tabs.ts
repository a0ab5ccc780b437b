export const STORIES_TABS = [
  { id: 'submissions', label: 'Submissions' },
  { id: 'scheduled', label: 'Scheduled' },
  { id: 'published', label: 'Published' },
  { id: 'unlisted', label: 'Unlisted' },
  { id: 'featured', label: 'Featured' },
] as const;
export type StoriesTab = (typeof STORIES_TABS)[number]['id'];

/** The tab a path names (/stories/submissions has no filterBy param), or null for an unknown one. */
export function storiesTabOf(params: Record<string, string>): StoriesTab | null {
  const id = params.filterBy ?? 'submissions';
  return STORIES_TABS.some((t) => t.id === id) ? (id as StoriesTab) : null;
}
