import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserData } from '../../apollo/browser-data.js';
import { setInCatalog } from './save-actions.js';
import { savedPosts } from './saved-posts-store.js';

type Answer = Record<string, unknown>;

/** A client whose editCatalogItems answers come from `answers`, in turn. */
function fakeClient(answers: Answer[]) {
  const mutate = vi.fn(async () => ({ data: { editCatalogItems: answers.shift() } }));
  const loadData = async () => ({ client: { mutate, cache: { evict: () => true, gc: () => [] } } }) as unknown as BrowserData;
  return { mutate, loadData };
}

const conflict = (version: string, postIds: string[]) => ({ __typename: 'CatalogConflict', message: 'changed', version, items: postIds.map((id, i) => ({ catalogItemId: `item-${i}`, post: { id } })) });
const success = (version: string, itemId: string | null) => ({ __typename: 'CatalogEditSuccess', version, catalog: { id: 'list' }, operations: [itemId ? { catalogItemId: itemId } : null] });
const list = { id: 'list', version: 'v1' };

describe('setInCatalog: an edit of a list that changed elsewhere merges and retries', () => {
  beforeEach(() => savedPosts.reset());

  it('retries on the current version when the story is not there yet', async () => {
    const { mutate, loadData } = fakeClient([conflict('v2', ['other']), success('v3', 'made')]);
    expect(await setInCatalog(loadData, list, 'p1', true)).toEqual({ ok: true, version: 'v3' });
    expect((mutate.mock.calls as unknown as [{ variables: { version: string } }][]).map((c) => c[0].variables.version)).toEqual(['v1', 'v2']);
    expect(savedPosts.get('p1')).toEqual([{ catalogId: 'list', catalogItemId: 'made' }]);
  });

  it('stops when the other edit already put the story in (never twice)', async () => {
    const { mutate, loadData } = fakeClient([conflict('v2', ['p1'])]);
    expect(await setInCatalog(loadData, list, 'p1', true)).toEqual({ ok: true, version: 'v2' });
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(savedPosts.get('p1')).toEqual([{ catalogId: 'list', catalogItemId: 'item-0' }]);
  });

  it('counts a removal of an item already gone as done', async () => {
    savedPosts.set('p1', [{ catalogId: 'list', catalogItemId: 'gone' }]);
    const { loadData } = fakeClient([{ __typename: 'NotFound', message: 'That story is not in this list.' }]);
    expect((await setInCatalog(loadData, list, 'p1', false)).ok).toBe(true);
    expect(savedPosts.get('p1')).toEqual([]);
  });

  it('puts the state back and gives the server’s reason on a refusal, and gives up after three conflicts', async () => {
    const refused = fakeClient([{ __typename: 'Unauthorized', message: 'Only the list’s owner can change it.' }]);
    expect(await setInCatalog(refused.loadData, list, 'p1', true)).toEqual({ ok: false, message: 'Only the list’s owner can change it.' });
    expect(savedPosts.get('p1')).toEqual([]);
    const busy = fakeClient([conflict('v2', []), conflict('v3', []), conflict('v4', [])]);
    expect((await setInCatalog(busy.loadData, list, 'p1', true)).ok).toBe(false);
    expect(busy.mutate).toHaveBeenCalledTimes(3);
    expect(savedPosts.get('p1')).toEqual([]);
  });
});
