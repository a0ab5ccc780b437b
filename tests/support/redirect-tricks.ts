import { REDIRECT_MAX_LENGTH } from '../../src/shared/redirect.js';

/**
 * Redirect targets that look like a place on the site but lead elsewhere (or break a
 * Location header): each must come back as the home page. Shared by the unit table and the
 * sign-in endpoints' tests. `MAIN` is the site's origin in those tests.
 */
export function redirectTricks(MAIN: string): [why: string, target: string][] {
  const { host, protocol } = new URL(MAIN);
  const otherScheme = protocol === 'https:' ? 'http:' : 'https:';
  return [
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
      ['userinfo on the main origin', `${protocol}//attacker@${host}/`],
      ['userinfo that names the main host', `${protocol}//${host}@evil.com/`],
      ['the main host on another scheme', `${otherScheme}//${host}/`],
      ['the main host on another port', `${protocol}//${new URL(MAIN).hostname}:8443/`],
      ['a lookalike host (Cyrillic a)', `${protocol}//${host.replace('a', 'а')}/`],
      ['javascript:', 'javascript:alert(1)'],
      ['javascript: in capitals', 'JavaScript:alert(1)'],
      ['data:', 'data:text/html,<script>alert(1)</script>'],
      ['a relative path', 'evil.com'],
      ['a bare host with a port', 'evil.com:443'],
      ['too long', `/${'a'.repeat(REDIRECT_MAX_LENGTH)}`],
  ];
}
