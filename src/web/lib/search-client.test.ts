import { describe, expect, it, vi } from 'vitest';
import { createKeyHolder, expiresAtMs, multiQuery, SearchFailed, sendSearchClick, type SearchKey } from './search-client';

const key = (expiresAt: number | string = Date.now() + 3_600_000): SearchKey => ({ appId: 'inkwell', apiKey: 'k1', expiresAt });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('search client (spec §7, §8)', () => {
  it('posts one multi-query body with the key and the viewer id in headers', async () => {
    const fetch = vi.fn(async () => json(200, { results: [{ hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 3, query: 'ink' }] }));
    const keys = createKeyHolder(async () => key());
    const results = await multiQuery({ keys, viewerId: 'u1', fetch }, [{ indexName: 'posts', params: 'query=ink' }]);
    expect(results).toHaveLength(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/1/indexes/*/queries');
    expect(JSON.parse(init.body as string)).toEqual({ requests: [{ indexName: 'posts', params: 'query=ink' }] });
    expect(init.headers).toMatchObject({ 'x-algolia-application-id': 'inkwell', 'x-algolia-api-key': 'k1', 'x-algolia-usertoken': 'u1' });
  });

  it('a status of 400 or more, or a network failure, is an error', async () => {
    const keys = createKeyHolder(async () => key());
    await expect(multiQuery({ keys, viewerId: null, fetch: async () => json(400, { message: 'bad', status: 400 }) }, [])).rejects.toEqual(new SearchFailed(400));
    await expect(multiQuery({ keys, viewerId: null, fetch: async () => json(503, {}) }, [])).rejects.toBeInstanceOf(SearchFailed);
    await expect(multiQuery({ keys, viewerId: null, fetch: async () => Promise.reject(new TypeError('offline')) }, [])).rejects.toEqual(new SearchFailed(null));
  });

  it('fetches the key once for concurrent searches, again near expiry and after a refusal', async () => {
    let now = 1_800_000_000_000;
    const fetchKey = vi.fn(async () => key(now + 120_000));
    const keys = createKeyHolder(fetchKey, () => now);
    await Promise.all([keys.get(), keys.get()]);
    expect(fetchKey).toHaveBeenCalledTimes(1);
    now += 100_000; // inside the renewal margin
    await keys.get();
    expect(fetchKey).toHaveBeenCalledTimes(2);
    await multiQuery({ keys, viewerId: null, fetch: async () => json(403, { message: 'expired', status: 403 }) }, []).catch(() => {});
    await keys.get();
    expect(fetchKey).toHaveBeenCalledTimes(3);
  });

  it('reads expiry as ms, seconds or an ISO date', () => {
    expect(expiresAtMs(1_800_000_000)).toBe(1_800_000_000_000);
    expect(expiresAtMs(1_800_000_000_000)).toBe(1_800_000_000_000);
    expect(expiresAtMs('2027-01-01T00:00:00.000Z')).toBe(Date.UTC(2027, 0, 1));
  });

  it('sends a click event with the query id and the 1-based position', async () => {
    const fetch = vi.fn(async () => json(200, { status: 200, message: 'OK' }));
    await sendSearchClick({ keys: createKeyHolder(async () => key()), viewerId: 'u1', fetch }, { indexName: 'users', queryID: 'a'.repeat(32), objectID: 'u2', position: 2 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/1/events');
    expect(JSON.parse(init.body as string)).toEqual({
      events: [{ eventType: 'click', eventName: 'Search Result Clicked', index: 'users', queryID: 'a'.repeat(32), objectIDs: ['u2'], positions: [2], userToken: 'u1', authenticatedUserToken: 'u1' }],
    });
  });
});
