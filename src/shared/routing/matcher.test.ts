import { describe, expect, it } from 'vitest';
import {
  RESERVED_ROOT_SEGMENTS,
  createRouteTable,
  invalidRedirectMessage,
  pageIdForMatch,
  resolveRoute,
  routeMetricName,
  type RouteDef,
} from './index.js';

const ID = '1a2b3c4d5e6f';

describe('matching', () => {
  it('ignores query and hash and tolerates a trailing slash', () => {
    for (const url of ['/me/stories/drafts', '/me/stories/drafts/', '/me/stories/drafts?x=1#top', '/me/stories/drafts/#top']) {
      expect(resolveRoute('default', url)?.name, url).toBe('ShowYourStories');
    }
    expect(resolveRoute('default', '/?ref=1')?.name).toBe('ShowHome');
    expect(resolveRoute('default', '')?.name).toBe('ShowHome');
  });

  it('accepts absolute URLs and keeps a leading "//" as part of the path', () => {
    expect(resolveRoute('default', 'https://example.com/@ann/about?x=1')?.name).toBe('ShowUserAbout');
    expect(resolveRoute('default', '//evil.example/about')).toBeNull();
  });

  it('lets literal segments win over params', () => {
    expect(resolveRoute('default', '/me/stories')?.name).toBe('ShowYourStoriesIndex');
    expect(resolveRoute('default', '/p/import')?.name).toBe('ShowPostImport');
    expect(resolveRoute('default', '/s/new')?.name).toBe('ShowNewSequence');
    expect(resolveRoute('default', '/me/following/suggestions')?.name).toBe('ShowFollowsSuggestions');
    expect(resolveRoute('default', '/@ann/about')?.name).toBe('ShowUserAbout');
    expect(resolveRoute('default', '/the-pub/about')?.name).toBe('ShowCollectionMasthead');
  });

  it('backtracks to a param branch when a literal branch dead-ends', () => {
    const match = resolveRoute('default', `/search/why-${ID}/x`);
    expect(match).toBeNull();
    expect(resolveRoute('default', `/me/why-${ID}`)?.name).toBe('ShowPostUnderCollection');
  });

  it('reads @{username} only from segments starting with "@" and a non-empty name', () => {
    expect(resolveRoute('default', '/@ann')?.params.username).toBe('ann');
    expect(resolveRoute('default', '/ann')?.name).toBe('ShowCollectionHome');
    expect(resolveRoute('default', '/@')?.name).toBe('ShowCollectionHome');
  });

  it('percent-decodes params and keeps malformed escapes as typed', () => {
    expect(resolveRoute('default', '/tag/caf%C3%A9')?.params.tagSlug).toBe('café');
    expect(resolveRoute('default', '/%40ann')?.params.username).toBe('ann');
    expect(resolveRoute('default', '/tag/a%2Fb')?.params.tagSlug).toBe('a/b');
    expect(resolveRoute('default', '/tag/%E0%A4%A')?.params.tagSlug).toBe('%E0%A4%A');
  });

  it('does not match empty interior segments', () => {
    expect(resolveRoute('default', '/tag//latest')).toBeNull();
    expect(resolveRoute('default', '/me//stories')).toBeNull();
  });

  it('returns null when nothing matches', () => {
    expect(resolveRoute('default', '/a/b/c/d/e/f')).toBeNull();
    expect(resolveRoute('user-domain', '/me/stories')).toBeNull();
  });

  it('captures catch-all params across segments', () => {
    expect(resolveRoute('default', '/me/settings/payout/a/b%20c')?.params.step).toBe('a/b c');
  });

  it('merges route defaults and host params, path params winning', () => {
    const match = resolveRoute('user-domain', '/latest', { hostParams: { username: 'ann' } });
    expect(match).toMatchObject({ name: 'ShowUserLatest', params: { username: 'ann', tab: 'LATEST' }, table: 'user-domain' });
  });
});

describe('redirects', () => {
  it.each([
    ['/tag/js/latest', '/tag/js', 301],
    ['/tag/js/top-writers', '/tag/js/who-to-follow', 301],
    ['/tag/js/top/year', '/tag/js', 302],
    ['/tagged/js', '/tag/js', 301],
    ['/topics', '/explore-topics', 301],
    ['/me/following/topics', '/me/following', 302],
    ['/browse/top/june-1-2024', '/top-stories/june-1-2024', 301],
    ['/me/activity', '/me/notifications', 301],
    ['/me/bookmarks', '/me/lists', 301],
    ['/earn', '/partner-program', 301],
    ['/get-started', '/get-started/topics', 302],
    ['/m/getting-started', '/get-started/topics', 302],
    ['/m/app', '/download-app', 302],
    ['/@ann/recommended', '/@ann/has-recommended', 301],
    ['/the-pub/edit', '/the-pub/settings', 301],
    ['/c/abc123def456/edit', '/c/abc123def456/settings', 301],
  ] as const)('%s → %s (%d)', (from, location, status) => {
    const match = resolveRoute('default', from);
    expect(match?.redirect).toEqual({ location, status });
    expect(match?.invalidRedirect).toBeUndefined();
  });

  it('keeps the query string and drops the hash', () => {
    expect(resolveRoute('default', '/tag/js/latest?source=home#x')?.redirect?.location).toBe('/tag/js?source=home');
  });

  it('encodes target params', () => {
    expect(resolveRoute('default', '/tagged/caf%C3%A9')?.redirect?.location).toBe('/tag/caf%C3%A9');
  });

  it('stays on the host it matched on', () => {
    const match = resolveRoute('user-domain', '/recommended', { hostParams: { username: 'ann' } });
    expect(match?.redirect).toEqual({ location: '/has-recommended', status: 301 });
    expect(resolveRoute('publication-domain', '/edit')?.redirect?.location).toBe('/settings');
  });

  it('flags a redirect with an empty param as invalid, with the spec message', () => {
    const match = resolveRoute('default', '/tag/%20/latest');
    expect(match?.invalidRedirect).toBe(true);
    expect(match?.redirect).toBeUndefined();
    expect(pageIdForMatch(match)).toBe('not-found');
    expect(invalidRedirectMessage(match!.name)).toBe('Route "ShowTagLatest" had invalid params when attempting to redirect');
  });

  it('flags an invalid redirect when a param function yields nothing', () => {
    const table = createRouteTable([
      { name: 'Target', pattern: '/t/{slug}', pageId: 'topic' },
      { name: 'Old', pattern: '/old/{slug}', pageId: null, redirect: { to: 'Target', status: 301, params: () => ({ slug: '' }) } },
    ]);
    expect(table.match('/old/x')?.route.def.name).toBe('Old');
  });
});

describe('pageIdForMatch and routeMetricName', () => {
  it('falls back to the not-found page', () => {
    expect(pageIdForMatch(null)).toBe('not-found');
    expect(pageIdForMatch(resolveRoute('default', '/m/signout/x'))).toBe('not-found');
    expect(pageIdForMatch(resolveRoute('default', '/@ann'))).toBe('user-profile');
  });

  it('names the route, never the raw path', () => {
    expect(routeMetricName(resolveRoute('default', `/@ann/why-${ID}`))).toBe('ShowPostUnderUser');
    expect(routeMetricName(null)).toBe('NotFound');
  });
});

describe('createRouteTable', () => {
  const def = (name: string, pattern: string): RouteDef => ({ name, pattern, pageId: 'post' });

  it('rejects patterns with the same segment shape, naming both', () => {
    expect(() => createRouteTable([def('A', '/{a}/x'), def('B', '/{b}/x')])).toThrow(
      'Ambiguous route patterns: "A" (/{a}/x) and "B" (/{b}/x) match the same paths.',
    );
    expect(() => createRouteTable([def('A', '/me/x'), def('B', '/me/x')])).toThrow(/"A".*"B"/);
    expect(() => createRouteTable([def('A', '/@{a}'), def('B', '/@{b}')])).toThrow(/Ambiguous/);
    expect(() => createRouteTable([def('A', '/f/{a*}'), def('B', '/f/{b*}')])).toThrow(/Ambiguous/);
    expect(() => createRouteTable([def('A', '/'), def('B', '/')])).toThrow(/Ambiguous/);
  });

  it('accepts patterns that differ in shape', () => {
    const table = createRouteTable([def('A', '/{a}/x'), def('B', '/x/{b}'), def('C', '/@{c}/x'), def('D', '/{d}/{e}')]);
    expect(table.match('/x/x')?.route.def.name).toBe('B');
    expect(table.match('/@u/x')?.route.def.name).toBe('C');
    expect(table.match('/u/x')?.route.def.name).toBe('A');
    expect(table.match('/u/y')?.route.def.name).toBe('D');
  });

  it('rejects duplicate names, bad patterns, shadowing defaults and dangling redirects', () => {
    expect(() => createRouteTable([def('A', '/a'), def('A', '/b')])).toThrow(/Duplicate route name "A"/);
    expect(() => createRouteTable([def('A', 'a')])).toThrow(/must start with/);
    expect(() => createRouteTable([def('A', '/a//b')])).toThrow(/empty segment/);
    expect(() => createRouteTable([def('A', '/{a}b')])).toThrow(/invalid segment/);
    expect(() => createRouteTable([def('A', '/{a}/{a}')])).toThrow(/repeats param/);
    expect(() => createRouteTable([def('A', '/{a*}/b')])).toThrow(/final segment/);
    expect(() => createRouteTable([{ ...def('A', '/{tab}'), defaults: { tab: 'x' } }])).toThrow(/default for its path param/);
    expect(() => createRouteTable([{ ...def('A', '/a'), redirect: { to: 'Nope', status: 301 } }])).toThrow(/not in the same table/);
    expect(() =>
      createRouteTable([def('T', '/t/{slug}'), { ...def('A', '/a/{x}'), redirect: { to: 'T', status: 301 } }]),
    ).toThrow(/no param "slug"/);
  });

  it('lists the reserved root words a publication slug cannot take', () => {
    for (const word of ['me', 'tag', 'p', 'search', 'new-story', 'm', 'c', 'u', 's', 'feed', 'plans']) {
      expect(RESERVED_ROOT_SEGMENTS.has(word), word).toBe(true);
    }
    expect(RESERVED_ROOT_SEGMENTS.has('the-pub')).toBe(false);
  });
});
