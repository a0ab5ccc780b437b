import type { HostTable } from './host.js';
import type { RouteTableKind } from './types.js';

/** What a live custom domain serves, as the server found it (src/modules/custom-domains/live-domains.ts). */
export type CustomHost = { kind: 'publication'; slug: string } | { kind: 'user'; username: string };

/**
 * The route table and host params for a request: the main host and profile subdomains as
 * tableForHost found them; a live custom domain → its publication (publication-domain table with
 * the slug) or its user (user-domain table with the username); any other host → null, a 404 for
 * every path.
 */
export function routeTableFor(hostTable: HostTable, customHost: CustomHost | null | undefined): { kind: RouteTableKind; hostParams: Record<string, string> } | null {
  if (hostTable.kind === 'default') return { kind: 'default', hostParams: {} };
  if (hostTable.kind === 'user-domain') return { kind: 'user-domain', hostParams: { username: hostTable.username ?? '' } };
  if (customHost?.kind === 'publication') return { kind: 'publication-domain', hostParams: { collectionSlug: customHost.slug } };
  if (customHost?.kind === 'user') return { kind: 'user-domain', hostParams: { username: customHost.username } };
  return null;
}
