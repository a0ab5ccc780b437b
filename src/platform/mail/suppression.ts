/**
 * The suppression list's commands and queries (table: suppression-tables.ts). Bulk mail never
 * goes to a suppressed address; transactional mail (sign-in) still does.
 *
 * - A hard bounce or a complaint suppresses at once.
 * - Soft bounces count: SOFT_BOUNCE_LIMIT of them suppress, each within SOFT_BOUNCE_WINDOW_DAYS
 *   of the one before (a soft bounce after a longer quiet spell starts the count again at 1), and
 *   a confirmed delivery (recordDelivered) forgets the count. A relay accepting a message is no
 *   delivery: only a provider's delivery event or a DSN saying "delivered" is.
 * - Repeats change nothing: an address suppressed stays suppressed for its first reason; a soft
 *   bounce reported twice (the same delivery ref or provider event id) counts once.
 * - A report carrying a VERP ref (verp.ts: the delivery's ledger key) emits `mail.bounced` or
 *   `mail.complained` in the same transaction, so the ledger marks that delivery.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { emitDomainEvent, notifyEventDispatchers } from '../events/outbox.js';
import type { DbTransaction } from './outbox.js';

/** Soft bounces (each within the window of the one before) that suppress an address. */
export const SOFT_BOUNCE_LIMIT = 3;
/** A soft bounce longer than this after the previous one starts the count again. */
export const SOFT_BOUNCE_WINDOW_DAYS = 30;

export type SuppressionReason = 'HARD_BOUNCE' | 'COMPLAINT' | 'SOFT_BOUNCE' | 'MANUAL';

export interface BounceReport {
  address: string;
  kind: 'hard' | 'soft';
  /** The diagnostic (status code and the receiving server's words), kept for staff. */
  detail: string;
  /** Who told us: 'smtp-dsn', 'ses'… */
  source: string;
  /** The delivery's ledger key from the VERP address or the provider's tag; '' or absent when unknown. */
  ref?: string;
  /** The report's own id (a provider's event id), so a repeat of it counts once; defaults to ref. */
  eventKey?: string;
  /** When it happened (the provider's time); now by default. */
  at?: Date;
}

export interface ComplaintReport {
  address: string;
  detail: string;
  source: string;
  ref?: string;
  at?: Date;
}

export interface SuppressionOutcome {
  address: string;
  /** The address is suppressed now (whether by this report or before it). */
  suppressed: boolean;
  /** This report suppressed it. */
  newlySuppressed: boolean;
  softBounces: number;
}

export interface SuppressionRow {
  address: string;
  reason: SuppressionReason;
  softBounces: number;
  suppressedAt: Date | null;
  detail: string;
  lastEventAt: Date;
}

const DETAIL_MAX = 500;
const clip = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, DETAIL_MAX);

/** The address as the list keys it (lowercase, without a display name); null when it is not one. */
export function normalizeAddress(raw: string): string | null {
  const inBrackets = /<([^<>]*)>/.exec(raw)?.[1];
  const address = (inBrackets ?? raw).trim().toLowerCase();
  return address.length <= 254 && /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : null;
}

function requireAddress(raw: string): string {
  const address = normalizeAddress(raw);
  if (!address) throw new Error(`Not an email address: ${JSON.stringify(raw.slice(0, 80))}`);
  return address;
}

interface Locked {
  reason: SuppressionReason;
  soft_bounces: number;
  soft_bounce_keys: string[];
  suppressed_at: Date | null;
  last_event_at: Date;
}

/** The address's row, made if missing (with `reason` and nothing counted yet) and locked for this transaction. */
async function lockRow(tx: DbTransaction, address: string, reason: SuppressionReason, detail: string): Promise<Locked> {
  await tx.execute(sql`insert into email_suppressions (address, reason, detail) values (${address}, ${reason}, ${detail}) on conflict (address) do nothing`);
  const { rows } = await tx.execute<Record<string, unknown>>(
    sql`select reason, soft_bounces, soft_bounce_keys, suppressed_at, last_event_at from email_suppressions where address = ${address} for update`,
  );
  const row = rows[0]!;
  // Raw statements return timestamps as text.
  return {
    reason: row.reason as SuppressionReason,
    soft_bounces: Number(row.soft_bounces),
    soft_bounce_keys: row.soft_bounce_keys as string[],
    suppressed_at: row.suppressed_at == null ? null : new Date(row.suppressed_at as string),
    last_event_at: new Date(row.last_event_at as string),
  };
}

/** Suppresses at once for `reason` unless already suppressed (then the first reason stays). */
async function suppressNow(tx: DbTransaction, address: string, reason: SuppressionReason, detail: string, at: Date): Promise<SuppressionOutcome> {
  const row = await lockRow(tx, address, reason, detail);
  if (row.suppressed_at) {
    await tx.execute(sql`update email_suppressions set last_event_at = ${at} where address = ${address}`);
    return { address, suppressed: true, newlySuppressed: false, softBounces: row.soft_bounces };
  }
  await tx.execute(sql`update email_suppressions set reason = ${reason}, suppressed_at = ${at}, detail = ${detail}, last_event_at = ${at} where address = ${address}`);
  return { address, suppressed: true, newlySuppressed: true, softBounces: row.soft_bounces };
}

/** A bounce: hard suppresses at once, soft counts (see the rules above). */
export async function recordBounce(db: Db, report: BounceReport): Promise<SuppressionOutcome> {
  const address = requireAddress(report.address);
  const detail = clip(`${report.source}: ${report.detail}`);
  const at = report.at ?? new Date();
  const ref = report.ref ?? '';
  const outcome = await db.transaction(async (tx) => {
    if (report.kind === 'hard') {
      const result = await suppressNow(tx, address, 'HARD_BOUNCE', detail, at);
      if (ref) await emitDomainEvent(tx, { type: 'mail.bounced', payload: { address, ref, kind: 'hard' } });
      return result;
    }
    const row = await lockRow(tx, address, 'SOFT_BOUNCE', detail);
    const key = report.eventKey || ref;
    if (row.suppressed_at || (key && row.soft_bounce_keys.includes(key))) {
      // Already suppressed, or this very report again: the count stays; the ledger still hears of an earlier suppression.
      if (row.suppressed_at && ref) await emitDomainEvent(tx, { type: 'mail.bounced', payload: { address, ref, kind: 'soft' } });
      return { address, suppressed: row.suppressed_at !== null, newlySuppressed: false, softBounces: row.soft_bounces };
    }
    const windowStart = at.getTime() - SOFT_BOUNCE_WINDOW_DAYS * 86_400_000;
    const fresh = row.soft_bounces === 0 || row.last_event_at.getTime() < windowStart;
    const count = fresh ? 1 : row.soft_bounces + 1;
    const keys = key ? [...(fresh ? [] : row.soft_bounce_keys), key].slice(-SOFT_BOUNCE_LIMIT) : fresh ? [] : row.soft_bounce_keys;
    const suppress = count >= SOFT_BOUNCE_LIMIT;
    await tx.execute(sql`
      update email_suppressions
      set reason = 'SOFT_BOUNCE', soft_bounces = ${count}, soft_bounce_keys = array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)),
          suppressed_at = ${suppress ? at : null}, detail = ${detail}, last_event_at = ${at}
      where address = ${address}`);
    if (ref) await emitDomainEvent(tx, { type: 'mail.bounced', payload: { address, ref, kind: 'soft' } });
    return { address, suppressed: suppress, newlySuppressed: suppress, softBounces: count };
  });
  if (ref) notifyEventDispatchers();
  return outcome;
}

/** A recipient marked the email as spam (a feedback-loop report): suppressed at once. */
export async function recordComplaint(db: Db, report: ComplaintReport): Promise<SuppressionOutcome> {
  const address = requireAddress(report.address);
  const detail = clip(`${report.source}: ${report.detail}`);
  const ref = report.ref ?? '';
  const outcome = await db.transaction(async (tx) => {
    const result = await suppressNow(tx, address, 'COMPLAINT', detail, report.at ?? new Date());
    if (ref) await emitDomainEvent(tx, { type: 'mail.complained', payload: { address, ref, kind: 'complaint' } });
    return result;
  });
  if (ref) notifyEventDispatchers();
  return outcome;
}

/** Staff suppress an address by hand (the owner asked to get no bulk mail at all). */
export async function suppressManually(db: Db, rawAddress: string, detail: string): Promise<SuppressionOutcome> {
  const address = requireAddress(rawAddress);
  return db.transaction((tx) => suppressNow(tx, address, 'MANUAL', clip(`manual: ${detail}`), new Date()));
}

/** A confirmed delivery: soft bounces counted so far are forgotten (a suppression stays). */
export async function recordDelivered(db: Db, rawAddress: string): Promise<void> {
  const address = normalizeAddress(rawAddress);
  if (address) await db.execute(sql`delete from email_suppressions where address = ${address} and suppressed_at is null`);
}

/** Staff lift a suppression (the address works again): forgets everything about it. True when it was suppressed. */
export async function unsuppress(db: Db, rawAddress: string): Promise<boolean> {
  const address = normalizeAddress(rawAddress);
  if (!address) return false;
  const { rows } = await db.execute<{ suppressed: boolean }>(sql`delete from email_suppressions where address = ${address} returning suppressed_at is not null as suppressed`);
  return rows[0]?.suppressed === true;
}

export async function isSuppressed(db: Db | DbTransaction, rawAddress: string): Promise<boolean> {
  const address = normalizeAddress(rawAddress);
  if (!address) return false;
  const { rows } = await db.execute(sql`select 1 from email_suppressions where address = ${address} and suppressed_at is not null`);
  return rows.length > 0;
}

/** Which of `addresses` are suppressed (lowercase), in one statement: an import's validation report. */
export async function suppressedAmong(db: Db | DbTransaction, addresses: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(addresses.map(normalizeAddress).filter((a): a is string => a !== null))];
  if (keys.length === 0) return new Set();
  const { rows } = await db.execute<{ address: string }>(
    sql`select address from email_suppressions where suppressed_at is not null and address in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.address));
}

export async function suppressionOf(db: Db | DbTransaction, rawAddress: string): Promise<SuppressionRow | null> {
  const address = normalizeAddress(rawAddress);
  if (!address) return null;
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select address, reason, soft_bounces, suppressed_at, detail, last_event_at from email_suppressions where address = ${address}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    address: row.address as string,
    reason: row.reason as SuppressionReason,
    softBounces: Number(row.soft_bounces),
    suppressedAt: row.suppressed_at == null ? null : new Date(row.suppressed_at as string),
    detail: row.detail as string,
    lastEventAt: new Date(row.last_event_at as string),
  };
}

/**
 * For bulk sends: a condition true when the address `addressSql` evaluates to is not suppressed,
 * e.g. `where ${notSuppressed(sql`s.email`)}`. One primary-key probe per row.
 */
export function notSuppressed(addressSql: SQL): SQL {
  return sql`not exists (select 1 from email_suppressions es where es.address = lower(${addressSql}) and es.suppressed_at is not null)`;
}
