import { NOT_FOUND_PAGE_ID, type PageId } from '../pages.js';
import { buildRoute } from './build.js';
import { queryString } from './pattern.js';
import type { TableMatch } from './table.js';
import { ROUTE_TABLES } from './tables.js';
import type { RouteMatch, RouteParams, RouteTableKind } from './types.js';

export interface ResolveOptions {
  /** What the host implies, merged into params (e.g. { username: 'ann' } on ann.example.com). */
  hostParams?: Readonly<RouteParams>;
  /** Only needed if a redirect's param function sends the reader to another host. */
  mainOrigin?: string;
}

/** Spec §8 text, logged when a redirect route matched with an empty param. */
export function invalidRedirectMessage(name: string): string {
  return `Route "${name}" had invalid params when attempting to redirect`;
}

const isBlank = (value: string | undefined) => value === undefined || value.trim() === '';

function redirectLocation(
  kind: RouteTableKind,
  matched: TableMatch,
  params: RouteParams,
  url: string,
  opts: ResolveOptions,
): string | null {
  const redirect = matched.route.def.redirect!;
  if (Object.values(matched.params).some(isBlank)) return null;
  const target = ROUTE_TABLES[kind].get(redirect.to)!;
  let targetParams: Record<string, string | undefined>;
  if (typeof redirect.params === 'function') {
    targetParams = redirect.params(params);
  } else {
    targetParams = {};
    for (const p of target.paramNames) targetParams[p] = params[redirect.params?.[p] ?? p];
  }
  if (target.paramNames.some((p) => isBlank(targetParams[p]))) return null;
  // The query survives the hop so source tracking and search terms are not lost.
  return buildRoute(redirect.to, targetParams, { table: kind, hostParams: opts.hostParams, mainOrigin: opts.mainOrigin }) + queryString(url);
}

/**
 * Matches a request URL (path or absolute URL; query and hash ignored) against a host's table.
 * Null means no route: the caller shows the 404 page ('unknown', status 404).
 */
export function resolveRoute(kind: RouteTableKind, url: string, opts: ResolveOptions = {}): RouteMatch | null {
  const matched = ROUTE_TABLES[kind].match(url);
  if (!matched) return null;
  const def = matched.route.def;
  const params: RouteParams = { ...opts.hostParams, ...def.defaults, ...matched.params };
  const match: RouteMatch = { route: def, name: def.name, pageId: def.pageId, params, table: kind };
  if (def.redirect) {
    const location = redirectLocation(kind, matched, params, url, opts);
    if (location === null) match.invalidRedirect = true;
    else match.redirect = { location, status: def.redirect.status };
  }
  return match;
}

/**
 * The page to render for a match that is not redirected: the 404 page when nothing matched, a
 * redirect was invalid, or the route maps to no page (spec §2.2).
 */
export function pageIdForMatch(match: RouteMatch | null): PageId {
  if (!match || match.invalidRedirect || match.pageId === null) return NOT_FOUND_PAGE_ID;
  return match.pageId;
}

/** Low-cardinality name for the route metric header: the route name, never the raw path. */
export function routeMetricName(match: RouteMatch | null): string {
  return match ? match.name : 'NotFound';
}
