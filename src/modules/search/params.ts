/**
 * Search parameters of the Algolia protocol (search.yml searchParams), from either form a
 * client sends: the URL-encoded `params` string (arrays JSON-encoded or comma-separated) or the
 * flat object. Unknown parameters are ignored, as Algolia does for the ones it does not apply.
 */
import { SearchRequestError } from './errors.js';

export type FilterList = string | (string | string[])[];

export interface SearchParams {
  query: string;
  page: number;
  hitsPerPage: number;
  filters: string;
  numericFilters: FilterList | null;
  facetFilters: FilterList | null;
  attributesToRetrieve: string[] | null;
  attributesToHighlight: string[] | null;
  attributesToSnippet: { attribute: string; words: number }[];
  highlightPreTag: string;
  highlightPostTag: string;
  snippetEllipsisText: string;
  clickAnalytics: boolean;
  analytics: boolean;
  analyticsTags: string[];
  userToken: string | null;
}

/** Algolia's defaults (search.yml). */
export const DEFAULT_HITS_PER_PAGE = 20;
export const MAX_HITS_PER_PAGE = 1000;
/**
 * Results past this rank are not paged to (Algolia's paginationLimitedTo, 1000 there): also the
 * bound of the story candidates ranked per query, which keeps common words fast (README, Ranking).
 * 25 pages of the search page's 8 stories.
 */
export const PAGINATION_LIMIT = 200;
const MAX_QUERY_LENGTH = 512;

const asArray = (value: unknown, name: string): string[] | null => {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) return asArray(parseJson(trimmed, name), name);
    return trimmed === '' ? [] : trimmed.split(',').map((s) => s.trim());
  }
  throw new SearchRequestError(`Invalid value for "${name}": expected an array of strings.`);
};

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SearchRequestError(`Invalid value for "${name}": not valid JSON.`);
  }
}

const asFilterList = (value: unknown, name: string): FilterList | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed.startsWith('[') ? asFilterList(parseJson(trimmed, name), name) : trimmed;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || (Array.isArray(v) && v.every((w) => typeof w === 'string')))) return value as (string | string[])[];
  throw new SearchRequestError(`Invalid value for "${name}": expected a string or an array of strings and arrays of strings.`);
};

const asInt = (value: unknown, name: string, fallback: number, min: number, max: number): number => {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new SearchRequestError(`Invalid value for "${name}": expected an integer from ${min} to ${max}.`);
  return n;
};

const asBool = (value: unknown, fallback: boolean): boolean => {
  if (value === undefined || value === null || value === '') return fallback;
  return value === true || value === 'true' || value === 1 || value === '1';
};

const asString = (value: unknown, name: string, fallback: string): string => {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' && typeof value !== 'number') throw new SearchRequestError(`Invalid value for "${name}": expected a string.`);
  return String(value);
};

/** Merges the `params` string into the flat parameters (the string wins, as in Algolia). */
export function mergeParams(flat: Record<string, unknown>): Record<string, unknown> {
  const { params, ...rest } = flat;
  if (params === undefined || params === null || params === '') return rest;
  if (typeof params !== 'string') throw new SearchRequestError('Invalid value for "params": expected a URL-encoded string.');
  const out: Record<string, unknown> = { ...rest };
  for (const [key, value] of new URLSearchParams(params)) out[key] = value;
  return out;
}

export function parseSearchParams(raw: Record<string, unknown>): SearchParams {
  const query = asString(raw.query, 'query', '');
  if (query.length > MAX_QUERY_LENGTH) throw new SearchRequestError(`Query too long: at most ${MAX_QUERY_LENGTH} characters.`);
  const snippet = (asArray(raw.attributesToSnippet, 'attributesToSnippet') ?? []).map((s) => {
    const [attribute, words] = s.split(':');
    return { attribute: attribute!.trim(), words: Math.min(100, Math.max(1, Number(words) || 10)) };
  });
  const tags = raw.analyticsTags;
  return {
    query,
    page: asInt(raw.page, 'page', 0, 0, 1000),
    hitsPerPage: asInt(raw.hitsPerPage, 'hitsPerPage', DEFAULT_HITS_PER_PAGE, 0, MAX_HITS_PER_PAGE),
    filters: asString(raw.filters, 'filters', ''),
    numericFilters: asFilterList(raw.numericFilters, 'numericFilters'),
    facetFilters: asFilterList(raw.facetFilters, 'facetFilters'),
    attributesToRetrieve: asArray(raw.attributesToRetrieve, 'attributesToRetrieve'),
    attributesToHighlight: asArray(raw.attributesToHighlight, 'attributesToHighlight'),
    attributesToSnippet: snippet,
    highlightPreTag: asString(raw.highlightPreTag, 'highlightPreTag', '<em>'),
    highlightPostTag: asString(raw.highlightPostTag, 'highlightPostTag', '</em>'),
    snippetEllipsisText: asString(raw.snippetEllipsisText, 'snippetEllipsisText', '…'),
    clickAnalytics: asBool(raw.clickAnalytics, false),
    analytics: asBool(raw.analytics, true),
    analyticsTags: (asArray(tags, 'analyticsTags') ?? []).slice(0, 10).map((t) => t.slice(0, 100)),
    userToken: raw.userToken === undefined || raw.userToken === null ? null : asString(raw.userToken, 'userToken', '').slice(0, 129),
  };
}

/** The params string echoed in each result (what Algolia returns as `params`). */
export function paramsString(raw: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return search.toString().replaceAll('+', '%20');
}
