import type { RouteDef } from './types.js';

/** A route written relative to the entity it belongs to (a profile or a publication). */
export interface FamilyRouteDef extends Omit<RouteDef, 'pattern'> {
  /** Path after the entity's prefix; '' is the entity's home. */
  suffix: string;
}

/**
 * Mounts a family under a prefix. One list serves several tables (a profile under '/@{username}'
 * and at a subdomain's root; a publication under '/{collectionSlug}', '/c/{collectionId}' and at
 * its own domain's root), so the tables cannot drift apart.
 */
export function mountFamily(
  prefix: string,
  family: readonly FamilyRouteDef[],
  rename: (name: string) => string = (name) => name,
): RouteDef[] {
  const members = new Set(family.map((r) => r.name));
  return family.map(({ suffix, ...rest }) => {
    const def: RouteDef = { ...rest, name: rename(rest.name), pattern: prefix + suffix || '/' };
    if (rest.redirect && members.has(rest.redirect.to)) {
      def.redirect = { ...rest.redirect, to: rename(rest.redirect.to) };
    }
    return def;
  });
}
