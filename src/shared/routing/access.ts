import type { RouteDef } from './types.js';

/** Spec §2.3: the few routes only staff, or only admins, may open. */
export type RouteAccess = NonNullable<RouteDef['access']>;

/** The staff access a viewer has, from their account's roles: an admin is staff too. */
export function viewerAccess(roles: { isStaff: boolean; isAdmin: boolean } | null | undefined): RouteAccess | null {
  if (roles?.isAdmin) return 'admin';
  return roles?.isStaff ? 'staff' : null;
}

/**
 * Whether a viewer with `access` (null: a reader, or nobody signed in) may open `route`.
 * Routes that declare no access are open to everyone.
 */
export function routeAllows(route: Pick<RouteDef, 'access'>, access: RouteAccess | null | undefined): boolean {
  if (!route.access) return true;
  if (route.access === 'staff') return access === 'staff' || access === 'admin';
  return access === 'admin';
}
