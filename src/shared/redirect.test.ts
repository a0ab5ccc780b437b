import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOME_PATH, normalizeRedirect, REDIRECT_MAX_LENGTH } from './redirect';

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
    ['not a string', { toString: () => '/x' }],
    ['empty', ''],
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with a path', '//evil.com/@maya'],
    ['triple slash', '///evil.com'],
    ['slash backslash', '/\\evil.com'],
    ['backslash slash', '\\/evil.com'],
    ['backslashes', '\\\\evil.com'],
    ['a backslash inside the path', '/a\\b'],
    ['a tab between the slashes', '/\t/evil.com'],
    ['a newline between the slashes', '/\n/evil.com'],
    ['a carriage return', '/\r/evil.com'],
    ['header injection', '/x\r\nSet-Cookie: sid=1'],
    ['a NUL', '/x\u0000'],
    ['leading whitespace', ' /@maya'],
    ['a leading tab', '\t//evil.com'],
    ['a trailing newline', '/@maya\n'],
    ['a no-break space', '/\u00a0/evil.com'],
    ['an ideographic space', '/\u3000/evil.com'],
    ['a line separator', '/x\u2028'],
    ['a zero-width space', '/\u200b/evil.com'],
    ['a right-to-left override', '/\u202emoc.live'],
    ['a byte-order mark', '\ufeff/x'],
    ['an encoded slash', '/%2F%2Fevil.com'],
    ['an encoded slash in lowercase', '/%2f/evil.com'],
    ['an encoded backslash', '/%5Cevil.com'],
    ['a double-encoded slash', '/%252F%252Fevil.com'],
    ['an encoded newline', '/x%0a'],
    ['an encoded NUL', '/x%00'],
    ['dot segments that leave two slashes', '/.//evil.com'],
    ['parent segments that leave two slashes', '/..//evil.com'],
    ['an absolute URL elsewhere', 'https://evil.com/'],
    ['a scheme without slashes', 'https:evil.com'],
    ['a scheme with a backslash', 'https:\\\\evil.com'],
    ['userinfo on the main origin', `https://attacker@main.example/`],
    ['userinfo that names the main host', 'https://main.example@evil.com/'],
    ['the main host on another scheme', 'http://main.example/'],
    ['the main host on another port', 'https://main.example:8443/'],
    ['a lookalike host', 'https://mаin.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals', 'JavaScript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'evil.com'],
    ['a bare host with a port', 'evil.com:443'],
    ['too long', `/${'a'.repeat(REDIRECT_MAX_LENGTH)}`],
  ])('sends %s home', (_why, target) => {
    expect(normalizeRedirect(target, { sameSiteOrigins: [MAIN] })).toBe(HOME_PATH);
  });

  it('takes absolute URLs only on the origins it is given', () => {
    expect(normalizeRedirect(`${MAIN}/@maya`)).toBe(HOME_PATH);
    expect(normalizeRedirect(`${MAIN}/@maya`, { sameSiteOrigins: [MAIN] })).toBe('/@maya');
  });
});
