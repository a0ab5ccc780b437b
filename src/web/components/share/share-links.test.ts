import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARE_TARGETS, mastodonShareHref, parseMastodonHost, shareHref } from './share-links';

const EXPECTED_HOSTS = { x: 'x.com', linkedin: 'www.linkedin.com', facebook: 'www.facebook.com' } as const;

describe('share links', () => {
  it('carry any story address and title whole, to the service named and nowhere else', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string(), (url, title) => {
        for (const { target } of SHARE_TARGETS) {
          const href = new URL(shareHref(target, { url, title }));
          if (target === 'email') {
            expect(href.protocol).toBe('mailto:');
            expect(href.searchParams.get('body')).toBe(url);
            expect(href.searchParams.get('subject')).toBe(title);
            continue;
          }
          expect(href.protocol).toBe('https:');
          expect(href.host).toBe(EXPECTED_HOSTS[target]);
          expect(href.searchParams.get(target === 'facebook' ? 'u' : 'url')).toBe(url);
          // The address is one parameter: nothing in it adds another.
          expect([...href.searchParams.keys()].length).toBe(target === 'x' ? 2 : 1);
        }
      }),
    );
  });

  it.each([
    ['mastodon.social', 'mastodon.social'],
    ['  Mastodon.Social ', 'mastodon.social'],
    ['https://hachyderm.io/', 'hachyderm.io'],
    ['@ann@fosstodon.org', 'fosstodon.org'],
    ['ann@social.example.co.uk', 'social.example.co.uk'],
  ])('reads the Mastodon server %j as %j', (raw, host) => {
    expect(parseMastodonHost(raw)).toBe(host);
  });

  it.each(['', 'mastodon', 'http://mastodon.social', 'javascript:alert(1)', 'evil.com/phish?x=', 'https://user:pw@evil.com', 'mastodon.social:8080', '127.0.0.1', 'a..b', '-bad.com', 'evil.com#'])(
    'refuses %j as a Mastodon server',
    (raw) => {
      expect(parseMastodonHost(raw)).toBeNull();
    },
  );

  it('any accepted server is the host of the share link, with the story in its text', () => {
    fc.assert(
      fc.property(fc.string(), fc.webUrl(), (raw, url) => {
        const host = parseMastodonHost(raw);
        if (host === null) return;
        const href = new URL(mastodonShareHref(host, { url, title: 'T' }));
        expect(href.host).toBe(host);
        expect(href.pathname).toBe('/share');
        expect(href.searchParams.get('text')).toBe(`T ${url}`);
      }),
    );
    fc.assert(
      fc.property(fc.domain(), fc.webUrl(), (domain, url) => {
        const host = parseMastodonHost(domain);
        if (!/^[0-9.]+$/.test(domain)) expect(host).toBe(domain.toLowerCase());
        if (host) expect(new URL(mastodonShareHref(host, { url, title: '' })).searchParams.get('text')).toBe(url);
      }),
    );
  });
});
