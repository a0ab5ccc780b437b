import { describe, expect, it } from 'vitest';
import { encodeSearchParams, predictiveRequests, resultsPageRequest, searchContextFor, withCreatorId } from './search-request';

const params = (s: string) => Object.fromEntries(new URLSearchParams(s));

describe('search requests (spec §7)', () => {
  it('encodes the parameters string, arrays as JSON', () => {
    const p = params(encodeSearchParams({ query: 'ink & quill', hitsPerPage: 3, numericFilters: ['postCount>=1'], clickAnalytics: true, analyticsTags: ['predictive'] }));
    expect(p).toEqual({ query: 'ink & quill', hitsPerPage: '3', numericFilters: '["postCount>=1"]', clickAnalytics: 'true', analyticsTags: '["predictive"]' });
  });

  it('the popover asks each index of the context for 3 hits in one request, topics only with stories', () => {
    const requests = predictiveRequests('ink', searchContextFor({ pageId: 'home', pathname: '/', viewerId: null }));
    expect(requests.map((r) => r.indexName)).toEqual(['posts', 'users', 'collections', 'tags']);
    for (const r of requests) {
      expect(params(r.params)).toMatchObject({ query: 'ink', hitsPerPage: '3', clickAnalytics: 'true' });
    }
    expect(params(requests[3]!.params).numericFilters).toBe('["postCount>=1"]');
    expect(params(requests[0]!.params).numericFilters).toBeUndefined();
  });

  it('a results page: 8 stories per page, 0-based pages', () => {
    expect(params(resultsPageRequest('posts', 'ink', 0).params)).toMatchObject({ query: 'ink', hitsPerPage: '8' });
    expect(params(resultsPageRequest('posts', 'ink', 2).params).page).toBe('2');
    expect(params(resultsPageRequest('tags', 'ink', 0).params).numericFilters).toBe('["postCount>=1"]');
  });
});

describe('search context by route (spec §2.5)', () => {
  const ctx = (pageId: string, pathname: string, viewerId: string | null = null) => searchContextFor({ pageId, pathname, viewerId });

  it('a story page searches stories', () => {
    expect(ctx('post', '/@ann/why-0123456789ab')).toMatchObject({ name: 'post', indexes: ['posts'] });
    expect(ctx('post', '/@ann/why-0123456789ab').postFilters).toBeUndefined();
  });

  it("a writer's pages search that writer's stories", () => {
    for (const pageId of ['user-profile', 'user-about', 'user-followers']) {
      const c = ctx(pageId, '/@ann.lee/about');
      expect(c).toMatchObject({ name: 'user', indexes: ['posts'], creatorUsername: 'ann.lee' });
      expect(params(predictiveRequests('x', withCreatorId(c, 'u"1'))[0]!.params).filters).toBe('creatorId:"u\\"1"');
    }
  });

  it('a writer known by id (/u/{id}) or the viewer (/me/about) needs no lookup', () => {
    expect(ctx('user-profile', '/u/0123456789ab')).toMatchObject({ name: 'user', postFilters: 'creatorId:"0123456789ab"' });
    expect(ctx('user-about', '/me/about', 'u1')).toMatchObject({ name: 'user', postFilters: 'creatorId:"u1"' });
    expect(ctx('user-about', '/me/about').name).toBe('default');
  });

  it("a topic's pages search its stories (and topics)", () => {
    expect(ctx('topic', '/tag/deep-work')).toMatchObject({ name: 'topic', indexes: ['posts', 'tags'], postFilters: 'tags:"deep-work"' });
  });

  it('your stories search your own, notifications search people', () => {
    expect(ctx('your-stories', '/me/stories/drafts', 'u1')).toMatchObject({ name: 'your-stories', postFilters: 'creatorId:"u1"' });
    expect(ctx('notifications', '/me/notifications')).toMatchObject({ indexes: ['users'] });
  });

  it('everywhere else searches stories, people, publications and topics', () => {
    expect(ctx('home', '/').indexes).toEqual(['posts', 'users', 'collections', 'tags']);
    expect(ctx('search', '/search').name).toBe('default');
    // A user page without a username in the path (a user's own domain) falls back to the default.
    expect(ctx('user-profile', '/').name).toBe('default');
  });
});
