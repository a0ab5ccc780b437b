import { buildSchema, parse, validate } from 'graphql';
import { print } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { typeDefs } from '../../../server/graphql/schema.js';
import * as listsOps from '../../graphql/lists-library-operations.js';
import * as saveOps from '../../graphql/save-operations.js';
import { createSavedPostsStore } from './saved-posts-store.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the saved-posts store', () => {
  it('gathers the asks of one render into one query, and never asks twice for a story', async () => {
    const store = createSavedPostsStore();
    const fetch = vi.fn(async (ids: string[]) => ids.filter((id) => id === 'p2').map((postId) => ({ postId, catalogId: 'rl', catalogItemId: 'i2' })));
    for (const id of ['p1', 'p2', 'p3', 'p2']) store.want(id, fetch);
    expect(store.get('p1')).toBeUndefined();
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(['p1', 'p2', 'p3']);
    expect(store.get('p1')).toEqual([]);
    expect(store.get('p2')).toEqual([{ catalogId: 'rl', catalogItemId: 'i2' }]);
    store.want('p1', fetch);
    await tick();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps a change made while the ask was out over the answer, and tells its readers', async () => {
    const store = createSavedPostsStore();
    let answer: (rows: { postId: string; catalogId: string; catalogItemId: string }[]) => void = () => {};
    store.want('p1', () => new Promise((r) => (answer = r)));
    await tick();
    const seen = vi.fn();
    store.subscribe(seen);
    store.set('p1', [{ catalogId: 'rl', catalogItemId: null }]);
    answer([]);
    await tick();
    expect(store.get('p1')).toEqual([{ catalogId: 'rl', catalogItemId: null }]);
    expect(seen).toHaveBeenCalled();
  });

  it('asks again after a failed ask', async () => {
    const store = createSavedPostsStore();
    const failing = vi.fn(async () => Promise.reject(new Error('offline')));
    store.want('p1', failing);
    await tick();
    const working = vi.fn(async () => []);
    store.want('p1', working);
    await tick();
    expect(working).toHaveBeenCalledWith(['p1']);
    expect(store.get('p1')).toEqual([]);
  });

  it('splits more than 100 stories into asks the server accepts', async () => {
    const store = createSavedPostsStore();
    const fetch = vi.fn(async () => []);
    for (let i = 0; i < 150; i++) store.want(`p${i}`, fetch);
    await tick();
    expect(fetch.mock.calls.map((c) => (c as unknown as [string[]])[0].length)).toEqual([100, 50]);
  });
});

describe('the Save and lists documents', () => {
  it('are valid against the server schema', () => {
    const schema = buildSchema(typeDefs);
    const docs = Object.entries({ ...saveOps, ...listsOps }).filter(([, doc]) => doc.definitions.some((d) => d.kind === 'OperationDefinition'));
    expect(docs.length).toBeGreaterThan(8);
    for (const [name, doc] of docs) expect(validate(schema, parse(print(doc))).map((e) => `${name}: ${e.message}`)).toEqual([]);
  });
});
