import { describe, expect, it } from 'vitest';
import { LAZY_PAGE_GROUPS } from './lazy-pages.js';
import { COMING_SOON, loadPageDef, PAGES, pageDefModule } from './registry.js';

describe('page definitions loaded with their page', () => {
  it('declare exactly the page ids their module defines, none of them also in the registry', async () => {
    for (const group of LAZY_PAGE_GROUPS) {
      const defs = await group.load();
      expect(Object.keys(defs).sort(), group.module).toEqual([...group.pageIds].sort());
      for (const id of group.pageIds) expect(PAGES[id], id).toBeUndefined();
    }
  });

  it('resolve a page id to its definition, the registry first, coming soon otherwise', async () => {
    expect((await loadPageDef('topic')).module).toBe('src/web/pages/topic/TopicPage.tsx');
    expect(pageDefModule('topic')).toBe('src/web/pages/topic/page-defs.ts');
    expect(await loadPageDef('post')).toBe(PAGES.post);
    expect(pageDefModule('post')).toBeNull();
    expect(await loadPageDef('download-app')).toBe(COMING_SOON);
  });
});
