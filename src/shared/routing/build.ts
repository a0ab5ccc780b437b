import type { CompiledRoute } from './table.js';
import { ROUTE_TABLES, TABLE_HOST_PARAMS } from './tables.js';
import type { RouteParams, RouteTableKind } from './types.js';

export interface BuildRouteOptions {
  /** Table of the host the link is rendered on; 'default' when omitted. */
  table?: RouteTableKind;
  /** What the current host implies, e.g. { username: 'ann' } on ann.example.com. */
  hostParams?: Readonly<RouteParams>;
  /** e.g. 'https://example.com'; needed whenever the link has to leave the current host. */
  mainOrigin?: string;
  /** Origin of the current host; used when `absolute` is set and the route is served here. */
  currentOrigin?: string;
  /** Always return an absolute URL (emails, feeds, canonical links). */
  absolute?: boolean;
  query?: Readonly<Record<string, string | undefined>>;
  hash?: string;
}

const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** Fills a compiled pattern; a missing param throws, an empty one warns (spec §2.2). */
export function fillPattern(route: CompiledRoute, params: Readonly<Record<string, string | undefined>>): string {
  const { name } = route.def;
  const parts = route.segments.map((seg) => {
    if (seg.kind === 'literal') return seg.value;
    if (!hasOwn(params, seg.name)) throw new Error(`Route "${name}" is missing param "${seg.name}".`);
    const value = params[seg.name];
    if (value === undefined || value === '') {
      console.warn(`Route "${name}" was built with an empty param "${seg.name}".`);
    }
    const text = value ?? '';
    if (seg.kind === 'rest') return text.split('/').map(encodeURIComponent).join('/');
    return seg.prefix + encodeURIComponent(text);
  });
  return `/${parts.join('/')}`;
}

function servedHere(kind: RouteTableKind, params: Readonly<Record<string, string | undefined>>, hostParams?: Readonly<RouteParams>): boolean {
  return TABLE_HOST_PARAMS[kind].every((p) => params[p] === undefined || params[p] === hostParams?.[p]);
}

function trimOrigin(origin: string | undefined, what: string, name: string): string {
  if (!origin) throw new Error(`Route "${name}" needs ${what} to build a link for this host.`);
  return origin.replace(/\/+$/, '');
}

function suffix(opts: BuildRouteOptions): string {
  let out = '';
  if (opts.query) {
    const entries = Object.entries(opts.query).filter((e): e is [string, string] => e[1] !== undefined);
    if (entries.length > 0) out += `?${new URLSearchParams(entries).toString()}`;
  }
  if (opts.hash) out += `#${opts.hash.replace(/^#/, '')}`;
  return out;
}

/**
 * Builds a link to a named route. Routes the current host serves stay relative; a route it does
 * not serve (or serves for another profile or publication) points to the main host (spec §2.2).
 * Params not in the pattern are ignored; use `query` for query parameters.
 */
export function buildRoute(
  name: string,
  params: Readonly<Record<string, string | undefined>>,
  opts: BuildRouteOptions = {},
): string {
  const kind = opts.table ?? 'default';
  const local = ROUTE_TABLES[kind].get(name);
  if (local && servedHere(kind, params, opts.hostParams)) {
    const path = fillPattern(local, params) + suffix(opts);
    if (!opts.absolute) return path;
    const origin = opts.currentOrigin ?? (kind === 'default' ? opts.mainOrigin : undefined);
    // On the main host both origins are the same; name the one callers usually pass.
    return trimOrigin(origin, kind === 'default' ? 'mainOrigin' : 'currentOrigin', name) + path;
  }
  const main = ROUTE_TABLES.default.get(name);
  if (!main) throw new Error(`Unknown route "${name}".`);
  const path = fillPattern(main, params) + suffix(opts);
  if (kind === 'default' && !opts.absolute) return path;
  return trimOrigin(opts.mainOrigin ?? (kind === 'default' ? opts.currentOrigin : undefined), 'mainOrigin', name) + path;
}
