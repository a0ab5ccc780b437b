import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';
import { buy, card, CARDS, membershipWorld, Q, type MembershipWorld } from './membership-fixtures.js';

/**
 * Who may do what with a membership: every membership mutation and query for a visitor, a
 * reader without membership, the member, another member and staff. Whatever is refused
 * changes nothing: the member's membership, the ledger and the provider stay as they were.
 */
describe('membership authorization (role × action)', () => {
  let t: TestApp;
  let w: MembershipWorld;
  let member: Reader;
  let other: Reader;
  let reader: Reader;
  let staff: Reader;
  let visitor: TestBrowser;
  let membershipId: string;
  let chargeId: string;

  beforeAll(async () => {
    t = await createTestApp();
    w = membershipWorld(t);
    member = await newReader(t, 'Member');
    other = await newReader(t, 'Other');
    reader = await newReader(t, 'Reader');
    staff = await newReader(t, 'Staff', { isStaff: true });
    visitor = testBrowser(t.app);
    const bought = await buy(member, 'MONTHLY');
    expect(bought.__typename).toBe('MembershipPurchaseSuccess');
    membershipId = bought.membershipStatus.membershipId;
    expect((await buy(other, 'MONTHLY')).__typename).toBe('MembershipPurchaseSuccess');
    await w.applyEvents();
    chargeId = (await member.browser.gql(Q.billing)).data.billingHistory[0].id;
  });

  const snapshotOfWorld = async () => {
    const { rows } = await t.database.pool.query(
      `select m.state, m.is_cancelled, m.plan, m.scheduled_plan, m.card_last_four, m.discount_percent_off,
        (select count(*)::int from charges where user_id = m.user_id) as charges,
        (select count(*)::int from membership_cancellations where membership_id = m.id) as cancellations,
        u.member_tier, u.member_access_until
       from memberships m join users u on u.id = m.user_id where m.id = $1`,
      [membershipId],
    );
    return rows[0];
  };

  const mutations = () => ({
    cancel: [Q.cancel, { id: membershipId, reason: 'COSTS' }, 'cancelMembership'],
    accept: [Q.accept, { id: membershipId, discount: 'FIFTY_PERCENT_OFF_ONE_YEAR' }, 'acceptMembershipRetentionOffer'],
    uncancel: [Q.uncancel, { id: membershipId }, 'UncancelMembership'],
    switchPlan: [Q.switchPlan, { id: membershipId, type: 'PREMIUM_MONTHLY' }, 'updateMembershipPlan'],
    deactivate: [Q.deactivate, { userId: member.id }, 'deactivateMembership'],
  }) as Record<string, [string, Record<string, unknown>, string]>;

  it("refuses everyone but the member on the member's membership, and changes nothing", async () => {
    const before = await snapshotOfWorld();
    const table: [string, TestBrowser, Record<string, string>][] = [
      ['visitor', visitor, { cancel: 'Unauthorized', accept: 'Unauthorized', uncancel: 'Unauthorized', switchPlan: 'Unauthorized', deactivate: 'Unauthorized' }],
      ['reader', reader.browser, { cancel: 'NotFound', accept: 'NotFound', uncancel: 'NotFound', switchPlan: 'NotFound', deactivate: 'Unauthorized' }],
      ['other member', other.browser, { cancel: 'NotFound', accept: 'NotFound', uncancel: 'NotFound', switchPlan: 'NotFound', deactivate: 'Unauthorized' }],
      // The member may not deactivate (staff only), nor take an offer never made, nor reactivate what is not cancelled.
      ['member', member.browser, { accept: 'BadRequest', uncancel: 'BadRequest', deactivate: 'Unauthorized' }],
      // Staff manage no one's membership but may deactivate (below, last).
      ['staff', staff.browser, { cancel: 'NotFound', accept: 'NotFound', uncancel: 'NotFound', switchPlan: 'NotFound' }],
    ];
    for (const [role, browser, expected] of table) {
      for (const [action, typename] of Object.entries(expected)) {
        const [query, vars, field] = mutations()[action]!;
        const res = await browser.gql(query, vars);
        expect({ role, action, typename: res.data?.[field]?.__typename }).toEqual({ role, action, typename });
      }
    }
    // Updating a card is always the viewer's own: a visitor is refused; a reader has nothing to pay for.
    expect((await visitor.gql(Q.updateCard, { pm: card(CARDS.mastercard) })).data.updatePaymentMethod.__typename).toBe('Unauthorized');
    expect((await reader.browser.gql(Q.updateCard, { pm: card(CARDS.mastercard) })).data.updatePaymentMethod).toEqual({ __typename: 'BadRequest', message: 'You have no membership to pay for.' });
    expect((await visitor.gql(Q.purchase, { type: 'MONTHLY', pm: card(CARDS.visa) })).data.purchaseMembership.__typename).toBe('Unauthorized');
    await w.applyEvents();
    expect(await snapshotOfWorld()).toEqual(before);
  });

  it("shows the membership, its preview and its charges to the member alone", async () => {
    expect((await visitor.gql(Q.status)).data.viewer).toBeNull();
    expect((await reader.browser.gql(Q.status)).data.viewer).toMatchObject({ membershipStatus: null, hasPastMemberships: false });
    expect((await member.browser.gql(Q.status)).data.viewer.membershipStatus.membershipId).toBe(membershipId);
    for (const browser of [visitor, reader.browser, other.browser, staff.browser]) {
      const seen = (await browser.gql(Q.statusOf, { id: member.id })).data.userResult;
      expect(seen).toEqual({ hasPastMemberships: false, membershipStatus: null });
      expect((await browser.gql(Q.charge, { id: chargeId })).data.charge).toBeNull();
      expect((await browser.gql(Q.billing)).data.billingHistory.map((c: { id: string }) => c.id)).not.toContain(chargeId);
    }
    expect((await member.browser.gql(Q.charge, { id: chargeId })).data.charge).toEqual({ id: chargeId, amount: { amount: 500 } });
    expect((await visitor.gql(Q.preview, { type: 'PREMIUM_MONTHLY' })).data.membershipPlanChangePreview).toBeNull();
    expect((await reader.browser.gql(Q.preview, { type: 'PREMIUM_MONTHLY' })).data.membershipPlanChangePreview).toBeNull();
    expect((await member.browser.gql(Q.preview, { type: 'PREMIUM_MONTHLY' })).data.membershipPlanChangePreview).toMatchObject({ currency: 'USD' });
    // Plans and the provider are public.
    const plans = (await visitor.gql(Q.plans)).data;
    expect(plans.membershipPlans).toHaveLength(4);
    expect(plans.paymentProviderInfo).toEqual({ id: 'test', testMode: true, publishableKey: null });
  });

  it('lets the member act, and staff deactivate', async () => {
    const cancelled = (await member.browser.gql(Q.cancel, { id: membershipId, reason: 'TIME', comment: 'Busy months ahead' })).data.cancelMembership;
    expect(cancelled.__typename).toBe('MembershipPurchaseSuccess');
    expect((await member.browser.gql(Q.uncancel, { id: membershipId })).data.UncancelMembership).toEqual({ __typename: 'MutationSuccess', success: true });
    expect((await member.browser.gql(Q.updateCard, { pm: card(CARDS.mastercard) })).data.updatePaymentMethod.__typename).toBe('MembershipPurchaseSuccess');
    expect((await member.browser.gql(Q.purchase, { type: 'YEARLY', pm: card(CARDS.visa) })).data.purchaseMembership).toEqual({ __typename: 'BadRequest', message: 'You already have a membership.' });
    expect((await staff.browser.gql(Q.deactivate, { userId: member.id })).data.deactivateMembership).toEqual({ __typename: 'MutationSuccess', success: true });
    await w.applyEvents();
    const after = (await member.browser.gql(Q.status)).data.viewer;
    expect(after.membershipStatus).toMatchObject({ state: 'INACTIVE', deactivationSource: 'admin' });
    expect(after.membership).toBeNull();
    expect(after.hasPastMemberships).toBe(true);
    // The other member's membership is untouched.
    expect((await other.browser.gql(Q.status)).data.viewer.membershipStatus).toMatchObject({ state: 'ACTIVE', isCancelled: false });
  });
});
