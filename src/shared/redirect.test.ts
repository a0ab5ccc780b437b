import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectTricks } from '../../tests/support/redirect-tricks';
import { HOME_PATH, normalizeRedirect, REDIRECT_MAX_LENGTH, sameSitePath } from './redirect';

const MAIN = 'https://main.example';

/** What every answer must be: a path that a browser resolves on this site, fit for a Location header. */
function expectSameSitePath(out: string) {
  expect(out.startsWith('/')).toBe(true);
  expect(out.startsWith('//')).toBe(false);
  expect(out).toMatch(/^[\x21-\x7e]+$/);
  expect(out.length).toBeLessThanOrEqual(REDIRECT_MAX_LENGTH);
  expect(new URL(out, MAIN).origin).toBe(MAIN);
  // A browser also treats '\' as '/', and a server decoding once more must not see another host.
  expect(new URL(out.replace(/\\/g, '/'), MAIN).origin).toBe(MAIN);
  expect(new URL(decodeURIComponentLoosely(out), MAIN).origin).toBe(MAIN);
}

function decodeURIComponentLoosely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Pieces attackers combine: separators, schemes, hosts, escapes, controls, spaces and lookalikes. */
const trickPiece = fc.constantFrom(
  '/', '//', '\\', '/\\', '\\/', '%2F', '%2f', '%5C', '%5c', '%252F', '%', '%zz', '@', ':', '.', '..', './', '../',
  'evil.com', 'main.example', 'https:', 'http:', 'javascript:', 'data:', 'HTTPS://', 'user:pass@', '?', '#', '&', '=',
  '\t', '\n', '\r', ' ', '\u0000', '\u000b', '\u007f', '\u0085', '\u00a0', '\u2028', '\u2029', '\u200b', '\u202e', '\u3000', '\ufeff',
  '／', '＼', '．', '﹫', 'а', 'é', '😀', 'a', 'story-0123456789ab', '@maya', '%00', '%0a', '%09',
);
const tricky = fc.array(trickPiece, { maxLength: 12 }).map((parts) => parts.join(''));
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
  tricky,
  tricky.map((s) => `/${s}`),
  tricky.map((s) => `${MAIN}/${s}`),
);

/** Paths the site itself links to: they must come back unchanged. */
const segment = fc.stringMatching(/^[a-z0-9][a-z0-9._~-]{0,20}$/);
const sitePath = fc
  .record({
    segments: fc.array(fc.oneof(segment, segment.map((s) => `@${s}`)), { maxLength: 5 }),
    query: fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 20 })), { maxLength: 3 }),
    hash: fc.option(fc.stringMatching(/^[a-z0-9-]{1,12}$/)),
  })
  .map(({ segments, query, hash }) => {
    const search = query.length ? `?${new URLSearchParams(query).toString()}` : '';
    return `/${segments.join('/')}${search}${hash ? `#${hash}` : ''}`;
  });

describe('normalizeRedirect', () => {
  it('always answers a same-site path, whatever it is given (property)', () => {
    fc.assert(
      fc.property(anyText, (target) => {
        expectSameSitePath(normalizeRedirect(target));
        expectSameSitePath(normalizeRedirect(target, { sameSiteOrigins: [MAIN] }));
      }),
      { numRuns: 5000 },
    );
  });

  it('is idempotent: a normalised target is kept as it is (property)', () => {
    fc.assert(
      fc.property(anyText, (target) => {
        const once = normalizeRedirect(target, { sameSiteOrigins: [MAIN] });
        expect(normalizeRedirect(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the paths the site links to, query and fragment included (property)', () => {
    fc.assert(
      fc.property(sitePath, (path) => {
        expect(normalizeRedirect(path)).toBe(path);
        expect(normalizeRedirect(`${MAIN}${path}`, { sameSiteOrigins: [MAIN] })).toBe(path);
      }),
    );
  });

  it.each([
    '/@maya/your-types-stop-at-the-front-door-8a40aba09a6b',
    '/me/settings/account#email',
    '/m/signin?operation=login&redirect=%2Fnew-story',
    '/search?q=caf%C3%A9',
    '/tag/type-script?skipOnboarding=1',
    '/',
  ])('keeps %s', (path) => expect(normalizeRedirect(path)).toBe(path));

  it.each([
    ['a non-ASCII path, encoded so it fits a header', '/tag/café', '/tag/caf%C3%A9'],
    ['a fullwidth solidus, which is a path character', '/／evil.com', '/%EF%BC%8Fevil.com'],
    ['dot segments', '/a/../b/./c', '/b/c'],
    ['an absolute URL on the main origin', `${MAIN}/@maya?x=1#y`, '/@maya?x=1#y'],
  ])('normalises %s', (_why, target, expected) => expect(normalizeRedirect(target, { sameSiteOrigins: [MAIN] })).toBe(expected));

  it.each([
    ['missing', undefined],
    ['null', null],
    ['not a string', { toString: (): string => '/x' }],
    ['empty', ''],
    ...redirectTricks(MAIN),
  ])('sends %s home', (_why, target) => {
    expect(normalizeRedirect(target, { sameSiteOrigins: [MAIN] })).toBe(HOME_PATH);
  });

  it('takes absolute URLs only on the origins it is given', () => {
    expect(normalizeRedirect(`${MAIN}/@maya`)).toBe(HOME_PATH);
    expect(normalizeRedirect(`${MAIN}/@maya`, { sameSiteOrigins: [MAIN] })).toBe('/@maya');
  });
});

describe('sameSitePath', () => {
  it('is null for what normalizeRedirect sends home, and otherwise the same path (property)', () => {
    fc.assert(
      fc.property(anyText, (target) => {
        const path = sameSitePath(target);
        if (path === null) expect(normalizeRedirect(target)).toBe(HOME_PATH);
        else expect(normalizeRedirect(target)).toBe(path);
      }),
    );
  });

  it.each(['/%', '/%zz', '/p/%ff', '/%C0%AF', '/@x/%E0%A4%A'])('is null for the broken escape %s', (target) => expect(sameSitePath(target)).toBeNull());

  it.each([
    ['/', '/'],
    ['/?', '/'],
    ['/./', '/'],
    ['/a/../@maya', '/@maya'],
  ])('gives %s as %s', (target, path) => expect(sameSitePath(target)).toBe(path));
});
