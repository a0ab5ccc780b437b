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
  const state = {
    status: snapshot.status,
    amountRefunded: snapshot.amountRefunded,
    failureCode: snapshot.failure?.code ?? null,
    cardBrand: snapshot.card?.brand ?? null,
    cardLastFour: snapshot.card?.lastFour ?? null,
    cardExpMonth: snapshot.card?.expMonth ?? null,
    cardExpYear: snapshot.card?.expYear ?? null,
    updatedAt: sql`now()`,
  };
  return db.transaction(async (tx) => {
    // The upsert takes the charge's row lock: concurrent syncs of one charge run one after the other.
    const [row] = await tx
      .insert(charges)
      .values({
        id: newId(),
        userId,
        provider: providerId,
        providerRef: snapshot.ref,
        type,
        amount: snapshot.amount.amount,
        currency: snapshot.amount.currency as Currency,
        description: snapshot.description ?? defaultDescription(type),
        subscriptionRef: snapshot.subscriptionRef,
        createdAt: snapshot.createdAt,
        ...state,
      })
      .onConflictDoUpdate({ target: [charges.provider, charges.providerRef], set: state })
      .returning();
    const charge = row!;
    if (charge.status !== 'succeeded' || charge.amount === 0) return chargeView(charge);
    await tx
      .insert(ledgerEntries)
      .values({ chargeId: charge.id, provider: providerId, providerRef: charge.providerRef, kind: 'charge', amount: charge.amount, currency: charge.currency, createdAt: charge.createdAt })
      .onConflictDoNothing();
    const [{ refunded }] = (await tx
      .select({ refunded: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.chargeId, charge.id), eq(ledgerEntries.kind, 'refund')))) as [{ refunded: number }];
    const missing = charge.amountRefunded - refunded;
    if (missing > 0) {
      await tx
        .insert(ledgerEntries)
        .values({ chargeId: charge.id, provider: providerId, providerRef: `${charge.providerRef}:refund:${charge.amountRefunded}`, kind: 'refund', amount: -missing, currency: charge.currency, createdAt: new Date() })
        .onConflictDoNothing();
    }
    return chargeView(charge);
  });
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
