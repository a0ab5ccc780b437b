import { invalidRedirectMessage, resolveRoute, routeAllows, type RouteAccess, type RouteTableKind } from '../../shared/routing/index.js';
import { postIdFromSlug } from '../../shared/routing/post-id.js';

export type ResolvedPage =
  | { kind: 'page'; pageId: string; routeName: string; params: Record<string, string> }
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  | { kind: 'not-found'; routeName: string };

export interface TableContext {
  kind: RouteTableKind;
  /** Params implied by the host: the username of a user domain, the slug of a publication domain. */
  hostParams: Record<string, string>;
}

/**
 * URL → what to show, the same on server and client (spec §2.2): unmatched paths,
 * routes without a page and redirects with empty params all end on the 404 page. So does
 * a staff or admin route for anyone else (spec §2.3), exactly as an unknown path would:
 * nothing tells that the route exists.
 */
export function resolvePage(table: TableContext, url: string, viewer: { access?: RouteAccess | null } | null, warn: (msg: string) => void): ResolvedPage {
  const match = resolveRoute(table.kind, url);
  if (!match || !routeAllows(match.route, viewer?.access)) return { kind: 'not-found', routeName: 'unknown' };
  const loggedIn = viewer !== null;
  if (match.invalidRedirect) {
    warn(invalidRedirectMessage(match.name));
    return { kind: 'not-found', routeName: match.name };
  }
  if (match.redirect) return { kind: 'redirect', location: match.redirect.location, status: match.redirect.status };
  if (!match.pageId) return { kind: 'not-found', routeName: match.name };
  // Spec §2.2: logged in shows 'home', otherwise the logged-out home.
  const pageId = match.pageId === 'home' && !loggedIn ? 'home-lo' : match.pageId;
  return { kind: 'page', pageId, routeName: match.name, params: { ...table.hostParams, ...match.params } };
}

/**
 * Spec §2.2 "links to a route not served on the current domain point to the main host": on a
 * custom domain, a path its table does not serve (a writer's /@…, a story card's /{slug}/{story})
 * belongs to the main host. A lone segment that is no story's address counts as unserved too, since
 * the domain's /{postId} route would otherwise take it.
 */
export function servedElsewhere(table: TableContext, resolved: ResolvedPage): boolean {
  if (table.kind === 'default') return false;
  if (resolved.kind === 'not-found') return resolved.routeName === 'unknown';
  return resolved.kind === 'page' && resolved.routeName === 'ShowPostUnderCollection' && postIdFromSlug(resolved.params.postId ?? '') === null;
}
