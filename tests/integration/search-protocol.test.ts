import type { AddressInfo } from 'node:net';
import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_APP_ID } from '../../src/modules/search/keys.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { testBrowser } from '../support/test-browser.js';
import { person, searchHeaders, story, type Json } from './search-fixtures.js';

/** The endpoint speaks Algolia's protocol: the official v5 clients against our host on a real port. */
describe('search protocol', () => {
  let t: TestApp;
  let port: number;
  let writer: string;
  let other: string;
  let older: string;
  let newer: string;
  const hosts = () => [{ url: `127.0.0.1:${port}`, protocol: 'http' as const, accept: 'readWrite' as const }];
  const client = (viewerId: string | null) => algoliasearch(SEARCH_APP_ID, searchHeaders(t, viewerId)['x-algolia-api-key']!, { hosts: hosts() });

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    writer = await person(t, 'Ravi Menon', 'ravimenon');
    other = await person(t, 'Greta Berg', 'gretaberg');
    older = await story(t, writer, { title: 'Compilers for the curious', tags: ['programming'], claps: 4, publishedAt: new Date('2025-02-01T00:00:00Z') });
    newer = await story(t, writer, { title: 'Compilers, part two', tags: ['programming', 'rust'], claps: 4, publishedAt: new Date('2026-02-01T00:00:00Z') });
    await story(t, other, { title: 'Compilers in the garden shed', tags: ['gardening'], claps: 4 });
  });

  it('answers a multi-query of the official client in request order, with queryIDs', async () => {
    const { results } = (await client(null).search({
      requests: [
        { indexName: 'posts', query: 'compilers', hitsPerPage: 2, clickAnalytics: true, analyticsTags: ['predictive'] },
        { indexName: 'users', query: 'ravi', hitsPerPage: 3 },
        { indexName: 'collections', query: 'ravi', hitsPerPage: 3 },
        { indexName: 'tags', query: 'prog', hitsPerPage: 3 },
      ],
    })) as { results: Json[] };
    expect(results.map((r) => r.index)).toEqual(['posts', 'users', 'collections', 'tags']);
    const [posts, users, collections, tags] = results;
    expect(posts).toMatchObject({ nbHits: 3, page: 0, nbPages: 2, hitsPerPage: 2, query: 'compilers' });
    expect(posts.hits).toHaveLength(2);
    expect(posts.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof posts.processingTimeMS).toBe('number');
    expect(posts.params).toContain('query=compilers');
    expect(users.queryID).toBeUndefined();
    expect(users.hits[0]).toMatchObject({ objectID: writer, userId: writer, name: 'Ravi Menon', username: 'ravimenon' });
    expect(collections).toMatchObject({ hits: [], nbHits: 0 });
    expect(tags.hits[0]).toMatchObject({ tagSlug: 'programming', postCount: 2 });
    const { rows } = await t.database.pool.query('select index_name, query, analytics_tags, nb_hits from search_queries where query_id = $1', [posts.queryID]);
    expect(rows).toEqual([{ index_name: 'posts', query: 'compilers', analytics_tags: ['predictive'], nb_hits: 3 }]);
  });

  it('takes the params string form, custom highlight tags and attributesToRetrieve (single index, lite client)', async () => {
    const lite = liteClient(SEARCH_APP_ID, searchHeaders(t, null)['x-algolia-api-key']!, { hosts: hosts() });
    const { results } = (await lite.search({
      requests: [{ indexName: 'posts', params: 'query=compilers%20part&highlightPreTag=%5B&highlightPostTag=%5D&attributesToRetrieve=%5B%22title%22%5D' } as never],
    })) as { results: Json[] };
    expect(results[0].hits).toHaveLength(1);
    const hit = results[0].hits[0];
    expect(Object.keys(hit).sort()).toEqual(['_highlightResult', 'objectID', 'title']);
    expect(hit._highlightResult.title.value).toBe('[Compilers], [part] two');
    const single = (await client(null).searchSingleIndex({ indexName: 'users', searchParams: { query: 'greta' } })) as Json;
    expect(single.hits.map((h: Json) => h.objectID)).toEqual([other]);
  });

  it('filters by creator, tag, first publication time and collection', async () => {
    const ids = async (params: Record<string, unknown>) =>
      ((await client(null).searchSingleIndex({ indexName: 'posts', searchParams: { query: 'compilers', ...params } })) as Json).hits.map((h: Json) => h.objectID).sort();
    expect(await ids({ filters: `creatorId:${writer}` })).toEqual([older, newer].sort());
    expect(await ids({ filters: `creatorId:${writer} AND NOT tags:rust` })).toEqual([older]);
    expect(await ids({ facetFilters: [['tags:rust', 'tags:gardening']] })).toHaveLength(2);
    expect(await ids({ facetFilters: ['tags:programming', '-tags:rust'] })).toEqual([older]);
    expect(await ids({ numericFilters: [`firstPublishedAt>=${Date.parse('2026-01-15T00:00:00Z')}`], filters: `creatorId:${writer}` })).toEqual([newer]);
    expect(await ids({ filters: `firstPublishedAt:${Date.parse('2025-01-01')} TO ${Date.parse('2025-12-31')}` })).toEqual([older]);
    expect(await ids({ filters: 'collectionId:c0ffee' })).toEqual([]);
  });

  it('answers 4xx as { message, status }', async () => {
    const post = (url: string, body: unknown, headers: Record<string, string> = searchHeaders(t, null)) =>
      t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
    const bad = await post('/1/indexes/posts/query', { filters: 'nope:1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 400, message: expect.stringContaining('Unknown attribute "nope"') });
    expect((await post('/1/indexes/posts/query', '{not json')).json()).toEqual({ status: 400, message: 'Invalid JSON body.' });
    expect((await post('/1/indexes/posts/query', { hitsPerPage: 5000 })).statusCode).toBe(400);
    expect((await post('/1/indexes/posts/query', { filters: 'creatorId:a AND (' })).statusCode).toBe(400);
    expect((await post('/1/indexes/books/query', {})).json()).toEqual({ status: 404, message: 'Index books does not exist' });
    const forged = await post('/1/indexes/posts/query', {}, { 'x-algolia-application-id': SEARCH_APP_ID, 'x-algolia-api-key': 'isk1.eyJ1IjpudWxsLCJ4Ijo5OTk5OTk5OTk5fQ.AAAA' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ status: 403, message: 'Invalid Application-ID or API key' });
    expect((await post('/1/indexes/posts/query', {}, {})).statusCode).toBe(403);
    await expect(algoliasearch(SEARCH_APP_ID, 'wrong', { hosts: hosts() }).searchSingleIndex({ indexName: 'posts' })).rejects.toMatchObject({ status: 403 });
  });

  it('answers without setting cookies', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/1/indexes/*/queries', headers: { ...searchHeaders(t, null), host: TEST_HOST }, payload: JSON.stringify({ requests: [{ indexName: 'users', params: 'query=ravi' }] }) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('stores click events from the insights client and from the SearchClickEvent mutation', async () => {
    const search = (await client(writer).searchSingleIndex({ indexName: 'posts', searchParams: { query: 'compilers', clickAnalytics: true } })) as Json;
    const queryID = search.queryID as string;
    const insights = client(writer).initInsights({ options: { hosts: hosts() } });
    const sent = await insights.pushEvents({
      events: [{ eventType: 'click', eventName: 'Post clicked', index: 'posts', queryID, objectIDs: [search.hits[1].objectID], positions: [2], userToken: 'reader-1' }],
    });
    expect(sent).toEqual({ status: 200, message: 'OK' });
    const reader = testBrowser(t.app);
    const viaGraphql = await reader.gql(`mutation SearchClickEvent($q: ID!, $i: String!, $o: [ID!]!, $p: [Int!]!) { searchClickEvent(queryId: $q, indexName: $i, objectIds: $o, positions: $p) }`, { q: queryID, i: 'posts', o: [search.hits[0].objectID], p: [1] });
    expect(viaGraphql.data.searchClickEvent).toBe(true);
    const { rows } = await t.database.pool.query('select event_name, object_ids, positions, user_id, user_token from search_clicks where query_id = $1 order by positions[1]', [queryID]);
    expect(rows).toEqual([
      { event_name: 'Search result clicked', object_ids: [search.hits[0].objectID], positions: [1], user_id: null, user_token: null },
      { event_name: 'Post clicked', object_ids: [search.hits[1].objectID], positions: [2], user_id: writer, user_token: 'reader-1' },
    ]);
    const refused = await reader.gql(`mutation { searchClickEvent(queryId: "abc", indexName: "posts", objectIds: ["x"], positions: [0]) }`);
    expect(refused.errors?.[0]?.message).toBe('queryID must be 32 hexadecimal characters.');
    const badEvent = await t.app.inject({ method: 'POST', url: '/1/events', headers: searchHeaders(t, null), payload: JSON.stringify({ events: [{ eventType: 'click', eventName: 'x', index: 'posts', queryID, objectIDs: ['a', 'b'], positions: [1] }] }) });
    expect(badEvent.json()).toEqual({ status: 422, message: 'positions must hold one position (1-based) per objectID.' });
  });
});
