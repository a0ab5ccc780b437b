/**
 * What the browser asks the search endpoint (spec §7 'Search'; Algolia's multi-query
 * protocol): one request per index, each with a parameters string. Pure, so the rules
 * (hits per type, tag postCount, context filters, paging) are tested without a network.
 */
import { LIMITS } from '../../shared/constants.js';
import type { SearchCategory } from './search-categories.js';
import { publicationSearchScope, type PublicationSearchKey } from './publication-search-scope.js';

export type SearchIndexName = 'posts' | 'users' | 'collections' | 'tags' | 'lists';

export interface SearchRequest {
  indexName: SearchIndexName;
  params: string;
}

export interface SearchParams {
  query: string;
  hitsPerPage: number;
  page?: number;
  filters?: string;
  numericFilters?: string[];
  facetFilters?: string[];
  attributesToRetrieve?: string[];
  clickAnalytics?: boolean;
  analyticsTags?: string[];
}

/** Spec §5: 3 suggestions per type in the popover; §9: 8 stories per page of results. */
export const SUGGESTION_HITS_PER_TYPE = 3;
export const POST_SEARCH_HITS_PER_PAGE = LIMITS.postSearchHitsPerPage;
export const OTHER_SEARCH_HITS_PER_PAGE = 10;

/** Spec §5: a topic is suggested only once a story carries it. */
const TAG_NUMERIC_FILTERS = ['postCount>=1'];

/** The parameters string: form-encoded, arrays as JSON (the protocol's encoding). */
export function encodeSearchParams(p: SearchParams): string {
  const out = new URLSearchParams();
  out.set('query', p.query);
  out.set('hitsPerPage', String(p.hitsPerPage));
  if (p.page) out.set('page', String(p.page));
  if (p.filters) out.set('filters', p.filters);
  if (p.numericFilters?.length) out.set('numericFilters', JSON.stringify(p.numericFilters));
  if (p.facetFilters?.length) out.set('facetFilters', JSON.stringify(p.facetFilters));
  if (p.attributesToRetrieve?.length) out.set('attributesToRetrieve', JSON.stringify(p.attributesToRetrieve));
  if (p.clickAnalytics) out.set('clickAnalytics', 'true');
  if (p.analyticsTags?.length) out.set('analyticsTags', JSON.stringify(p.analyticsTags));
  return out.toString();
}

/**
 * Where the search happens (spec §2.5 'search context by route'): which indexes, and which
 * stories. `name` tags the analytics of the request.
 */
export interface SearchContext {
  name: 'post' | 'user' | 'topic' | 'publication' | 'your-stories' | 'notifications' | 'default';
  indexes: SearchIndexName[];
  /** Restricts the stories (a writer's, a topic's). */
  postFilters?: string;
  /**
   * A writer's pages know the writer by username; the index filters by id, so the caller
   * looks the id up and applies it with `withCreatorId` before searching.
   */
  creatorUsername?: string;
  /** A publication's pages name it by slug, domain or id; the caller looks its id up and applies it with `withCollectionId`. */
  publication?: PublicationSearchKey;
  /** Where Enter sends the query (a publication's own search page); /search otherwise. */
  searchPath?: string;
  placeholder: string;
}

/** Stories of one publication (the index filters by collectionId). */
export function withCollectionId(context: SearchContext, collectionId: string): SearchContext {
  return { ...context, postFilters: publicationFilter(collectionId), publication: undefined };
}

/** Stories of one writer (the index filters by creatorId). */
export function withCreatorId(context: SearchContext, creatorId: string): SearchContext {
  return { ...context, postFilters: `creatorId:${quote(creatorId)}`, creatorUsername: undefined };
}

export interface RouteInfo {
  pageId: string;
  pathname: string;
  viewerId: string | null;
  /** The browser's host and the main host: on a publication's own domain every page is the publication's. */
  host?: string | null;
  mainHost?: string;
}

const USER_PAGES = new Set(['user-profile', 'user-about', 'user-followers', 'user-following', 'user-books', 'user-catalogs', 'user-catalog']);
const TOPIC_PAGES = new Set(['topic', 'topic-recommended', 'topic-who-to-follow', 'tag-archive']);
const ALL_INDEXES: SearchIndexName[] = ['posts', 'users', 'collections', 'tags'];

/** A quoted filter value: the protocol's string literal. */
const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

const segment = (pathname: string, re: RegExp) => {
  const m = re.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : null;
};

/**
 * The context of a page. A story page searches stories; a writer's pages that writer's
 * stories; a topic's pages that topic's stories; your stories your own; notifications
 * people; every other page everything (stories, people, publications, topics).
 */
export function searchContextFor({ pageId, pathname, viewerId, host = null, mainHost = '' }: RouteInfo): SearchContext {
  const scope = publicationSearchScope(pageId, pathname, host, mainHost);
  if (scope) return { name: 'publication', indexes: ['posts'], publication: scope.key, searchPath: scope.searchPath, placeholder: 'Search this publication' };
  if (pageId === 'post') return { name: 'post', indexes: ['posts'], placeholder: 'Search stories' };
  if (USER_PAGES.has(pageId)) {
    const username = segment(pathname, /^\/@([^/]+)/);
    if (username) return { name: 'user', indexes: ['posts'], creatorUsername: username, placeholder: `Search @${username}` };
    // /u/{id} names the writer by id; /me/about is the viewer's own page.
    const id = segment(pathname, /^\/u\/([^/]+)/) ?? (pathname.startsWith('/me/') ? viewerId : null);
    if (id) return { name: 'user', indexes: ['posts'], postFilters: `creatorId:${quote(id)}`, placeholder: 'Search stories' };
  }
  if (TOPIC_PAGES.has(pageId)) {
    const slug = segment(pathname, /^\/tag\/([^/]+)/);
    if (slug) return { name: 'topic', indexes: ['posts', 'tags'], postFilters: `tags:${quote(slug)}`, placeholder: 'Search this topic' };
  }
  if (pageId === 'your-stories' && viewerId) return { name: 'your-stories', indexes: ['posts'], postFilters: `creatorId:${quote(viewerId)}`, placeholder: 'Search your stories' };
  if (pageId === 'notifications') return { name: 'notifications', indexes: ['users'], placeholder: 'Search people' };
  return { name: 'default', indexes: ALL_INDEXES, placeholder: 'Search' };
}

/** The popover's one multi-query request: 3 hits of each index of the context. */
export function predictiveRequests(query: string, context: SearchContext): SearchRequest[] {
  return context.indexes.map((indexName) =>
    request(indexName, {
      query,
      hitsPerPage: SUGGESTION_HITS_PER_TYPE,
      filters: indexName === 'posts' ? context.postFilters : undefined,
      clickAnalytics: true,
      analyticsTags: ['predictive', context.name],
    }),
  );
}

const CATEGORY_INDEX: Record<SearchCategory, SearchIndexName | null> = {
  posts: 'posts',
  users: 'users',
  publications: 'collections',
  tags: 'tags',
  lists: 'lists',
};

export const indexForCategory = (category: SearchCategory): SearchIndexName | null => CATEGORY_INDEX[category];

export const hitsPerPageFor = (indexName: SearchIndexName) => (indexName === 'posts' ? POST_SEARCH_HITS_PER_PAGE : OTHER_SEARCH_HITS_PER_PAGE);

/** One page (0-based) of a search results tab. */
export function resultsPageRequest(indexName: SearchIndexName, query: string, page: number, filters?: string): SearchRequest {
  return request(indexName, { query, hitsPerPage: hitsPerPageFor(indexName), page, filters, clickAnalytics: true, analyticsTags: ['search-page'] });
}

/** A publication's stories (the index filters by collectionId). */
export const publicationFilter = (collectionId: string) => `collectionId:${quote(collectionId)}`;

function request(indexName: SearchIndexName, p: SearchParams): SearchRequest {
  return { indexName, params: encodeSearchParams(indexName === 'tags' ? { ...p, numericFilters: [...(p.numericFilters ?? []), ...TAG_NUMERIC_FILTERS] } : p) };
}
