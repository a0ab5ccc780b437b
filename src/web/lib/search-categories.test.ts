import { describe, expect, it } from 'vitest';
import { isSearchCategory, searchCategoryHref } from './search-categories';
import { indexForCategory } from './search-request';

describe('search page categories (spec §2.3)', () => {
  it('links each tab with the query; stories at /search', () => {
    expect(searchCategoryHref('posts', 'ink well')).toBe('/search?q=ink%20well');
    expect(searchCategoryHref('users', 'ink')).toBe('/search/users?q=ink');
    expect(searchCategoryHref('tags', '')).toBe('/search/tags');
  });

  it('knows the five categories and their indexes', () => {
    expect(['posts', 'users', 'publications', 'tags', 'lists'].every(isSearchCategory)).toBe(true);
    expect(isSearchCategory('stories')).toBe(false);
    expect(indexForCategory('publications')).toBe('collections');
    expect(indexForCategory('lists')).toBe('lists');
  });
});
