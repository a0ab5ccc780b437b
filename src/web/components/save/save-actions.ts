import type { BrowserData } from '../../apollo/browser-data.js';
import { mutateField, type MutationResult } from '../../apollo/mutate.js';
import { ADD_TO_PREDEFINED_CATALOG, EDIT_CATALOG_ITEMS, VIEWER_SAVED_POSTS_QUERY } from '../../graphql/save-operations.js';
import { readingListId, savedPosts, type SavedItem } from './saved-posts-store.js';

export { readingListId };

export const SAVE_MESSAGES = {
  saved: 'Saved to Reading list.',
  removed: 'Removed from Reading list.',
  failed: 'Something went wrong. Please try again.',
} as const;

type Load = () => Promise<BrowserData>;

/** The one query of the page's Save controls (saved-posts-store.ts). */
export function savedPostsFetcher(loadData: Load) {
  return async (postIds: string[]) => {
    const { client } = await loadData();
    const { data } = await client.query({ query: VIEWER_SAVED_POSTS_QUERY, variables: { postIds }, fetchPolicy: 'network-only' });
    return (data as { viewerSavedPosts: { postId: string; catalogId: string; catalogItemId: string }[] }).viewerSavedPosts;
  };
}

/**
 * Pages reached by navigation read Apollo's cache first: after a change of the reader's lists,
 * the library's lists (counts, covers) and the lists pages are asked again.
 */
export async function forgetListsData(loadData: Load): Promise<void> {
  try {
    const { client } = await loadData();
    for (const fieldName of ['viewerCatalogs', 'viewerFollowedCatalogs', 'catalogsContainingPost', 'featuredCatalogs', 'catalogById']) client.cache.evict({ id: 'ROOT_QUERY', fieldName });
    client.cache.gc();
  } catch {
    /* no Apollo: nothing cached */
  }
}

const itemsOf = (postId: string) => savedPosts.get(postId) ?? [];
const without = (postId: string, catalogId: string) => itemsOf(postId).filter((i) => i.catalogId !== catalogId);
const withItem = (postId: string, item: SavedItem) => [...without(postId, item.catalogId), item];

export type ChangeOutcome = { ok: true; version?: string } | { ok: false; message: string };

const refusal = (r: MutationResult | null): ChangeOutcome => ({ ok: false, message: r?.message ?? SAVE_MESSAGES.failed });

/**
 * Puts the story in (or takes it out of) the Reading list: shown at once, undone if the
 * server refuses. No version: Save is idempotent (catalogs README).
 */
export async function setInReadingList(loadData: Load, viewerId: string, postId: string, on: boolean): Promise<ChangeOutcome> {
  const catalogId = readingListId(viewerId);
  const before = itemsOf(postId);
  const current = before.find((i) => i.catalogId === catalogId);
  if (on === Boolean(current)) return { ok: true };
  if (!on && !current?.catalogItemId) return { ok: false, message: SAVE_MESSAGES.failed };
  savedPosts.set(postId, on ? withItem(postId, { catalogId, catalogItemId: null }) : without(postId, catalogId));
  const operation = on ? { prepend: { postId } } : { delete: { catalogItemId: current!.catalogItemId } };
  const r = await mutateField(loadData, ADD_TO_PREDEFINED_CATALOG, { type: 'READING_LIST', operation }, 'addToPredefinedCatalog');
  if (r?.__typename !== 'AddToPredefinedCatalogSuccess') {
    // The item was already gone (removed in another tab): the list is as asked.
    if (!on && r?.__typename === 'NotFound') return { ok: true };
    savedPosts.set(postId, before);
    return refusal(r);
  }
  void forgetListsData(loadData);
  if (on) {
    const inserted = (r.insertedItem as { catalogItemId: string } | null)?.catalogItemId;
    // Saved before (in another tab): the item id comes with the next ask.
    if (inserted) savedPosts.set(postId, withItem(postId, { catalogId, catalogItemId: inserted }));
    else await refreshSaved(loadData, postId);
  }
  return { ok: true, version: r.version as string };
}

async function refreshSaved(loadData: Load, postId: string) {
  try {
    const rows = await savedPostsFetcher(loadData)([postId]);
    savedPosts.set(postId, rows.map(({ catalogId, catalogItemId }) => ({ catalogId, catalogItemId })));
  } catch {
    /* the state stays as shown; the next page load asks again */
  }
}

type ConflictItem = { catalogItemId: string; post: { id: string } | null };

/**
 * Puts the story in (or out of) one of the viewer's own lists with EditCatalogItems, naming
 * the version it read. On CatalogConflict (the list changed elsewhere) it merges: if the
 * list as it is now already is what was asked, done; else it retries on the new version.
 */
export async function setInCatalog(loadData: Load, catalog: { id: string; version: string }, postId: string, on: boolean): Promise<ChangeOutcome> {
  const before = itemsOf(postId);
  const current = before.find((i) => i.catalogId === catalog.id);
  if (on === Boolean(current)) return { ok: true, version: catalog.version };
  if (!on && !current?.catalogItemId) return { ok: false, message: SAVE_MESSAGES.failed };
  savedPosts.set(postId, on ? withItem(postId, { catalogId: catalog.id, catalogItemId: null }) : without(postId, catalog.id));
  const operations = [on ? { prepend: { postId } } : { delete: { catalogItemId: current!.catalogItemId } }];
  let version = catalog.version;
  for (let attempt = 0; attempt < 3; attempt++) {
    const r = await mutateField(loadData, EDIT_CATALOG_ITEMS, { catalogId: catalog.id, version, operations }, 'editCatalogItems');
    if (r?.__typename === 'CatalogEditSuccess') {
      void forgetListsData(loadData);
      const made = (r.operations as ({ catalogItemId: string } | null)[])[0];
      if (on && made) savedPosts.set(postId, withItem(postId, { catalogId: catalog.id, catalogItemId: made.catalogItemId }));
      return { ok: true, version: r.version as string };
    }
    if (r?.__typename === 'NotFound' && !on) return { ok: true, version };
    if (r?.__typename !== 'CatalogConflict') {
      savedPosts.set(postId, before);
      return refusal(r);
    }
    version = r.version as string;
    const there = (r.items as ConflictItem[]).find((i) => i.post?.id === postId);
    if (on && there) {
      savedPosts.set(postId, withItem(postId, { catalogId: catalog.id, catalogItemId: there.catalogItemId }));
      return { ok: true, version };
    }
  }
  savedPosts.set(postId, before);
  return { ok: false, message: SAVE_MESSAGES.failed };
}
