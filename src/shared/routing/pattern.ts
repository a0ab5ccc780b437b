export type Segment =
  | { kind: 'literal'; value: string }
  /** `{name}` has prefix ''; `@{username}` has prefix '@'. */
  | { kind: 'param'; name: string; prefix: string }
  | { kind: 'rest'; name: string };

const PARAM_SEGMENT = /^([^{}]*)\{([A-Za-z_][A-Za-z0-9_]*)(\*)?\}$/;

export function parsePattern(pattern: string): Segment[] {
  if (!pattern.startsWith('/')) throw new Error(`Route pattern "${pattern}" must start with "/".`);
  const parts = pattern === '/' ? [] : pattern.slice(1).split('/');
  const seen = new Set<string>();
  return parts.map((part, index): Segment => {
    if (part === '') throw new Error(`Route pattern "${pattern}" has an empty segment.`);
    if (!part.includes('{') && !part.includes('}')) return { kind: 'literal', value: part };
    const m = PARAM_SEGMENT.exec(part);
    if (!m) throw new Error(`Route pattern "${pattern}" has an invalid segment "${part}".`);
    const [, prefix = '', name = '', star] = m;
    if (seen.has(name)) throw new Error(`Route pattern "${pattern}" repeats param "${name}".`);
    seen.add(name);
    if (star) {
      if (prefix || index !== parts.length - 1) {
        throw new Error(`Route pattern "${pattern}": "{${name}*}" must be a whole, final segment.`);
      }
      return { kind: 'rest', name };
    }
    return { kind: 'param', name, prefix };
  });
}

/** One key per segment shape: two patterns with equal shape keys match exactly the same paths. */
export function shapeKey(segment: Segment): string {
  if (segment.kind === 'literal') return `L${segment.value}`;
  if (segment.kind === 'param') return `P${segment.prefix}`;
  return 'R';
}

const SCHEME_AND_HOST = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/;

function safeDecode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is kept as typed; the page then fails to find the entity and shows 404.
    return segment;
  }
}

/**
 * Splits a URL or path into decoded segments. Query and hash are dropped and one trailing slash is
 * tolerated. A path starting with '//' is kept as a path (request URLs never carry a host, and
 * reading one out of it would let '//evil/x' pick the route of '/x').
 */
export function pathSegments(url: string): string[] {
  let path = url.replace(SCHEME_AND_HOST, '');
  const cut = path.search(/[?#]/);
  if (cut !== -1) path = path.slice(0, cut);
  if (!path.startsWith('/')) path = `/${path}`;
  const parts = path.split('/').slice(1);
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts.map(safeDecode);
}

/** The query string of a URL, with its '?', or '' (the hash never reaches the server anyway). */
export function queryString(url: string): string {
  const h = url.indexOf('#');
  const beforeHash = h === -1 ? url : url.slice(0, h);
  const q = beforeHash.indexOf('?');
  if (q === -1 || q === beforeHash.length - 1) return '';
  return beforeHash.slice(q);
}
