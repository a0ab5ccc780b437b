import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { keptPerDb } from '../../platform/pubsub/kept-per-db.js';
import type { DomainOwnerKind } from './model.js';

/** Tells every process that a domain was activated or removed: they read the live domains again on next use. */
export const CUSTOM_DOMAINS_CHANNEL = 'custom-domains';

/**
 * How long a process keeps the map without hearing of a change: a pub/sub message may be lost,
 * and a publication's slug or a user's name may change without a domain changing.
 */
const KEEP_MS = 60_000;

/** An ACTIVE domain and what its Host serves. */
export interface LiveDomain {
  domain: string;
  ownerKind: DomainOwnerKind;
  ownerId: string;
  /** The publication's slug (PUBLICATION) or the user's username (USER; null without one). */
  slug: string | null;
  username: string | null;
}

interface LiveDomains {
  byDomain: Map<string, LiveDomain>;
  byOwner: Map<string, string>;
}

const ownerKey = (kind: DomainOwnerKind, id: string) => `${kind}:${id}`;

/**
 * The live domains, kept in memory per database: every page request on a custom host is resolved
 * through here, and a request must cost no statement for it. A site has few custom domains (one
 * per publication or user at most), so all of them fit.
 */
const liveDomains = keptPerDb<LiveDomains>(CUSTOM_DOMAINS_CHANNEL, KEEP_MS, async (db) => {
  const { rows } = await db.execute(sql`
    select d.domain, d.owner_kind as "ownerKind", d.owner_id as "ownerId", p.slug, u.username
      from custom_domains d
      left join publications p on d.owner_kind = 'PUBLICATION' and p.id = d.owner_id
      left join users u on d.owner_kind = 'USER' and u.id = d.owner_id
     where d.state = 'ACTIVE'`);
  const byDomain = new Map<string, LiveDomain>();
  const byOwner = new Map<string, string>();
  for (const r of rows as unknown as LiveDomain[]) {
    byDomain.set(r.domain, r);
    byOwner.set(ownerKey(r.ownerKind, r.ownerId), r.domain);
  }
  return { byDomain, byOwner };
});

/** The ACTIVE domain a Host names (lowercase, without port), or null. */
export async function liveDomainByName(db: Db, domain: string): Promise<LiveDomain | null> {
  return (await liveDomains.get(db)).byDomain.get(domain.toLowerCase().replace(/\.$/, '')) ?? null;
}

/** The owner's ACTIVE domain, or null: what its links (profileUrl, publicationUrl) use. */
export async function liveDomainOf(db: Db, ownerKind: DomainOwnerKind, ownerId: string): Promise<string | null> {
  return (await liveDomains.get(db)).byOwner.get(ownerKey(ownerKind, ownerId)) ?? null;
}

/** Forgets this process's map and tells the other processes to (call after the change commits). */
export const customDomainsChanged = (db: Db): Promise<void> => liveDomains.changed(db);
