/**
 * The browser's calls to the search endpoint on this origin (spec §7 'Search', §8): the
 * multi-query POST with the page's search-only key and the viewer id in headers, and click
 * events. A status of 400 or more, or a network failure, is an error (SearchFailed); the
 * caller shows no retry.
 */
import type { SearchIndexName, SearchRequest } from './search-request.js';
import type { SearchResult } from './search-types.js';

export const MULTI_QUERY_PATH = '/1/indexes/*/queries';
export const EVENTS_PATH = '/1/events';

export interface SearchKey {
  appId: string;
  apiKey: string;
  /** When the key stops working (ms since the epoch or an ISO date). */
  expiresAt: number | string;
}

export class SearchFailed extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? 'The search could not be reached.' : `The search answered ${status}.`);
  }
}

/** A key is renewed a little before it expires, so a request never carries a dead one. */
const KEY_MARGIN_MS = 30_000;

export function expiresAtMs(expiresAt: number | string): number {
  if (typeof expiresAt === 'number') return expiresAt < 1e12 ? expiresAt * 1000 : expiresAt;
  const asNumber = Number(expiresAt);
  return Number.isFinite(asNumber) ? expiresAtMs(asNumber) : Date.parse(expiresAt);
}

/**
 * Holds the search-only key: fetched once (`fetchKey`, the GraphQL searchKey query), shared
 * by concurrent callers, renewed near expiry or after the endpoint refused it.
 */
export function createKeyHolder(fetchKey: () => Promise<SearchKey>, now: () => number = Date.now) {
  let current: Promise<SearchKey> | null = null;
  return {
    get(): Promise<SearchKey> {
      if (!current) {
        current = fetchKey().catch((error: unknown) => {
          current = null;
          throw error;
        });
      }
      return current.then((key) => {
        if (expiresAtMs(key.expiresAt) - KEY_MARGIN_MS > now()) return key;
        current = null;
        return this.get();
      });
    },
    invalidate() {
      current = null;
    },
  };
}

export type KeyHolder = ReturnType<typeof createKeyHolder>;

export interface SearchTransport {
  keys: KeyHolder;
  /** The signed-in reader's id (spec §7: the user id goes in headers); null logged out. */
  viewerId: string | null;
  fetch?: typeof fetch;
}

function headersFor(key: SearchKey, viewerId: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-algolia-application-id': key.appId,
    'x-algolia-api-key': key.apiKey,
  };
  if (viewerId) headers['x-algolia-usertoken'] = viewerId;
  return headers;
}

/** One multi-query call; results come back in request order. */
export async function multiQuery(t: SearchTransport, requests: SearchRequest[], signal?: AbortSignal): Promise<SearchResult[]> {
  let key: SearchKey;
  try {
    key = await t.keys.get();
  } catch {
    throw new SearchFailed(null);
  }
  let res: Response;
  try {
    res = await (t.fetch ?? fetch)(MULTI_QUERY_PATH, { method: 'POST', headers: headersFor(key, t.viewerId), body: JSON.stringify({ requests }), signal });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    throw new SearchFailed(null);
  }
  if (res.status >= 400) {
    // A refused key is fetched again for the next search.
    if (res.status === 401 || res.status === 403) t.keys.invalidate();
    throw new SearchFailed(res.status);
  }
  try {
    const body = (await res.json()) as { results?: SearchResult[] };
    if (!Array.isArray(body.results)) throw new Error('no results');
    return body.results;
  } catch {
    throw new SearchFailed(res.status);
  }
}

export interface SearchClick {
  indexName: SearchIndexName;
  queryID: string;
  objectID: string;
  /** 1-based rank of the hit in what was shown. */
  position: number;
}

/** The click event (insights protocol); fire and forget, kept alive across the navigation it starts. */
export async function sendSearchClick(t: SearchTransport, click: SearchClick): Promise<void> {
  try {
    const key = await t.keys.get();
    const event = {
      eventType: 'click',
      eventName: 'Search Result Clicked',
      index: click.indexName,
      queryID: click.queryID,
      objectIDs: [click.objectID],
      positions: [click.position],
      userToken: t.viewerId ?? 'anonymous',
      ...(t.viewerId ? { authenticatedUserToken: t.viewerId } : {}),
    };
    await (t.fetch ?? fetch)(EVENTS_PATH, { method: 'POST', keepalive: true, headers: headersFor(key, t.viewerId), body: JSON.stringify({ events: [event] }) });
  } catch {
    // Click analytics never disturb the reader.
  }
}
