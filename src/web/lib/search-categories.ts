/**
 * The search page's categories (spec §2.3: /search/users|publications|tags|posts|lists),
 * in tab order; no category means posts. A file of its own: the page registry imports it.
 */
export const SEARCH_CATEGORIES = ['posts', 'users', 'publications', 'tags', 'lists'] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

export const isSearchCategory = (value: unknown): value is SearchCategory => SEARCH_CATEGORIES.includes(value as SearchCategory);

export const SEARCH_CATEGORY_LABELS: Record<SearchCategory, string> = { posts: 'Stories', users: 'People', publications: 'Publications', tags: 'Topics', lists: 'Lists' };

/** /search keeps posts at its short address; the other tabs name their category. */
export function searchCategoryHref(category: SearchCategory, query: string): string {
  const path = category === 'posts' ? '/search' : `/search/${category}`;
  return query ? `${path}?q=${encodeURIComponent(query)}` : path;
}
