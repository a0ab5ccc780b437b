import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { SearchRequestError } from './errors.js';
import { parseFilterList, parseFilters, requestFilter } from './filters.js';
import { mergeParams, parseSearchParams } from './params.js';
import { POST_FILTERS } from './posts-search.js';
import { highlight, queryWords, snippet, tsqueryText } from './text.js';
import { createSearchKey, verifySearchKey } from './keys.js';

const dialect = new PgDialect();
const compiled = (filters: string) => dialect.sqlToQuery(requestFilter([parseFilters(filters)], POST_FILTERS)!);

describe('search parameters', () => {
  it('reads the params string over the flat form, with JSON or comma arrays', () => {
    const p = parseSearchParams(mergeParams({ hitsPerPage: 5, params: 'query=caf%C3%A9%20au&hitsPerPage=3&attributesToRetrieve=%5B%22title%22%5D&analyticsTags=a,b&clickAnalytics=true' }));
    expect(p).toMatchObject({ query: 'café au', hitsPerPage: 3, attributesToRetrieve: ['title'], analyticsTags: ['a', 'b'], clickAnalytics: true, page: 0 });
  });
  it('refuses what is out of range', () => {
    expect(() => parseSearchParams({ hitsPerPage: 1001 })).toThrow(SearchRequestError);
    expect(() => parseSearchParams({ page: -1 })).toThrow('Invalid value for "page"');
    expect(() => parseSearchParams({ facetFilters: '[broken' })).toThrow('not valid JSON');
  });
});

describe('filters', () => {
  it('compiles AND, OR, NOT, ranges and comparisons to parameterized SQL', () => {
    const q = compiled('creatorId:abc AND (tags:"data science" OR NOT tags:rust) AND firstPublishedAt > 1700000000000');
    expect(q.sql).toBe('((s.creator_id = $1 and s.creator_id is not null) and ((s.tags @> array[$2]::text[]) or (not (s.tags @> array[$3]::text[]))) and (s.first_published_at > to_timestamp($4::double precision / 1000)))');
    expect(q.params).toEqual(['abc', 'data science', 'rust', 1700000000000]);
    expect(compiled('clapCount:10 TO 20').sql).toBe('(s.clap_count between $1::double precision and $2::double precision)');
  });
  it('reads facetFilters as AND of ORs with negation', () => {
    const node = parseFilterList(['tags:a', ['creatorId:x', '-creatorId:y']], 'facet');
    expect(node).toEqual({ kind: 'and', items: [{ kind: 'facet', attribute: 'tags', value: 'a' }, { kind: 'or', items: [{ kind: 'facet', attribute: 'creatorId', value: 'x' }, { kind: 'not', item: { kind: 'facet', attribute: 'creatorId', value: 'y' } }] }] });
  });
  it('refuses unknown attributes and broken syntax', () => {
    expect(() => compiled('password:x')).toThrow('Unknown attribute "password"');
    expect(() => parseFilters('tags:a AND')).toThrow('expected a condition');
    expect(() => parseFilters('tags:a)')).toThrow('unexpected ")"');
    expect(() => compiled('creatorId > 3')).toThrow('numeric comparison');
  });
});

describe('query words and highlighting', () => {
  it('folds accents and quotes words for to_tsquery, the last one as a prefix while typed', () => {
    expect(queryWords("José's café")).toEqual({ words: ['jose', 's', 'cafe'], prefixLast: true });
    expect(tsqueryText(queryWords('data scien'))).toBe("'data' & 'scien':*");
    expect(tsqueryText(queryWords("x' | !y ")).includes('|')).toBe(false);
  });
  it('highlights matched words, prefixes and stems with the given tags', () => {
    const h = highlight('Databases of São Paulo', queryWords('database sao pau'), { pre: '[', post: ']' });
    expect(h).toEqual({ value: '[Databases] of [São] [Paulo]', matchLevel: 'full', matchedWords: ['database', 'sao', 'pau'], fullyHighlighted: false });
  });
  it('snippets around the first match with the ellipsis', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve';
    expect(snippet(text, queryWords('nine '), { pre: '<em>', post: '</em>' }, 4, '…').value).toBe('…eight <em>nine</em> ten eleven…');
  });
});

describe('search keys', () => {
  it('verify while unexpired and signed, carrying the viewer', () => {
    const { apiKey } = createSearchKey('s'.repeat(32), 'abc123', 1_000_000);
    expect(verifySearchKey('s'.repeat(32), apiKey, 1_000_000)?.viewerId).toBe('abc123');
    expect(verifySearchKey('t'.repeat(32), apiKey, 1_000_000)).toBeNull();
    expect(verifySearchKey('s'.repeat(32), apiKey, 1_000_000 + 3_600_001)).toBeNull();
  });
});
