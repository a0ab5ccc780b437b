/**
 * Where a reader goes after signing in, signing out or any flow that carries a `redirect`:
 * the one place that decides it, on the server (Location headers, stored sign-in attempts,
 * social sign-in state) and in the browser (window.location.assign, links).
 *
 * A target is kept only when it is a place on this site; the answer is always a path
 * (`/…` with its query and fragment, percent-encoded ASCII, so it fits a header), and
 * anything else, however close it looks to a path, becomes the home page. Off-site
 * targets would turn sign-in links into phishing links.
 */

/** Anything longer is not a link of ours. */
export const REDIRECT_MAX_LENGTH = 2000;

export const HOME_PATH = '/';

export interface RedirectOptions {
  /**
   * Origins (`https://example.com`) whose absolute URLs are taken as this site's paths: the
   * main host's. A configured publication or custom domain joins this list once those
   * exist; it will then need an absolute answer instead of a path, decided here.
   */
  sameSiteOrigins?: readonly string[];
}

/** An origin no target can claim: a path is resolved against it to see where it really leads. */
const PLACEHOLDER_ORIGIN = 'https://same-site.invalid';

/**
 * Characters no link of ours holds literally, and that browsers or the URL parser skip,
 * strip or read as something else: controls (tab, newline), spaces of any kind, zero-width
 * and direction marks, the byte-order mark, and the backslash that browsers read as '/'.
 */
// eslint-disable-next-line no-control-regex
const REFUSED_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]/;

/**
 * Escapes in the path that stand for a separator, a backslash, another escape (double
 * encoding) or a control: a server or proxy that decodes once more would see another path.
 */
const REFUSED_PATH_ESCAPES = /%(2f|5c|25|[01][0-9a-f]|7f)/i;

/** `target` as a path on this site, or the home page. */
export function normalizeRedirect(target: unknown, options: RedirectOptions = {}): string {
  return sameSitePath(target, options) ?? HOME_PATH;
}

/**
 * `target` as a normalised path on this site (dot segments resolved, non-ASCII encoded), or
 * null when it is not one. The server answers a request path that is not one with 404.
 */
export function sameSitePath(target: unknown, options: RedirectOptions = {}): string | null {
  if (typeof target !== 'string' || target === '' || target.length > REDIRECT_MAX_LENGTH) return null;
  if (REFUSED_CHARACTERS.test(target)) return null;
  const url = parseOnSite(target, options.sameSiteOrigins ?? []);
  if (!url || url.username || url.password) return null;
  const { pathname, search, hash } = url;
  // '/.//host' resolves to the path '//host', which a browser reads as another host.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || REFUSED_PATH_ESCAPES.test(pathname) || !decodes(pathname)) return null;
  const path = `${pathname}${search}${hash}`;
  return path.length > REDIRECT_MAX_LENGTH ? null : path;
}

/** A path with a broken escape ('%zz', a lone '%', bytes that are not UTF-8) names nothing. */
function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The parsed target when it stays on this site: a path, or an absolute URL on one of its origins. */
function parseOnSite(target: string, sameSiteOrigins: readonly string[]): URL | null {
  try {
    if (target.startsWith('/')) {
      // '//host' is another host to a browser (backslashes were refused above).
      if (target.startsWith('//')) return null;
      const url = new URL(target, PLACEHOLDER_ORIGIN);
      return url.origin === PLACEHOLDER_ORIGIN ? url : null;
    }
    const url = new URL(target);
    return sameSiteOrigins.includes(url.origin) ? url : null;
  } catch {
    return null;
  }
}
