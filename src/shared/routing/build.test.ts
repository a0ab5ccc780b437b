import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_TABLES, buildRoute, resolveRoute } from './index.js';

const MAIN = 'https://example.com';
const ID = '1a2b3c4d5e6f';

afterEach(() => vi.restoreAllMocks());

describe('buildRoute', () => {
  it('builds paths from names and params', () => {
    expect(buildRoute('ShowHome', {})).toBe('/');
    expect(buildRoute('ShowPostUnderUser', { username: 'ann', postId: `why-${ID}` })).toBe(`/@ann/why-${ID}`);
    expect(buildRoute('ShowYourStories', { filterBy: 'deleted' })).toBe('/me/stories/deleted');
    expect(buildRoute('ShowCollectionArchiveDaily', { collectionSlug: 'pub', year: '2024', month: '06', day: '01' })).toBe(
      '/pub/archive/2024/06/01',
    );
    expect(buildRoute('ShowSignOut', { xsrf: 'tok' })).toBe('/m/signout/tok');
  });

  it('encodes params, keeps catch-all slashes and appends query and hash', () => {
    expect(buildRoute('ShowTagPosts', { tagSlug: 'café & co' })).toBe('/tag/caf%C3%A9%20%26%20co');
    expect(buildRoute('ShowPayoutSettingsStep', { step: 'bank/verify' })).toBe('/me/settings/payout/bank/verify');
    expect(buildRoute('ShowSearch', {}, { query: { q: 'ink well', skip: undefined } })).toBe('/search?q=ink+well');
    expect(buildRoute('ShowSettings', {}, { hash: 'membership' })).toBe('/me/settings#membership');
  });

  it('round-trips through the matcher', () => {
    for (const route of ROUTE_TABLES.default.routes) {
      const params = Object.fromEntries(route.paramNames.map((p) => [p, `v-${p}`]));
      const path = buildRoute(route.def.name, params);
      const match = resolveRoute('default', path);
      expect(match?.name, path).toBe(route.def.name);
      expect(match?.params, path).toMatchObject(params);
    }
  });

  it('ignores params the pattern does not use', () => {
    expect(buildRoute('ShowStats', { postId: 'x' })).toBe('/me/stats');
  });

  it('throws naming a missing param', () => {
    expect(() => buildRoute('ShowPost', {})).toThrow('Route "ShowPost" is missing param "postId".');
    expect(() => buildRoute('ShowNope', {})).toThrow('Unknown route "ShowNope".');
  });

  it('warns on an empty or undefined param', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(buildRoute('ShowTagPosts', { tagSlug: '' })).toBe('/tag/');
    expect(buildRoute('ShowUser', { username: undefined })).toBe('/@');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toBe('Route "ShowTagPosts" was built with an empty param "tagSlug".');
    expect(warn.mock.calls[1]![0]).toContain('"username"');
  });

  it('does not warn for well-formed params', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    buildRoute('ShowPost', { postId: ID });
    expect(warn).not.toHaveBeenCalled();
  });

  it('returns absolute URLs on request', () => {
    expect(buildRoute('ShowPost', { postId: ID }, { absolute: true, mainOrigin: `${MAIN}/` })).toBe(`${MAIN}/p/${ID}`);
    expect(() => buildRoute('ShowPost', { postId: ID }, { absolute: true })).toThrow(/needs mainOrigin/);
  });
});

describe('buildRoute across hosts', () => {
  const onAnn = { table: 'user-domain', hostParams: { username: 'ann' }, mainOrigin: MAIN } as const;
  const onPub = { table: 'publication-domain', hostParams: { collectionSlug: 'the-pub' }, mainOrigin: MAIN } as const;

  it('keeps links the profile subdomain serves relative', () => {
    expect(buildRoute('ShowUser', { username: 'ann' }, onAnn)).toBe('/');
    expect(buildRoute('ShowUserAbout', {}, onAnn)).toBe('/about');
    expect(buildRoute('ShowPostUnderUser', { username: 'ann', postId: `why-${ID}` }, onAnn)).toBe(`/why-${ID}`);
  });

  it('sends links to routes the host does not serve to the main host', () => {
    expect(buildRoute('ShowYourStories', { filterBy: 'drafts' }, onAnn)).toBe(`${MAIN}/me/stories/drafts`);
    expect(buildRoute('ShowSignOut', { xsrf: 't' }, onPub)).toBe(`${MAIN}/m/signout/t`);
    expect(buildRoute('ShowTagPosts', { tagSlug: 'js' }, onPub)).toBe(`${MAIN}/tag/js`);
  });

  it('sends links to another profile or publication to the main host', () => {
    expect(buildRoute('ShowUser', { username: 'bob' }, onAnn)).toBe(`${MAIN}/@bob`);
    expect(buildRoute('ShowCollectionHome', { collectionSlug: 'other' }, onPub)).toBe(`${MAIN}/other`);
    expect(buildRoute('ShowCollectionHome', { collectionSlug: 'the-pub' }, onPub)).toBe('/');
    expect(buildRoute('ShowCollectionTagged', { tagSlug: 'js' }, onPub)).toBe('/tagged/js');
  });

  it('uses the current origin for absolute links the host serves', () => {
    expect(buildRoute('ShowUserAbout', {}, { ...onAnn, absolute: true, currentOrigin: 'https://ann.example.com' })).toBe(
      'https://ann.example.com/about',
    );
  });

  it('needs the main origin to leave the host', () => {
    expect(() => buildRoute('ShowStats', {}, { table: 'user-domain' })).toThrow(/needs mainOrigin/);
  });
});
