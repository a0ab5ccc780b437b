import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST } from '../support/app.js';
import { newReader, newStory } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const t = await createTestApp({ PAGE_CACHE_SECONDS: '60' });

async function get(url: string, cookie = '') {
  return t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, ...(cookie ? { cookie } : {}) } });
}

describe('page cache for logged-out readers', () => {
  it('renders a story once for every logged-out reader, without any visitor id in it', async () => {
    const writer = await newReader(t, 'Cachewriter');
    const postId = await newStory(t, writer.id, { title: 'Cached once' });
    const first = await get(`/p/${postId}`);
    const url = first.headers.location as string; // the canonical address
    // Two readers, each with a visitor id of their own (given by a POST, not by pages).
    const readers = [testBrowser(t.app), testBrowser(t.app)];
    const ids: string[] = [];
    for (const reader of readers) ids.push((await reader.gql('{ visitor { id } }')).data.visitor.id as string);
    expect(ids[0]).toMatch(/^lo_[0-9a-f]{16}$/);
    expect(ids[1]).not.toBe(ids[0]);
    const miss = await readers[0]!.get(url);
    const hit = await readers[1]!.get(url);
    expect([miss.statusCode, miss.headers['x-cache']]).toEqual([200, 'MISS']);
    expect([hit.statusCode, hit.headers['x-cache']]).toEqual([200, 'HIT']);
    expect(hit.body).toBe(miss.body);
    expect(hit.body).toContain('Cached once');
    // None is in the shared page, and the page gives none.
    for (const id of ids) expect(hit.body).not.toContain(id);
    for (const res of [first, miss, hit]) expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('serves a change to the next logged-out reader at once', async () => {
    const writer = await newReader(t, 'Editor');
    const postId = await newStory(t, writer.id, { title: 'Before the claps' });
    const url = (await get(`/p/${postId}`)).headers.location as string;
    await get(url);
    expect((await get(url)).headers['x-cache']).toBe('HIT');
    const reader = await newReader(t, 'Clapper');
    const clap = await reader.browser.gql('mutation($id: ID!, $u: ID!) { clap(targetPostId: $id, userId: $u, numClaps: 7) { __typename ... on ClapSuccess { clapCount } } }', { id: postId, u: reader.id });
    expect(clap.data?.clap?.clapCount).toBe(7);
    const after = await get(url);
    expect(after.headers['x-cache']).toBe('EXPIRED');
    expect((await get(url)).headers['x-cache']).toBe('HIT');
    // A query is not a write: the page stays cached.
    await reader.browser.gql('query { viewer { id } }');
    expect((await get(url)).headers['x-cache']).toBe('HIT');
  });

  it('never caches signed-in readers or pages that are not public', async () => {
    const reader = await newReader(t, 'Signedin');
    const postId = await newStory(t, reader.id, { title: 'Seen signed in' });
    const res = await reader.browser.get(`/p/${postId}`);
    const page = await reader.browser.get(res.headers.location as string);
    expect(page.headers['x-cache']).toBe('DYNAMIC');
    const anon = testBrowser(t.app);
    const settings = await anon.get('/me/settings');
    expect(settings.headers['x-cache']).toBeUndefined(); // a redirect to sign in
    const notFound = await get('/p/000000000000');
    expect([notFound.statusCode, notFound.headers['x-cache']]).toEqual([404, 'DYNAMIC']);
  });
});
