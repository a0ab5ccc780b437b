import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import type { ChargeType, Currency, Money, PaymentMethodView } from '../../shared/membership.js';
import type { ChargeSnapshot, PaymentProvider } from './provider.js';
import { charges, ledgerEntries, type ChargeRow } from './tables.js';

const CHARGE_TYPES: readonly ChargeType[] = ['annual', 'monthly', 'premium', 'gift', 'group gift', 'custom domain'];

/** A charge as billing history and receipts show it (spec §3 ChargeV2). */
export interface ChargeView {
  id: string;
  type: ChargeType;
  amount: Money;
  status: ChargeRow['status'];
  createdAt: Date;
  description: string;
  paymentMethod: PaymentMethodView | null;
  refundedAmount: number;
  provider: ChargeRow['provider'];
  subscriptionRef: string | null;
}

export const chargeView = (row: ChargeRow): ChargeView => ({
  id: row.id,
  type: row.type as ChargeType,
  amount: { amount: row.amount, currency: row.currency },
  status: row.status,
  createdAt: row.createdAt,
  description: row.description,
  paymentMethod:
    row.cardBrand && row.cardLastFour && row.cardExpMonth && row.cardExpYear
      ? { __typename: 'CreditCard', cardType: row.cardBrand, lastFour: row.cardLastFour, expirationMonth: row.cardExpMonth, expirationYear: row.cardExpYear }
      : null,
  refundedAmount: row.amountRefunded,
  provider: row.provider,
  subscriptionRef: row.subscriptionRef,
});

/**
 * Records a provider's charge as it is now: re-read from the provider (never taken from an
 * event's copy), stored once per (provider, ref) and updated in place as its status and refunds
 * change, with a ledger entry for each movement of money (the charge once it succeeded, each
 * refund as the difference from what was recorded). Safe to call any number of times, in any
 * order: the ledger converges on the provider's state. The reader and the charge type come from
 * the metadata the site attached (userId, chargeType). Null when the provider does not know the
 * charge or it carries no userId (not made by this site).
 */
export async function syncCharge(db: Db | DbTransaction, provider: PaymentProvider, chargeRef: string): Promise<ChargeView | null> {
  const snapshot = await provider.getCharge(chargeRef);
  if (!snapshot) return null;
  return recordCharge(db, provider.id, snapshot);
}

/** syncCharge with the snapshot already read (the purchase's own answer). */
export async function recordCharge(db: Db | DbTransaction, providerId: PaymentProvider['id'], snapshot: ChargeSnapshot): Promise<ChargeView | null> {
  const userId = snapshot.metadata.userId;
  if (!userId) return null;
  const type = snapshot.metadata.chargeType as ChargeType;
  if (!CHARGE_TYPES.includes(type)) throw new Error(`syncCharge: charge ${snapshot.ref} has no known chargeType in its metadata (${JSON.stringify(snapshot.metadata.chargeType)})`);
  const card = snapshot.card;
  const write = async (tx: Db | DbTransaction): Promise<ChargeView> => {
    // One statement: the charge as it is now, and its ledger entry once it succeeded. The upsert
    // takes the charge's row lock, so concurrent syncs of one charge run one after the other.
    const { rows } = await tx.execute<Record<string, unknown>>(sql`
      with c as (
        insert into charges (id, user_id, provider, provider_ref, type, amount, currency, description, subscription_ref, created_at,
          status, amount_refunded, failure_code, card_brand, card_last_four, card_exp_month, card_exp_year)
        values (${newId()}, ${userId}, ${providerId}, ${snapshot.ref}, ${type}, ${snapshot.amount.amount}, ${snapshot.amount.currency},
          ${snapshot.description ?? defaultDescription(type)}, ${snapshot.subscriptionRef}, ${snapshot.createdAt.toISOString()}::timestamptz,
          ${snapshot.status}, ${snapshot.amountRefunded}, ${snapshot.failure?.code ?? null}, ${card?.brand ?? null}, ${card?.lastFour ?? null},
          ${card?.expMonth ?? null}, ${card?.expYear ?? null})
        on conflict (provider, provider_ref) do update set status = excluded.status, amount_refunded = excluded.amount_refunded,
          failure_code = excluded.failure_code, card_brand = excluded.card_brand, card_last_four = excluded.card_last_four,
          card_exp_month = excluded.card_exp_month, card_exp_year = excluded.card_exp_year, updated_at = now()
        returning *
      ), entry as (
        insert into ledger_entries (charge_id, provider, provider_ref, kind, amount, currency, created_at)
        select id, provider, provider_ref, 'charge', amount, currency, created_at from c where status = 'succeeded' and amount > 0
        on conflict do nothing
      )
      select * from c`);
    const charge = chargeRowOf(rows[0]!);
    if (charge.status === 'succeeded' && charge.amountRefunded > 0) {
      // Each refund is the difference between what the provider says was refunded and what the ledger holds.
      await tx.execute(sql`
        insert into ledger_entries (charge_id, provider, provider_ref, kind, amount, currency, created_at)
        select c.id, c.provider, c.provider_ref || ':refund:' || c.amount_refunded, 'refund', -(c.amount_refunded - r.refunded), c.currency, now()
        from charges c, lateral (select coalesce(-sum(e.amount), 0)::int as refunded from ledger_entries e where e.charge_id = c.id and e.kind = 'refund') r
        where c.id = ${charge.id} and c.amount_refunded > r.refunded
        on conflict do nothing`);
    }
    return chargeView(charge);
  };
  return snapshot.amountRefunded > 0 ? db.transaction((tx) => write(tx)) : write(db);
}

/** A charges row as the driver returns it from raw SQL. */
function chargeRowOf(r: Record<string, unknown>): ChargeRow {
  return {
    id: r.id as string,
    userId: r.user_id as string | null,
    provider: r.provider as ChargeRow['provider'],
    providerRef: r.provider_ref as string,
    type: r.type as string,
    amount: Number(r.amount),
    currency: r.currency as ChargeRow['currency'],
    amountRefunded: Number(r.amount_refunded),
    status: r.status as ChargeRow['status'],
    failureCode: r.failure_code as string | null,
    cardBrand: r.card_brand as string | null,
    cardLastFour: r.card_last_four as string | null,
    cardExpMonth: r.card_exp_month === null ? null : Number(r.card_exp_month),
    cardExpYear: r.card_exp_year === null ? null : Number(r.card_exp_year),
    description: r.description as string,
    subscriptionRef: r.subscription_ref as string | null,
    createdAt: new Date(r.created_at as string | Date),
    updatedAt: new Date(r.updated_at as string | Date),
  };
}

function defaultDescription(type: ChargeType): string {
  switch (type) {
    case 'annual':
      return 'Annual membership';
    case 'monthly':
      return 'Monthly membership';
    case 'premium':
      return 'Friend membership';
    case 'gift':
      return 'Gift membership';
    case 'group gift':
      return 'Group gift membership';
    case 'custom domain':
      return 'Custom domain';
  }
}

/** Cursor of billing history: the last charge's time and id. */
const encodeCursor = (row: ChargeRow): string => `${row.createdAt.getTime()}_${row.id}`;
function decodeCursor(next: string | null | undefined): { at: Date; id: string } | null {
  const m = /^(\d{1,15})_([0-9a-f]{12})$/.exec(next ?? '');
  return m ? { at: new Date(Number(m[1])), id: m[2]! } : null;
}

/** A reader's charges, newest first (spec billingHistory), `limit` at a time from `next`. */
export async function billingHistory(db: Db, userId: string, opts: { limit?: number | null; next?: string | null } = {}): Promise<{ charges: ChargeView[]; next: string | null }> {
  const limit = Math.min(Math.max(opts.limit ?? 25, 1), 100);
  const after = decodeCursor(opts.next);
  const rows = await db
    .select()
    .from(charges)
    .where(and(eq(charges.userId, userId), after ? or(lt(charges.createdAt, after.at), and(eq(charges.createdAt, after.at), lt(charges.id, after.id))) : undefined))
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { charges: page.map(chargeView), next: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}

/** One of a reader's charges (a receipt); null for anyone else's. */
export async function chargeOfUser(db: Db, userId: string, chargeId: string): Promise<ChargeView | null> {
  if (!/^[0-9a-f]{12}$/.test(chargeId)) return null;
  const [row] = await db.select().from(charges).where(and(eq(charges.id, chargeId), eq(charges.userId, userId)));
  return row ? chargeView(row) : null;
}

/** The ledger's total of a reader's charges (cents per currency): charges less refunds. */
export async function ledgerTotals(db: Db, userId?: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ currency: ledgerEntries.currency, total: sql<number>`sum(${ledgerEntries.amount})::int` })
    .from(ledgerEntries)
    .innerJoin(charges, eq(charges.id, ledgerEntries.chargeId))
    .where(userId ? eq(charges.userId, userId) : undefined)
    .groupBy(ledgerEntries.currency);
  return Object.fromEntries(rows.map((r) => [r.currency, Number(r.total)]));
}
