import type { Db } from '../../platform/db/client.js';
import type { CustomHost } from '../../shared/routing/custom-host.js';
import { tableForHost } from '../../shared/routing/host.js';
import { liveDomainByName } from './live-domains.js';

/**
 * What a request's Host serves when it is neither the main host nor a profile subdomain: the
 * publication or user of a live (ACTIVE) custom domain, else null (every path a 404). Read from
 * the process's map of live domains: a request costs no statement for it.
 */
export async function customHostFor(db: Db, host: string, mainHost: string): Promise<CustomHost | null> {
  const table = tableForHost(host, mainHost);
  if (table.kind !== 'publication-domain' || !table.domain) return null;
  const live = await liveDomainByName(db, table.domain);
  if (live?.ownerKind === 'PUBLICATION' && live.slug) return { kind: 'publication', slug: live.slug };
  if (live?.ownerKind === 'USER' && live.username) return { kind: 'user', username: live.username };
  return null;
}
