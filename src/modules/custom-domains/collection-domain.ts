import type { Db } from '../../platform/db/client.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { viewerIsEditor } from '../publications/graphql.js';
import type { PublicationRow } from '../publications/model.js';
import { publicationByKey } from '../publications/queries.js';
import { customDomainOf } from './commands.js';
import { managedLive } from './graphql.js';
import { liveDomainByName, liveDomainOf } from './live-domains.js';
import { isSubdomain, normalizeDomain } from './model.js';

type Ctx = RequestContext;

/** A reader sees only the live (ACTIVE) domain, read from the process's map: no statement. */
export const publicLive = (domain: string) => ({ id: `live:${domain}`, domain, status: 'ACTIVE', isSubdomain: isSubdomain(domain), records: [], lastCheckedAt: null, lastError: null });

/** Collection.customDomainState (wired in the publications module's Collection resolvers). */
export async function collectionDomainState(p: PublicationRow, ctx: Ctx) {
  if (await viewerIsEditor(ctx, p.id)) {
    const row = await customDomainOf(ctx.db, { kind: 'PUBLICATION', id: p.id });
    return { live: row ? managedLive(row, ctx.config) : null };
  }
  const live = await liveDomainOf(ctx.db, 'PUBLICATION', p.id);
  return { live: live ? publicLive(live) : null };
}

/** Collection.domain: the live custom domain, if any. */
export const collectionDomain = (p: PublicationRow, ctx: Ctx) => liveDomainOf(ctx.db, 'PUBLICATION', p.id);


/**
 * The foundation's collection(domainOrSlug): a live custom domain names its publication (from the
 * process's map, no statement); anything else is a slug.
 */
export async function publicationByDomainOrSlug(ctx: Ctx, domainOrSlug: string): Promise<PublicationRow | null> {
  const key = normalizeDomain(domainOrSlug);
  if (key.includes('.')) {
    const live = await liveDomainByName(ctx.db, key);
    return live?.ownerKind === 'PUBLICATION' ? ctx.loaders.publicationById.load(live.ownerId) : null;
  }
  const row = await publicationByKey(ctx.db, { slug: domainOrSlug });
  // The page's story cards name their publication through the by-id loader: it need not read the row again.
  if (row) ctx.loaders.publicationById.prime(row.id, row);
  return row;
}

/**
 * The publication a live custom domain serves, for the publication-domain routes outside GraphQL
 * (its RSS feeds): the domain from the process's map, then the publication by id.
 */
export async function publicationByLiveDomain(db: Db, domain: string): Promise<PublicationRow | null> {
  const live = await liveDomainByName(db, domain);
  return live?.ownerKind === 'PUBLICATION' ? publicationByKey(db, { id: live.ownerId }) : null;
}
