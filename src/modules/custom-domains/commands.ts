import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { lockWithRole, PublicationRefusal, publicationTransaction, rowsOf, type PublicationOutcome, type Tx } from '../publications/commands.js';
import type { PublicationRole } from '../publications/model.js';
import { checkDomainDns, type DnsCheckOptions } from './dns-check.js';
import { customDomainsChanged } from './live-domains.js';
import { CUSTOM_DOMAIN_COLUMNS, type CustomDomainRow, DOMAIN_MESSAGES, domainProblem, type DomainOwnerKind, normalizeDomain } from './model.js';

/** Whose domain: a publication's, or the viewer's own. */
export interface DomainOwner {
  kind: DomainOwnerKind;
  id: string;
}

export type DomainOutcome = PublicationOutcome<CustomDomainRow>;

const cols = sql.raw(CUSTOM_DOMAIN_COLUMNS);

/**
 * Who may do what (the role × action table in tests/integration/custom-domains.test.ts): on a
 * publication, connecting and removing need its OWNER, checking and activating an EDITOR; a user's
 * domain is theirs alone.
 */
export const DOMAIN_ACTION_ROLE: Record<'link' | 'verify' | 'activate' | 'remove', PublicationRole> = { link: 'OWNER', verify: 'EDITOR', activate: 'EDITOR', remove: 'OWNER' };

async function authorize(tx: Tx, viewerId: string, owner: DomainOwner, action: keyof typeof DOMAIN_ACTION_ROLE): Promise<void> {
  if (owner.kind === 'USER') {
    if (owner.id !== viewerId) throw new PublicationRefusal({ kind: 'forbidden', message: DOMAIN_MESSAGES.ownerOnly });
    return;
  }
  const least = DOMAIN_ACTION_ROLE[action];
  try {
    await lockWithRole(tx, owner.id, viewerId, least);
  } catch (e) {
    if (e instanceof PublicationRefusal && e.outcome.kind === 'forbidden') throw new PublicationRefusal({ kind: 'forbidden', message: least === 'OWNER' ? DOMAIN_MESSAGES.ownerOnly : DOMAIN_MESSAGES.editorsOnly });
    throw e;
  }
}

/** The owner's domain in any state but DELETED, locked when `lock`. */
async function currentDomain(tx: Pick<Db, 'execute'> | Tx, owner: DomainOwner, lock = false): Promise<CustomDomainRow | null> {
  const [row] = await rowsOf<CustomDomainRow>(tx, sql`select ${cols} from custom_domains where owner_kind = ${owner.kind} and owner_id = ${owner.id} and state <> 'DELETED' ${lock ? sql`for update` : sql``}`);
  return row ?? null;
}

/** The owner's current domain as the settings page reads it (null: none connected). */
export const customDomainOf = (db: Db, owner: DomainOwner) => currentDomain(db, owner);

const notLinked = () => new PublicationRefusal({ kind: 'not-found', message: DOMAIN_MESSAGES.notLinked });

/** Spec §8 'custom domain linking': connects a domain in state CREATED, with a fresh TXT token. */
export async function linkCustomDomain(db: Db, viewerId: string, owner: DomainOwner, input: string, mainHost: string): Promise<DomainOutcome> {
  const domain = normalizeDomain(input);
  const problem = domainProblem(domain, mainHost);
  if (problem) return { kind: 'bad-request', message: problem };
  try {
    return await publicationTransaction(db, async (tx) => {
      await authorize(tx, viewerId, owner, 'link');
      if (await currentDomain(tx, owner, true)) return { kind: 'already-exists', message: DOMAIN_MESSAGES.alreadyLinked };
      const token = `inkwell-${randomBytes(16).toString('hex')}`;
      const [row] = await rowsOf<CustomDomainRow>(
        tx,
        sql`insert into custom_domains (id, domain, owner_kind, owner_id, verification_token, created_by_id)
          values (${newId()}, ${domain}, ${owner.kind}, ${owner.id}, ${token}, ${viewerId}) returning ${cols}`,
      );
      return { kind: 'ok', value: row! };
    });
  } catch (e) {
    const constraint = (e as { constraint?: string; cause?: { constraint?: string } }).constraint ?? (e as { cause?: { constraint?: string } }).cause?.constraint;
    if (constraint === 'custom_domains_live_domain_idx') return { kind: 'already-exists', message: DOMAIN_MESSAGES.taken };
    if (constraint === 'custom_domains_live_owner_idx') return { kind: 'already-exists', message: DOMAIN_MESSAGES.alreadyLinked };
    throw e;
  }
}

/**
 * Checks the domain's DNS records (outside the transaction: a lookup may take seconds) and records
 * the result. Passing: CREATED or FAILED → VERIFIED (VERIFIED and ACTIVE stay). Failing: a domain
 * never verified stays CREATED; one that had passed becomes FAILED (and leaves the live domains).
 * DNS that cannot be reached changes no state: the owner is asked to try again.
 */
export async function verifyCustomDomain(db: Db, viewerId: string, owner: DomainOwner, dnsOptions: DnsCheckOptions, now = new Date()): Promise<DomainOutcome> {
  const checked = await publicationTransaction(db, async (tx) => {
    await authorize(tx, viewerId, owner, 'verify');
    const row = await currentDomain(tx, owner);
    if (!row) throw notLinked();
    return { kind: 'ok', value: row };
  });
  if (checked.kind !== 'ok') return checked;
  const problem = await checkDomainDns(checked.value.domain, checked.value.verificationToken, dnsOptions);
  let wasActive = false;
  const outcome = await publicationTransaction(db, async (tx) => {
    await authorize(tx, viewerId, owner, 'verify');
    const row = await currentDomain(tx, owner, true);
    // Removed or replaced while DNS was asked: this result is about a domain no longer connected.
    if (!row || row.id !== checked.value.id) throw notLinked();
    wasActive = row.state === 'ACTIVE';
    const state = problem === null ? (row.state === 'CREATED' || row.state === 'FAILED' ? 'VERIFIED' : row.state) : problem === DOMAIN_MESSAGES.dnsUnavailable || row.state === 'CREATED' ? row.state : 'FAILED';
    const [updated] = await rowsOf<CustomDomainRow>(
      tx,
      sql`update custom_domains set state = ${state}, last_checked_at = ${now.toISOString()}, last_error = ${problem}, updated_at = now() where id = ${row.id} returning ${cols}`,
    );
    return { kind: 'ok', value: updated! };
  });
  if (outcome.kind === 'ok' && wasActive && outcome.value.state !== 'ACTIVE') await customDomainsChanged(db);
  return outcome;
}

/**
 * VERIFIED → ACTIVE: the domain serves the publication or profile. Caddy may already ask for its
 * certificate once it is VERIFIED (GET /_/tls/ask), so the first visit after activation is secure.
 */
export async function activateCustomDomain(db: Db, viewerId: string, owner: DomainOwner): Promise<DomainOutcome> {
  const outcome = await publicationTransaction<CustomDomainRow>(db, async (tx) => {
    await authorize(tx, viewerId, owner, 'activate');
    const row = await currentDomain(tx, owner, true);
    if (!row) throw notLinked();
    if (row.state === 'ACTIVE') return { kind: 'bad-request', message: DOMAIN_MESSAGES.alreadyActive };
    if (row.state !== 'VERIFIED') return { kind: 'bad-request', message: DOMAIN_MESSAGES.notVerified };
    const [updated] = await rowsOf<CustomDomainRow>(tx, sql`update custom_domains set state = 'ACTIVE', updated_at = now() where id = ${row.id} returning ${cols}`);
    return { kind: 'ok', value: updated! };
  });
  if (outcome.kind === 'ok') await customDomainsChanged(db);
  return outcome;
}

/** Any state → DELETED: the name and the owner are free again; the row stays as history. */
export async function removeCustomDomain(db: Db, viewerId: string, owner: DomainOwner): Promise<DomainOutcome> {
  const outcome = await publicationTransaction<CustomDomainRow>(db, async (tx) => {
    await authorize(tx, viewerId, owner, 'remove');
    const row = await currentDomain(tx, owner, true);
    if (!row) throw notLinked();
    const [updated] = await rowsOf<CustomDomainRow>(tx, sql`update custom_domains set state = 'DELETED', updated_at = now() where id = ${row.id} returning ${cols}`);
    return { kind: 'ok', value: updated! };
  });
  if (outcome.kind === 'ok') await customDomainsChanged(db);
  return outcome;
}
