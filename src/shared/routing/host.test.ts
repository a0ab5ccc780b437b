import { describe, expect, it } from 'vitest';
import { postIdFromSlug, postSlugParam, profileUrl, publicationUrl, resolveRoute, tableForHost } from './index.js';

describe('tableForHost', () => {
  it('serves the main host, with or without www and default ports, from the default table', () => {
    expect(tableForHost('example.com', 'example.com')).toEqual({ kind: 'default' });
    expect(tableForHost('Example.COM.', 'example.com')).toEqual({ kind: 'default' });
    expect(tableForHost('www.example.com', 'example.com')).toEqual({ kind: 'default' });
    expect(tableForHost('example.com:443', 'example.com')).toEqual({ kind: 'default' });
    expect(tableForHost('', 'example.com')).toEqual({ kind: 'default' });
  });

  it('compares ports', () => {
    expect(tableForHost('localhost:3000', 'localhost:3000')).toEqual({ kind: 'default' });
    expect(tableForHost('example.com:8080', 'example.com')).toEqual({ kind: 'publication-domain', domain: 'example.com' });
    expect(tableForHost('ann.example.com:8080', 'example.com:3000').kind).toBe('publication-domain');
  });

  it('treats loopback names on the main port as the main host', () => {
    expect(tableForHost('127.0.0.1:3000', 'localhost:3000')).toEqual({ kind: 'default' });
    expect(tableForHost('[::1]:3000', 'localhost:3000')).toEqual({ kind: 'default' });
    expect(tableForHost('localhost:3000', '127.0.0.1:3000')).toEqual({ kind: 'default' });
    expect(tableForHost('localhost', 'example.com')).toEqual({ kind: 'default' });
  });

  it('maps one-label subdomains to profiles', () => {
    expect(tableForHost('ann.example.com', 'example.com')).toEqual({ kind: 'user-domain', username: 'ann' });
    expect(tableForHost('Ann.localhost:3000', 'localhost:3000')).toEqual({ kind: 'user-domain', username: 'ann' });
    expect(tableForHost('a.b.example.com', 'example.com')).toEqual({ kind: 'publication-domain', domain: 'a.b.example.com' });
  });

  it('leaves any other host to the publication-domain table', () => {
    expect(tableForHost('blog.acme.org', 'example.com')).toEqual({ kind: 'publication-domain', domain: 'blog.acme.org' });
    expect(tableForHost('notexample.com', 'example.com').kind).toBe('publication-domain');
  });
});

describe('user-domain table', () => {
  const host = { hostParams: { username: 'ann' } };
  it.each([
    ['/', 'ShowUser', 'user-profile'],
    ['/about', 'ShowUserAbout', 'user-about'],
    ['/followers', 'ShowUserFollowers', 'user-followers'],
    ['/following', 'ShowUserFollowing', 'user-following'],
    ['/lists', 'ShowUserLists', 'user-catalogs'],
    ['/list/reading-list-1a2b3c4d5e6f', 'ShowUserList', 'user-catalog'],
    ['/books', 'ShowUserBooks', 'user-books'],
    ['/stats', 'ShowUserStats', 'stats-homepage'],
    ['/why-we-write-1a2b3c4d5e6f', 'ShowPostUnderUser', 'post'],
    ['/feed', 'ShowFeedUser', null],
  ])('%s → %s', (url, name, pageId) => {
    const match = resolveRoute('user-domain', url, host);
    expect(match).toMatchObject({ name, pageId, table: 'user-domain' });
    expect(match?.params.username).toBe('ann');
  });
});

describe('publication-domain table', () => {
  it.each([
    ['/', 'ShowCollectionHome', 'publication-profile'],
    ['/about', 'ShowCollectionMasthead', 'publication-about'],
    ['/tagged/js', 'ShowCollectionTagged', 'publication-tagged'],
    ['/archive/2024/06', 'ShowCollectionArchiveMonthly', 'community-publication-archive'],
    ['/latest', 'ShowCollectionLatest', 'community-publication-latest'],
    ['/newsletter', 'ShowCollectionNewsletterPromotionPage', 'publication-newsletter-promotion'],
    ['/followers', 'ShowLiteCollectionFollowers', 'publication-followers'],
    ['/why-we-write-1a2b3c4d5e6f', 'ShowPostUnderCollection', 'post'],
    ['/feed', 'ShowFeedCollection', null],
    ['/feed/tagged/js', 'ShowFeedCollectionTagged', null],
  ])('%s → %s', (url, name, pageId) => {
    const match = resolveRoute('publication-domain', url);
    expect(match).toMatchObject({ name, pageId, table: 'publication-domain' });
    // The page finds the publication by hostname when collectionSlug is absent (spec §2.2).
    expect(match?.params.collectionSlug).toBeUndefined();
  });

  it('does not serve main-host-only paths', () => {
    expect(resolveRoute('publication-domain', '/me/settings/x/y')).toBeNull();
    expect(resolveRoute('publication-domain', '/c/abc/about')).toBeNull();
  });
});

describe('postIdFromSlug', () => {
  it.each([
    ['why-we-write-1a2b3c4d5e6f', '1a2b3c4d5e6f'],
    ['1a2b3c4d5e6f', '1a2b3c4d5e6f'],
    ['a-b-c-deadbeef', 'deadbeef'],
    ['x-0123456789abcdef', '0123456789abcdef'],
    ['hello', null],
    ['hello-world', null],
    ['why-1A2B3C4D5E6F', null],
    ['why-1a2b3c4', null],
    ['why-0123456789abcdef0', null],
    ['why-1a2b3c4d5e6f-', null],
    ['', null],
  ])('%s → %s', (param, id) => {
    expect(postIdFromSlug(param)).toBe(id);
  });

  it('builds slug params that it can read back', () => {
    expect(postSlugParam('why-we-write', '1a2b3c4d5e6f')).toBe('why-we-write-1a2b3c4d5e6f');
    expect(postSlugParam('', '1a2b3c4d5e6f')).toBe('1a2b3c4d5e6f');
    expect(postIdFromSlug(postSlugParam('deadbeef', '1a2b3c4d5e6f'))).toBe('1a2b3c4d5e6f');
  });
});

describe('profile and publication URLs (spec §2.2)', () => {
  const opts = { mainOrigin: 'https://example.com' };
  it('prefers the custom domain, then the subdomain, then /@username, then /u/{id}', () => {
    expect(profileUrl({ id: 'u1', username: 'ann', hasSubdomain: true, customDomain: 'ann.blog' }, opts)).toBe('https://ann.blog/');
    expect(profileUrl({ id: 'u1', username: 'ann', hasSubdomain: true }, opts)).toBe('https://ann.example.com/');
    expect(profileUrl({ id: 'u1', username: 'ann' }, opts)).toBe('https://example.com/@ann');
    expect(profileUrl({ id: 'u1', username: null }, opts)).toBe('https://example.com/u/u1');
  });

  it('uses a publication custom domain, else /{slug}, else /c/{id}', () => {
    expect(publicationUrl({ id: 'c1', slug: 'pub', customDomain: 'pub.org' }, opts)).toBe('https://pub.org/');
    expect(publicationUrl({ id: 'c1', slug: 'pub' }, opts)).toBe('https://example.com/pub');
    expect(publicationUrl({ id: 'c1' }, { mainOrigin: 'http://localhost:3000/' })).toBe('http://localhost:3000/c/c1');
  });
});
