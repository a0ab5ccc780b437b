import { describe, expect, it } from 'vitest';
import { mayContainMutation, PageCache } from './page-cache.js';

const page = (text: string) => ({ status: 200, body: Buffer.from(text), nonce: 'n', embeddable: false });

describe('PageCache', () => {
  it('serves a stored page until its time is up, then renders again', async () => {
    let now = 0;
    let renders = 0;
    const cache = new PageCache({ ttlMs: 5000, maxBytes: 1 << 20, now: () => now });
    const render = async () => page(`v${++renders}`);
    expect((await cache.serve('a', render)).status).toBe('MISS');
    now = 4999;
    const hit = await cache.serve('a', render);
    expect([hit.status, hit.page?.body.toString()]).toEqual(['HIT', 'v1']);
    now = 5000;
    const expired = await cache.serve('a', render);
    expect([expired.status, expired.page?.body.toString()]).toEqual(['EXPIRED', 'v2']);
  });

  it('makes every entry stale on invalidateAll, and does not store a render a write overtook', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    await cache.serve('a', async () => page('old'));
    cache.invalidateAll();
    let release!: () => void;
    const slow = cache.serve('a', () => new Promise((resolve) => (release = () => resolve(page('during')))));
    cache.invalidateAll(); // a write lands while the page renders
    release();
    expect((await slow).status).toBe('EXPIRED');
    const next = await cache.serve('a', async () => page('after'));
    expect([next.status, next.page?.body.toString()]).toEqual(['EXPIRED', 'after']);
  });

  it('shares one render among concurrent misses and never stores an uncacheable page', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 10));
      return page('shared');
    };
    const all = await Promise.all([1, 2, 3, 4].map(() => cache.serve('k', render)));
    expect(renders).toBe(1);
    expect(all.every((r) => r.page?.body.toString() === 'shared')).toBe(true);
    expect((await cache.serve('none', async () => null)).page).toBeNull();
    expect((await cache.serve('none', async () => page('now'))).status).toBe('MISS');
  });

  it('evicts the least recently used pages past its memory bound', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 800 });
    const body = (c: string) => async () => page(c.repeat(100));
    for (const k of ['a', 'b', 'c', 'd']) await cache.serve(k, body(k));
    await cache.serve('a', body('a')); // a is used again: b is now the oldest
    for (const k of ['e', 'f', 'g', 'h', 'i']) await cache.serve(k, body(k));
    expect(cache.size).toBe(8);
    expect((await cache.serve('b', body('b'))).status).toBe('MISS');
    expect((await cache.serve('a', body('a'))).status).toBe('HIT');
  });
});

describe('mayContainMutation', () => {
  it('finds a mutation in a single or batched body, and nothing in queries', () => {
    expect(mayContainMutation({ query: 'mutation Clap($id: ID!) { clap(targetPostId: $id) { clapCount } }' })).toBe(true);
    expect(mayContainMutation([{ query: 'query A { viewer { id } }' }, { query: 'mutation { x }' }])).toBe(true);
    expect(mayContainMutation({ query: 'query PostPage { postResult(id: "1") { __typename } }' })).toBe(false);
    expect(mayContainMutation('not json')).toBe(false);
  });
});
