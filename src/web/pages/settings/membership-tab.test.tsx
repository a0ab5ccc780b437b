import type { DocumentNode } from 'graphql';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { MembershipStatusView } from '../../components/membership/types.js';
import { ReactivateMembershipModal } from '../../components/membership/ReactivateMembershipModal.js';
import {
  BILLING_RECEIPT_QUERY,
  MEMBERSHIP_SETTINGS_QUERY,
  USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY,
  USE_PAYMENT_METHOD_RETENTION_QUERY,
} from '../../graphql/manage-membership-operations.js';
import { PageQueryContext } from '../../graphql/page-data.js';
import { renderWithSite } from '../../lib/test-render.js';
import BillingReceiptPage from '../billing-receipt/BillingReceiptPage.js';
import CancelMembershipPage from '../cancel-membership/CancelMembershipPage.js';
import ManageMembershipConfirmationPage from '../manage-membership/ManageMembershipConfirmationPage.js';
import ManageMembershipPage from '../manage-membership/ManageMembershipPage.js';
import { MembershipTab, type MembershipSettingsData } from './MembershipTab.js';

const DEC_27 = Date.UTC(2026, 11, 27, 12);
const NOV_27 = Date.UTC(2026, 10, 27, 12);
const visa = { __typename: 'CreditCard' as const, cardType: 'visa', lastFour: '4242', expirationMonth: 8, expirationYear: 2029 };
const plan = (membershipType: MembershipStatusView['membershipType'], amount: number) => ({
  id: membershipType,
  membershipType,
  tier: membershipType.startsWith('PREMIUM') ? ('FRIEND' as const) : ('MEMBER' as const),
  price: { amount, currency: 'USD' as const, crossoutAmount: null },
});

function status(over: Partial<MembershipStatusView> = {}): MembershipStatusView {
  return {
    membershipId: 'm1',
    membershipType: 'MONTHLY',
    tier: 'MEMBER',
    state: 'ACTIVE',
    startedAt: NOV_27,
    currentPeriodEndsAt: DEC_27,
    currency: 'USD',
    amount: 500,
    discountEndsAt: null,
    isCancelled: false,
    paymentProvider: 'TEST',
    paymentFailedAt: null,
    hasCreditCardExpired: false,
    canReactivate: false,
    canSwitchPlan: true,
    pendingActionUrl: null,
    paymentMethod: visa,
    planV2: plan('MONTHLY', 500),
    switchPlanSchedule: null,
    ...over,
  };
}

/** Renders `ui` as the server does, reading `results` for the page's queries. */
function render(ui: ReactNode, results: [DocumentNode, unknown][]): string {
  const byQuery = new Map(results);
  return renderWithSite(<PageQueryContext.Provider value={(q) => byQuery.get(q)}>{ui}</PageQueryContext.Provider>, { pageId: 'settings', routeName: 'ShowSettingsTab' });
}

function settings(s: MembershipStatusView | null, extra: Partial<MembershipSettingsData> = {}): [DocumentNode, unknown][] {
  const data: MembershipSettingsData = {
    viewer: { id: 'u1', hasPastMemberships: false, membership: s ? { id: 'u1', tier: s.tier, memberSince: Date.UTC(2025, 2, 3), friendSince: null } : null, membershipStatus: s },
    paymentProviderInfo: { id: 'TEST', testMode: true },
    billingHistory: [],
    ...extra,
  };
  return [[MEMBERSHIP_SETTINGS_QUERY, data]];
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|’/g, "'").replace(/\s+/g, ' ');

describe('Settings → Membership and payment', () => {
  it('shows a running membership: tier, plan, price, member since, next billing date, payment text, actions', () => {
    const html = render(<MembershipTab />, settings(status()));
    const t = text(html);
    expect(html).toContain('id="membership"');
    expect(html).toContain('id="payment"');
    expect(html).toContain('id="redeemGiftMembership"');
    expect(t).toContain('Tier Member');
    expect(t).toContain('Plan Member, monthly');
    expect(t).toContain('Price $5/month');
    expect(t).toContain('Member since March 2025');
    expect(t).toContain('Next billing date Dec 27, 2026');
    expect(t).toContain('Visa ending in 4242 (Expires 08/2029)');
    expect(html).toContain('href="/me/settings/payment/update"');
    expect(t).toContain('Test mode');
    expect(html).toContain('href="/manage-membership"');
    expect(html).toContain('href="/me/membership/cancel"');
    expect(html).not.toContain('#reactivateMembership');
    expect(t).not.toContain('will expire');
  });

  it('a cancelled membership says when it expires and offers Reactivate, not Cancel or Switch', () => {
    const html = render(<MembershipTab />, settings(status({ isCancelled: true, canReactivate: true, canSwitchPlan: false })));
    expect(text(html)).toContain('Your membership will expire on Dec 27, 2026');
    expect(html).toContain('href="#reactivateMembership"');
    expect(html).not.toContain('href="/me/membership/cancel"');
    expect(html).not.toContain('href="/manage-membership"');
  });

  it('a reader who is not a member is shown the way to become one', () => {
    const html = render(<MembershipTab />, settings(null, { paymentProviderInfo: { id: 'TEST', testMode: false } }));
    expect(html).toMatch(/href="\/plans"[^>]*>Become a member</);
    expect(text(html)).toContain('No payment method on file.');
    expect(html).not.toContain('href="/me/settings/payment/update"');
    expect(text(html)).not.toContain('Test mode');
  });

  it('lists the billing history with receipt links, amounts to the cent and refunds', () => {
    const charges = [
      { id: 'ch_2', type: 'monthly', status: 'succeeded', createdAt: DEC_27, description: 'Membership, monthly', refundedAmount: 0, amount: { amount: 500, currency: 'USD' as const } },
      { id: 'ch_1', type: 'monthly', status: 'succeeded', createdAt: NOV_27, description: 'Membership, monthly', refundedAmount: 250, amount: { amount: 500, currency: 'CAD' as const } },
    ];
    const html = render(<MembershipTab />, settings(status(), { billingHistory: charges }));
    expect(html).toContain('href="/me/billing-history/receipt/ch_2"');
    expect(html).toContain('href="/me/billing-history/receipt/ch_1"');
    expect(text(html)).toContain('Dec 27, 2026 Membership, monthly $5.00');
    expect(text(html)).toContain('$2.50 refunded');
  });

  it('the payment section warns about a failed payment', () => {
    const html = render(<MembershipTab />, settings(status({ paymentFailedAt: NOV_27, canSwitchPlan: false })));
    expect(text(html)).toContain('Your last payment failed.');
  });
});

describe('reactivate modal', () => {
  it('is a titled dialog whose confirm is disabled with no membership loaded', () => {
    const html = renderWithSite(<ReactivateMembershipModal isVisible onClose={() => {}} />);
    expect(html).toMatch(/role="dialog"/);
    expect(html).toContain('Reactivate your membership');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Reactivate membership/);
  });
});

describe('/manage-membership', () => {
  it('offers a Member the upgrade to Friend, its price, and a confirm that waits for the proration preview', () => {
    const html = render(<ManageMembershipPage pageId="manage-membership" params={{}} />, [[USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY, { viewer: { id: 'u1', membershipStatus: status() } }]]);
    const t = text(html);
    expect(t).toContain('Your plan Member, monthly $5/month');
    expect(t).toContain('Upgrade Friend of Inkwell, monthly $15/month');
    expect(t).toContain("Working out today's charge");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Upgrade and pay/);
  });

  it('tells a Friend the switch to Member starts at the period end', () => {
    const s = status({ membershipType: 'PREMIUM_YEARLY', tier: 'FRIEND', amount: 15000, planV2: plan('PREMIUM_YEARLY', 15000) });
    const t = text(render(<ManageMembershipPage pageId="manage-membership" params={{}} />, [[USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY, { viewer: { id: 'u1', membershipStatus: s } }]]));
    expect(t).toContain('Switch Member, yearly $50/year');
    expect(t).toContain('The switch takes effect at the end of this billing period, on Dec 27, 2026.');
    expect(t).toContain('Switch to Member');
  });

  it('explains why a cancelled membership cannot switch', () => {
    const s = status({ isCancelled: true, canSwitchPlan: false });
    const html = render(<ManageMembershipPage pageId="manage-membership" params={{}} />, [[USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY, { viewer: { id: 'u1', membershipStatus: s } }]]);
    expect(html).toContain('href="/me/settings/membership#reactivateMembership"');
    expect(html).not.toContain('Upgrade and pay');
  });

  it('confirms a switch that is scheduled for the period end', () => {
    const s = status({ membershipType: 'PREMIUM_MONTHLY', tier: 'FRIEND', switchPlanSchedule: { startAt: DEC_27, plan: plan('MONTHLY', 500) } });
    const t = text(render(<ManageMembershipConfirmationPage pageId="manage-membership-confirmation" params={{ membershipType: 'monthly' }} />, [[USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY, { viewer: { id: 'u1', membershipStatus: s } }]]));
    expect(t).toContain("You'll switch to Member");
    expect(t).toContain('Your plan changes to Member, monthly on Dec 27, 2026.');
  });
});

describe('/me/membership/cancel', () => {
  it('asks for a reason among every spec §3 reason and an optional comment; cancel waits for a reason', () => {
    const html = render(<CancelMembershipPage pageId="cancel-membership" params={{}} />, [[USE_PAYMENT_METHOD_RETENTION_QUERY, { viewer: { id: 'u1', membershipStatus: status() } }]]);
    expect((html.match(/type="radio" name="reason"/g) ?? []).length).toBe(8);
    expect(text(html)).toContain("It costs too much");
    expect(text(html)).toContain('(optional)');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>.*Cancel membership/);
    expect(text(html)).toContain('Your membership stays active until Dec 27, 2026');
  });

  it('a reader who cancelled and left before answering finds the open offer again', () => {
    const s = status({ membershipType: 'PREMIUM_MONTHLY', tier: 'FRIEND', amount: 1500, isCancelled: true, retentionOffer: 'FIFTY_PERCENT_OFF_ONE_YEAR' });
    const t = text(render(<CancelMembershipPage pageId="cancel-membership" params={{}} />, [[USE_PAYMENT_METHOD_RETENTION_QUERY, { viewer: { id: 'u1', membershipStatus: s } }]]));
    expect(t).toContain('Stay for 50% off for a year');
    expect(t).toContain('$7.50/month instead of $15/month, for the next 12 months.');
    expect(t).toContain('No thanks, finish cancelling');
  });

  it('an already cancelled membership says when it expires', () => {
    const html = render(<CancelMembershipPage pageId="cancel-membership" params={{}} />, [[USE_PAYMENT_METHOD_RETENTION_QUERY, { viewer: { id: 'u1', membershipStatus: status({ isCancelled: true }) } }]]);
    expect(text(html)).toContain('Your membership will expire on Dec 27, 2026.');
  });
});

describe('billing receipt', () => {
  it('prints the site name, date, charge id, description, amount with currency, payment method and refunds', () => {
    const charge = { id: 'ch_9', type: 'annual', status: 'succeeded', createdAt: NOV_27, description: 'Membership, yearly', refundedAmount: 1000, amount: { amount: 5000, currency: 'USD' }, paymentMethod: visa };
    const t = text(render(<BillingReceiptPage pageId="billing-receipt" params={{ chargeId: 'ch_9' }} />, [[BILLING_RECEIPT_QUERY, { viewer: { id: 'u1', name: 'Ann' }, charge }]]));
    expect(t).toContain('Inkwell Receipt');
    expect(t).toContain('Date Nov 27, 2026');
    expect(t).toContain('Charge ID ch_9');
    expect(t).toContain('Description Membership, yearly');
    expect(t).toContain('Payment method Visa ending in 4242 (Expires 08/2029)');
    expect(t).toContain('Amount paid $50.00 USD');
    expect(t).toContain('Refunded −$10.00 USD');
    expect(t).toContain('Net $40.00 USD');
  });
});
