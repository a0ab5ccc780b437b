/**
 * One search request of the Algolia protocol against one index: parameters, filters, the
 * index's search, hits, and the result envelope (search.yml searchResponse). A result set
 * asked with clickAnalytics gets a queryID (32 hex) recorded with its analyticsTags, so clicks
 * (POST /1/events, SearchClickEvent) attach to it.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { SearchRequestError } from './errors.js';
import { parseFilterList, parseFilters, requestFilter } from './filters.js';
import { COLLECTION_FILTERS, searchCollectionRows } from './collections-search.js';
import { collectionHit, listHit, postHit, shapeHit, tagHit, userHit, type Hit } from './hits.js';
import { LIST_FILTERS, searchListRows } from './lists-search.js';
import { mergeParams, PAGINATION_LIMIT, paramsString, parseSearchParams, type SearchParams } from './params.js';
import { POST_FILTERS, searchPostRows } from './posts-search.js';
import { searchTagRows, TAG_FILTERS } from './tags-search.js';
import { queryWords } from './text.js';
import { searchUserRows, USER_FILTERS } from './users-search.js';
import type { SearchViewer } from './viewer.js';

/** Spec §7 index names (collections: publications), and lists (the search page's Lists tab). */
export const INDEX_NAMES = ['posts', 'users', 'collections', 'tags', 'lists'] as const;
export type IndexName = (typeof INDEX_NAMES)[number];

export const isIndexName = (name: unknown): name is IndexName => typeof name === 'string' && (INDEX_NAMES as readonly string[]).includes(name);

export interface SearchResult {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: boolean;
  exhaustive: { nbHits: boolean };
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
  queryID?: string;
}

/** What to record of a result for analytics (written by the caller, in one insert per request). */
export interface QueryRecord {
  queryId: string;
  indexName: string;
  query: string;
  analyticsTags: string[];
  nbHits: number;
}

const FILTERS = { posts: POST_FILTERS, users: USER_FILTERS, tags: TAG_FILTERS, lists: LIST_FILTERS, collections: COLLECTION_FILTERS } as const;

async function hitsFor(db: Db, indexName: IndexName, p: SearchParams, viewer: SearchViewer): Promise<{ hits: Hit[]; nbHits: number }> {
  const q = queryWords(p.query);
  const filter = requestFilter([parseFilters(p.filters), parseFilterList(p.numericFilters, 'numeric'), parseFilterList(p.facetFilters, 'facet')], FILTERS[indexName]);
  if (p.hitsPerPage === 0 || p.page * p.hitsPerPage >= PAGINATION_LIMIT) return { hits: [], nbHits: 0 };
  switch (indexName) {
    case 'posts': {
      const wantBody = (p.attributesToRetrieve?.includes('content') ?? false) || p.attributesToSnippet.some((s) => s.attribute === 'content') || (p.attributesToHighlight?.includes('content') ?? false);
      const rows = await searchPostRows(db, q, p, viewer, filter, wantBody);
      return {
        hits: rows.map((r) => {
          const { hit, readable } = postHit(r);
          return shapeHit(indexName, hit, p, q, readable);
        }),
        nbHits: rows[0]?.n ?? 0,
      };
    }
    case 'users': {
      const rows = await searchUserRows(db, q, p, viewer, filter);
      return { hits: rows.map((r) => shapeHit(indexName, userHit(r), p, q)), nbHits: rows[0]?.n ?? 0 };
    }
    case 'tags': {
      const rows = await searchTagRows(db, q, p, filter);
      return { hits: rows.map((r) => shapeHit(indexName, tagHit(r), p, q)), nbHits: rows[0]?.n ?? 0 };
    }
    case 'lists': {
      const rows = await searchListRows(db, q, p, viewer, filter);
      return { hits: rows.map((r) => shapeHit(indexName, listHit(r), p, q)), nbHits: rows[0]?.n ?? 0 };
    }
    case 'collections': {
      const rows = await searchCollectionRows(db, q, p, filter);
      return { hits: rows.map((r) => shapeHit(indexName, collectionHit(r), p, q)), nbHits: rows[0]?.n ?? 0 };
    }
  }
}

/** Runs one request (`raw`: the flat parameters, with or without a `params` string). */
export async function searchIndex(db: Db, indexName: string, raw: Record<string, unknown>, viewer: SearchViewer): Promise<{ result: SearchResult; record: QueryRecord | null }> {
  const started = performance.now();
  if (!isIndexName(indexName)) throw new SearchRequestError(`Index ${indexName} does not exist`, 404);
  const merged = mergeParams(raw);
  const p = parseSearchParams(merged);
  const { hits, nbHits } = await hitsFor(db, indexName, p, viewer);
  const nbPages = p.hitsPerPage === 0 ? 0 : Math.ceil(Math.min(nbHits, PAGINATION_LIMIT) / p.hitsPerPage);
  const result: SearchResult = {
    hits,
    nbHits,
    page: p.page,
    nbPages,
    hitsPerPage: p.hitsPerPage,
    exhaustiveNbHits: nbHits < PAGINATION_LIMIT,
    exhaustive: { nbHits: nbHits < PAGINATION_LIMIT },
    processingTimeMS: Math.round(performance.now() - started),
    query: p.query,
    params: paramsString(merged),
    index: indexName,
  };
  const queryId = randomBytes(16).toString('hex');
  if (p.clickAnalytics) result.queryID = queryId;
  const recorded = p.analytics && (p.clickAnalytics || p.analyticsTags.length > 0);
  const record = recorded ? { queryId, indexName, query: p.query, analyticsTags: p.analyticsTags, nbHits } : null;
  return { result, record };
}

/** Records the result sets that got a queryID (one insert for a whole multi-query). */
export async function recordQueries(db: Db, records: QueryRecord[], userId: string | null): Promise<void> {
  if (records.length === 0) return;
  await db.execute(sql`insert into search_queries (query_id, index_name, query, user_id, analytics_tags, nb_hits) values ${sql.join(
    records.map((r) => sql`(${r.queryId}, ${r.indexName}, ${r.query}, ${userId}, ${sql`array[${sql.join(r.analyticsTags.map((t) => sql`${t}`), sql`, `)}]::text[]`}, ${r.nbHits})`),
    sql`, `,
  )} on conflict do nothing`);
}
