import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, manualClock, type ManualClock } from '../../src/platform/clock.js';
import { formatGiftCode } from '../../src/modules/gifts/codes.js';
import { deliverDueGifts, giftDeliverySweep, STALE_PENDING_MS } from '../../src/modules/gifts/delivery.js';
import { addMonths } from '../../src/modules/gifts/grant.js';
import { purchaseGift, type GiftDeps } from '../../src/modules/gifts/purchase.js';
import { giftCodeStatus, redeemGiftCode } from '../../src/modules/gifts/redeem.js';
import { validateGiftOrder, validateGroupGiftOrder, type GiftOrder } from '../../src/modules/gifts/validation.js';
import { giftDeps } from '../../src/modules/gifts/wiring.js';
import type { PaymentMethodInput } from '../../src/modules/payments/provider.js';
import { membershipEnv } from '../../src/modules/membership/env.js';
import { expireGiftMembershipsBatch } from '../../src/modules/membership/gifts.js';
import { purchaseMembership } from '../../src/modules/membership/purchase.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader } from '../support/readers.js';

const VISA: PaymentMethodInput = { kind: 'card', number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', postalCode: '94110' };
const DECLINED: PaymentMethodInput = { ...VISA, number: '4000000000000002' };
const T0 = new Date('2026-03-10T15:00:00Z');

/** Gifts end to end on the manual clock against the built-in test provider: buy, email, redeem, expire. */
describe('gifts', () => {
  let t: TestApp;
  let clock: ManualClock;
  let deps: GiftDeps;

  beforeAll(async () => {
    t = await createTestApp();
  });

  const fresh = () => {
    clock = manualClock(T0);
    deps = giftDeps({ db: t.database.db, config: t.config, clock });
    return deps;
  };
  const q = async <T,>(sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows as T[];
  const order = (over: Partial<Parameters<typeof validateGiftOrder>[0]> = {}): GiftOrder => {
    const o = validateGiftOrder({ recipientName: 'Rosa Reader', recipientEmail: `rosa-${Math.random().toString(36).slice(2)}@example.com`, message: 'Happy <b>birthday</b>!', ...over }, clock.now());
    if ('error' in o) throw new Error(o.error);
    return o;
  };
  const emailsTo = (to: string) => q<{ subject: string; text_body: string; html_body: string; kind: string }>('select subject, text_body, html_body, kind from email_outbox where to_address = $1 order by created_at', [to]);
  const codeIn = (text: string) => /redeem-gift\?code=([0-9A-Z-]+)/.exec(text)?.[1] ?? null;
  const access = async (userId: string) => (await q<{ member_tier: string; member_access_until: Date | null }>('select member_tier, member_access_until from users where id = $1', [userId]))[0]!;
  const canReadMemberOnly = async (userId: string) => {
    const a = await access(userId);
    return a.member_tier !== 'FREE' && a.member_access_until !== null && a.member_access_until > clock.now();
  };

  it('buys a gift with 4242, emails the recipient a redeem link, and the redeemed year of Member ends after its year', async () => {
    fresh();
    const buyer = await newReader(t, 'Buyer');
    const o = order();
    const bought = await purchaseGift(deps, buyer.id, o, VISA);
    expect(bought.kind).toBe('paid');
    if (bought.kind !== 'paid') return;
    expect(bought.purchase).toMatchObject({ status: 'paid', amount: 2900, currency: 'USD', quantity: 1 });
    expect(bought.purchase.deliveredAt).toEqual(T0);

    // The ledger has the charge, typed gift, for the buyer.
    const charges = await q<{ type: string; amount: number; user_id: string }>('select type, amount, user_id from charges where provider_ref = $1', [bought.purchase.chargeRef]);
    expect(charges).toEqual([{ type: 'gift', amount: 2900, user_id: buyer.id }]);

    // The recipient's email: who from, the note (escaped in HTML), the code, the link.
    const [mail] = await emailsTo(o.kind === 'gift' ? o.recipientEmail : '');
    expect(mail!.kind).toBe('gift-delivery');
    expect(mail!.subject).toMatch(/^Buyer \d+ sent you a year of Inkwell membership$/);
    expect(mail!.text_body).toContain('Happy <b>birthday</b>!');
    expect(mail!.html_body).toContain('Happy &lt;b&gt;birthday&lt;/b&gt;!');
    const code = codeIn(mail!.text_body);
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(bought.codes.map(formatGiftCode)).toEqual([code]);
    // The buyer's receipt.
    const buyerEmail = (await q<{ email: string }>('select email from users where id = $1', [buyer.id]))[0]!.email;
    const receipts = await emailsTo(buyerEmail);
    expect(receipts.map((r) => r.kind)).toEqual(['gift-receipt']);
    expect(receipts[0]!.text_body).toContain('$29.00');

    // A second reader redeems it (typed in lower case, without dashes: it still reads).
    const rosa = await newReader(t, 'Rosa');
    expect(await canReadMemberOnly(rosa.id)).toBe(false);
    expect(await giftCodeStatus(t.database.db, code!.toLowerCase(), rosa.id, clock)).toBe('VALID');
    clock.advance(DAY_MS);
    const redeemed = await redeemGiftCode(t.database.db, rosa.id, code!.replace(/-/g, '').toLowerCase(), clock);
    expect(redeemed).toMatchObject({ status: 'VALID', grant: { kind: 'started', accessUntil: addMonths(clock.now(), 12) } });
    expect(await canReadMemberOnly(rosa.id)).toBe(true);
    expect((await access(rosa.id)).member_tier).toBe('MEMBER');

    // Used once only.
    expect((await redeemGiftCode(t.database.db, buyer.id, code!, clock)).status).toBe('ALREADY_USED');

    // A year later the membership the gift gave is over.
    clock.advance(365 * DAY_MS - 1000);
    expect(await canReadMemberOnly(rosa.id)).toBe(true);
    expect(await expireGiftMembershipsBatch(t.database.db, clock, 50)).toBe(0);
    clock.advance(2000);
    expect(await canReadMemberOnly(rosa.id)).toBe(false);
    // The membership module's sweep ends the gift membership: Rosa is a reader again.
    expect(await expireGiftMembershipsBatch(t.database.db, clock, 50)).toBeGreaterThanOrEqual(1);
    expect(await access(rosa.id)).toEqual({ member_tier: 'FREE', member_access_until: null });
  });

  it('a gift dated later is emailed by the sweep on its day, once, and its code is not found before', async () => {
    fresh();
    const buyer = await newReader(t, 'Buyer');
    const o = order({ deliverOn: '2026-03-13' });
    const bought = await purchaseGift(deps, buyer.id, o, VISA);
    if (bought.kind !== 'paid') throw new Error(bought.kind);
    const to = o.kind === 'gift' ? o.recipientEmail : '';
    expect(bought.purchase.deliveredAt).toBeNull();
    expect(await emailsTo(to)).toEqual([]);
    const code = bought.codes[0]!;
    expect(await giftCodeStatus(t.database.db, code, null, clock)).toBe('NOT_FOUND');

    clock.set(new Date('2026-03-12T23:59:00Z'));
    expect(await deliverDueGifts(deps, 50)).toBe(0);
    clock.set(new Date('2026-03-13T00:00:00Z'));
    const sweep = giftDeliverySweep(deps);
    expect(await sweep.runBatch(50)).toBeGreaterThanOrEqual(1);
    expect(await sweep.runBatch(50)).toBe(0);
    const mails = await emailsTo(to);
    expect(mails).toHaveLength(1);
    expect(codeIn(mails[0]!.text_body)).toBe(formatGiftCode(code));
    expect(await giftCodeStatus(t.database.db, code, null, clock)).toBe('VALID');
    // The receipt said when it would go.
    const buyerEmail = (await q<{ email: string }>('select email from users where id = $1', [buyer.id]))[0]!.email;
    expect((await emailsTo(buyerEmail))[0]!.text_body).toContain('on March 13, 2026');
  });

  it('every status, in the spec order: VALID, ALREADY_USED, EXPIRED, NOT_FOUND, NOT_REDEEMABLE_BY_PAST_MEMBERS', async () => {
    fresh();
    const buyer = await newReader(t, 'Buyer');
    const group = validateGroupGiftOrder({ quantity: 3 });
    if ('error' in group) throw new Error(group.error);
    const bought = await purchaseGift(deps, buyer.id, group, VISA);
    if (bought.kind !== 'paid') throw new Error(bought.kind);
    expect(bought.purchase).toMatchObject({ amount: 3 * 3100, quantity: 3 });
    expect((await q<{ type: string; amount: number }>('select type, amount from charges where provider_ref = $1', [bought.purchase.chargeRef]))[0]).toEqual({ type: 'group gift', amount: 9300 });
    const [a, b, c] = bought.codes as [string, string, string];

    const newcomer = await newReader(t, 'New');
    expect(await giftCodeStatus(t.database.db, a, newcomer.id, clock)).toBe('VALID');
    expect((await redeemGiftCode(t.database.db, newcomer.id, a, clock)).status).toBe('VALID');
    expect(await giftCodeStatus(t.database.db, a, null, clock)).toBe('ALREADY_USED');
    // Now a member: another group code is not for them; signed out the rule cannot apply yet.
    expect(await giftCodeStatus(t.database.db, b, newcomer.id, clock)).toBe('NOT_REDEEMABLE_BY_PAST_MEMBERS');
    expect((await redeemGiftCode(t.database.db, newcomer.id, b, clock)).status).toBe('NOT_REDEEMABLE_BY_PAST_MEMBERS');
    expect(await giftCodeStatus(t.database.db, b, null, clock)).toBe('VALID');
    // A used code reads ALREADY_USED for a past member too (the earlier check wins).
    expect(await giftCodeStatus(t.database.db, a, newcomer.id, clock)).toBe('ALREADY_USED');

    expect(await giftCodeStatus(t.database.db, 'not a code', null, clock)).toBe('NOT_FOUND');
    expect(await giftCodeStatus(t.database.db, '0000-0000-0000-0000', null, clock)).toBe('NOT_FOUND');

    // Codes are good for a year after delivery; used and expired reads ALREADY_USED.
    clock.set(addMonths(T0, 12));
    expect(await giftCodeStatus(t.database.db, c, null, clock)).toBe('EXPIRED');
    expect((await redeemGiftCode(t.database.db, (await newReader(t, 'Late')).id, c, clock)).status).toBe('EXPIRED');
    expect(await giftCodeStatus(t.database.db, a, null, clock)).toBe('ALREADY_USED');
  });

  it('a gift never shortens a running membership: a paid one keeps its end and the gift waits; a gift membership is extended', async () => {
    fresh();
    const buyer = await newReader(t, 'Buyer');
    const gift = async () => {
      const bought = await purchaseGift(deps, buyer.id, order(), VISA);
      if (bought.kind !== 'paid') throw new Error(bought.kind);
      return bought.codes[0]!;
    };
    // A Friend paying yearly.
    const friend = await newReader(t, 'Friend');
    const paid = await purchaseMembership({ db: t.database.db, provider: deps.provider, env: membershipEnv(t.config, clock) }, friend.id, {
      plan: 'PREMIUM_YEARLY',
      currency: 'USD',
      discount: 'NONE',
      paymentMethod: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(paid.kind).toBe('membership');
    const before = await access(friend.id);
    expect(before.member_tier).toBe('FRIEND');
    const r = await redeemGiftCode(t.database.db, friend.id, await gift(), clock);
    expect(r).toMatchObject({ status: 'VALID', grant: { kind: 'credited', accessUntil: before.member_access_until } });
    expect(await access(friend.id)).toEqual(before);

    // A reader on a gift redeems another: a year more, from the end of the first.
    const rosa = await newReader(t, 'Rosa');
    const first = await redeemGiftCode(t.database.db, rosa.id, await gift(), clock);
    expect(first).toMatchObject({ grant: { kind: 'started', accessUntil: addMonths(T0, 12) } });
    clock.advance(30 * DAY_MS);
    const second = await redeemGiftCode(t.database.db, rosa.id, await gift(), clock);
    expect(second).toMatchObject({ status: 'VALID', grant: { kind: 'extended', accessUntil: addMonths(T0, 24) } });
  });

  it('two concurrent redeems of one code: one wins, the other sees ALREADY_USED', async () => {
    fresh();
    const buyer = await newReader(t, 'Buyer');
    for (let round = 0; round < 5; round++) {
      const bought = await purchaseGift(deps, buyer.id, order(), VISA);
      if (bought.kind !== 'paid') throw new Error(bought.kind);
      const ann = await newReader(t, 'Ann');
      const bob = await newReader(t, 'Bob');
      const results = await Promise.all([redeemGiftCode(t.database.db, ann.id, bought.codes[0]!, clock), redeemGiftCode(t.database.db, bob.id, bought.codes[0]!, clock)]);
      expect(results.map((r) => r.status).sort()).toEqual(['ALREADY_USED', 'VALID']);
      const members = [await canReadMemberOnly(ann.id), await canReadMemberOnly(bob.id)];
      expect(members.filter(Boolean)).toHaveLength(1);
    }
  });

  it('a declined card buys nothing: no code, no email, no ledger entry', async () => {
    fresh();
    const buyer = await newReader(t, 'Buyer');
    const o = order();
    const r = await purchaseGift(deps, buyer.id, o, DECLINED);
    expect(r).toMatchObject({ kind: 'declined', failure: { code: 'card_declined' } });
    const rows = await q<{ id: string; status: string }>('select id, status from gift_purchases where buyer_id = $1', [buyer.id]);
    expect(rows.map((p) => p.status)).toEqual(['failed']);
    expect(await q('select 1 from gift_codes where purchase_id = $1', [rows[0]!.id])).toEqual([]);
    expect(await emailsTo(o.kind === 'gift' ? o.recipientEmail : '')).toEqual([]);
    expect(await q("select 1 from charges where user_id = $1 and status = 'succeeded'", [buyer.id])).toEqual([]);
    expect(await q('select 1 from ledger_entries e join charges c on c.id = e.charge_id where c.user_id = $1', [buyer.id])).toEqual([]);
  });

  it('a purchase interrupted after its charge is finished by the sweep with the same charge, not a second one', async () => {
    fresh();
    const buyer = await newReader(t, 'Buyer');
    const o = order();
    let crash = true;
    const crashing: GiftDeps = {
      ...deps,
      recordCharge: async (...args) => {
        if (crash) throw new Error('process killed while recording the charge');
        return deps.recordCharge(...args);
      },
    };
    await expect(purchaseGift(crashing, buyer.id, o, VISA)).rejects.toThrow(/process killed/);
    const [pending] = await q<{ id: string; status: string }>('select id, status from gift_purchases where buyer_id = $1', [buyer.id]);
    expect(pending!.status).toBe('pending');
    crash = false;
    // Not yet stale: the sweep leaves a purchase that may still be running alone.
    expect(await giftDeliverySweep(deps).runBatch(50)).toBe(0);
    clock.advance(STALE_PENDING_MS);
    expect(await giftDeliverySweep(deps).runBatch(50)).toBe(1);
    const [done] = await q<{ status: string; charge_ref: string }>('select status, charge_ref from gift_purchases where id = $1', [pending!.id]);
    expect(done!.status).toBe('paid');
    // One charge at the provider and in the ledger for this purchase.
    expect(await q('select 1 from charges where user_id = $1', [buyer.id])).toHaveLength(1);
    expect(await q("select 1 from test_provider_charges where customer_ref = (select customer_ref from gift_purchases where id = $1) and status = 'succeeded'", [pending!.id])).toHaveLength(1);
    expect(await q('select 1 from ledger_entries e join charges c on c.id = e.charge_id where c.user_id = $1', [buyer.id])).toHaveLength(1);
    expect(await emailsTo(o.kind === 'gift' ? o.recipientEmail : '')).toHaveLength(1);
  });

  it('bad orders are refused with a clear message', () => {
    fresh();
    const now = clock.now();
    expect(validateGiftOrder({ recipientName: ' ', recipientEmail: 'a@example.com' }, now)).toEqual({ error: 'Enter the name of the person you are giving the gift to.' });
    expect(validateGiftOrder({ recipientName: 'A', recipientEmail: 'not-an-email' }, now)).toEqual({ error: 'Please enter a valid email address.' });
    expect(validateGiftOrder({ recipientName: 'A', recipientEmail: 'a@example.com', deliverOn: '2026-03-08' }, now)).toEqual({ error: 'Choose today or a later date for the delivery.' });
    expect(validateGiftOrder({ recipientName: 'A', recipientEmail: 'a@example.com', deliverOn: '2026-02-30' }, now)).toEqual({ error: 'Choose today or a later date for the delivery.' });
    expect(validateGiftOrder({ recipientName: 'A', recipientEmail: 'a@example.com', deliverOn: '2027-04-01' }, now)).toEqual({ error: 'Choose a delivery date within the next year.' });
    expect(validateGiftOrder({ recipientName: 'A', recipientEmail: 'a@example.com', message: 'x'.repeat(1001) }, now)).toEqual({ error: 'Your message can be at most 1,000 characters.' });
    // UTC yesterday is still today west of UTC: it means now.
    expect(validateGiftOrder({ recipientName: 'A', recipientEmail: 'a@example.com', deliverOn: '2026-03-09' }, now)).toMatchObject({ deliverAt: now });
    expect(validateGroupGiftOrder({ quantity: 1 })).toEqual({ error: 'Choose from 2 to 50 gift codes.' });
    expect(validateGroupGiftOrder({ quantity: 51 })).toEqual({ error: 'Choose from 2 to 50 gift codes.' });
    expect(validateGroupGiftOrder({ quantity: 2.5 })).toEqual({ error: 'Choose from 2 to 50 gift codes.' });
  });
});
