import type { IResolvers } from 'mercurius';
import { CURRENCIES, MEMBERSHIP_PLANS, type CancellationDiscount, type CancellationReason, type Currency, type DiscountMode, type MembershipPlan } from '../../shared/membership.js';
import type { RequestContext, Viewer } from '../../server/graphql/context.js';
import { SESSION_REQUIRED_MESSAGE } from '../accounts/viewer-guards.js';
import type { MembershipRow } from './apply-snapshot.js';
import { acceptRetentionOffer, cancelMembership, deactivateMembership, openRetentionOffer, planChangePreview, uncancelMembership, updateMembershipPlan, updatePaymentMethod } from './manage.js';
import { listPlans } from './plans.js';
import { purchaseMembership, type MembershipDeps } from './purchase.js';
import { hasPastMemberships, membershipStatusView, viewerMembership } from './queries.js';
import { MEMBERSHIP_MESSAGES, type MembershipResult, type PaymentMethodFields } from './results.js';
import { membershipDeps, paymentProviderInfo } from './services.js';
import { billingTypeDefs, billingResolvers } from './billing-graphql.js';

export const membershipTypeDefs = /* GraphQL */ `
  enum MembershipPlanType { MONTHLY YEARLY PREMIUM_MONTHLY PREMIUM_YEARLY }
  enum MembershipState { ACTIVE INACTIVE PENDING_ACTION SUSPENDED UNKNOWN }
  enum PaymentProviderName { APPLE BRAINTREE GOOGLE GIFT PAYPAL STRIPE TEST }
  enum Currency { USD CAD }
  enum DiscountMode { NONE FIFTY_PERCENT_OFF_ONE_YEAR }
  enum CancellationReason { CONTENT COSTS DUPLICATE_ACCOUNTS FEATURE_USAGE OTHER PREMIUM_TIER SWITCHING_PRODUCT TIME }
  enum CancellationDiscount { TWENTY_PERCENT_OFF_ONE_YEAR FIFTY_PERCENT_OFF_ONE_YEAR NONE }
  type Money { amount: Int! currency: Currency! crossoutAmount: Int }
  type CreditCard { cardType: String! lastFour: String! expirationMonth: Int! expirationYear: Int! }
  type ApplePay { id: ID }
  type GooglePay { id: ID }
  type PayPal { id: ID }
  union PaymentMethod = CreditCard | ApplePay | GooglePay | PayPal
  type PlanDiscount { numCycles: Int! regularPrice: Money! }
  type MembershipPlanV2 { id: ID! membershipType: MembershipPlanType! tier: MembershipTier! price: Money! discount: PlanDiscount }
  type SwitchPlanSchedule { startAt: Float! plan: MembershipPlanV2! }
  type MembershipStatus {
    membershipId: ID!
    membershipType: MembershipPlanType!
    tier: MembershipTier!
    state: MembershipState!
    "admin, delinquency or user, for an INACTIVE membership."
    deactivationSource: String
    startedAt: Float!
    currentPeriodEndsAt: Float!
    currency: Currency!
    "What the next period costs, in cents, after a running discount."
    amount: Int!
    discountEndsAt: Float
    isCancelled: Boolean!
    paymentProvider: PaymentProviderName!
    paymentFailedAt: Float
    hasCreditCardExpired: Boolean!
    hasRecurringPaymentFailedMoreThanOnce: Boolean!
    paymentMethod: PaymentMethod
    planV2: MembershipPlanV2!
    switchPlanSchedule: SwitchPlanSchedule
    "PENDING_ACTION with 3-D Secure: where the reader confirms the payment."
    pendingActionUrl: String
    "Spec §4: reactivation allowed (provider braintree/stripe/test, cancelled, a payment method)."
    canReactivate: Boolean!
    "Spec §4: plan switch allowed (provider braintree/stripe/test, payment not failed, not cancelled)."
    canSwitchPlan: Boolean!
    "After cancelMembership: the retention offer the reason met, open until taken or the membership ends; NONE when there is none; null when not cancelled."
    retentionOffer: CancellationDiscount
  }
  type PaymentProviderInfo { id: String! testMode: Boolean! publishableKey: String }
  extend type User {
    "The viewer's own membership, null for others and for readers who never paid (or whose last membership ended long ago)."
    membershipStatus: MembershipStatus
    hasPastMemberships: Boolean!
  }
  input PaymentMethodInput { cardNumber: String expMonth: Int expYear: Int cvc: String postalCode: String token: String }
  type PaymentMethodDeclined { message: String! code: String! }
  type PaymentError { message: String! }
  type MembershipPurchaseSuccess { membershipStatus: MembershipStatus! }
  union MembershipMutationResult = MembershipPurchaseSuccess | MutationSuccess | PaymentMethodDeclined | PaymentError | BadRequest | Unauthorized | Conflict | NotFound
  extend type Query {
    membershipPlans(currency: Currency, discount: DiscountMode): [MembershipPlanV2!]!
    paymentProviderInfo: PaymentProviderInfo!
    "Proration charged today for switching now (upgrade); null when not allowed or when the switch waits for the period end."
    membershipPlanChangePreview(membershipType: MembershipPlanType!): Money
  }
  extend type Mutation {
    purchaseMembership(membershipType: MembershipPlanType!, currency: Currency, discount: DiscountMode, paymentMethod: PaymentMethodInput!): MembershipMutationResult!
    "Cancels at the period end (access lasts until then); the answer's membershipStatus.retentionOffer is the offer to show."
    cancelMembership(membershipId: ID!, reason: CancellationReason!, comment: String): MembershipMutationResult!
    "The retention offer shown on cancelling (spec §3 cancellation discounts): accept keeps the membership with the discount."
    acceptMembershipRetentionOffer(membershipId: ID!, discount: CancellationDiscount!): MembershipMutationResult!
    UncancelMembership(membershipId: ID!): MembershipMutationResult!
    updateMembershipPlan(membershipId: ID!, membershipType: MembershipPlanType!): MembershipMutationResult!
    updatePaymentMethod(paymentMethod: PaymentMethodInput!): MembershipMutationResult!
    "Staff only: ends a reader's membership now (deactivation source admin)."
    deactivateMembership(userId: ID!): MembershipMutationResult!
  }
  ${billingTypeDefs}
`;

type Ctx = RequestContext;

/** Spec §3 reasons are stored as the spec writes them ('duplicate accounts'); GraphQL spells them as enum values. */
const reasonOf = (value: string): CancellationReason => value.toLowerCase().replace(/_/g, ' ') as CancellationReason;

/** Money changes need a browser session: an integration token cannot buy, cancel or change a card. */
function payingViewer(ctx: Ctx): Viewer | { __typename: 'Unauthorized'; message: string } {
  if (!ctx.viewer) return { __typename: 'Unauthorized', message: MEMBERSHIP_MESSAGES.signIn };
  if (ctx.viewer.viaToken) return { __typename: 'Unauthorized', message: SESSION_REQUIRED_MESSAGE };
  return ctx.viewer;
}
const isViewer = (v: ReturnType<typeof payingViewer>): v is Viewer => !('__typename' in v);

async function statusOf(deps: MembershipDeps, m: MembershipRow) {
  const offer = m.isCancelled && m.state === 'ACTIVE' ? ((await openRetentionOffer(deps, m.id))?.offer ?? 'NONE') : null;
  return membershipStatusView(m, deps.env.clock.now(), offer);
}

async function toGraphql(deps: MembershipDeps, result: MembershipResult) {
  switch (result.kind) {
    case 'membership':
      return { __typename: 'MembershipPurchaseSuccess', membershipStatus: await statusOf(deps, result.membership) };
    case 'success':
      return { __typename: 'MutationSuccess', success: true };
    case 'declined':
      return { __typename: 'PaymentMethodDeclined', message: result.message, code: result.code };
    case 'payment-error':
      return { __typename: 'PaymentError', message: result.message };
    case 'bad-request':
      return { __typename: 'BadRequest', message: result.message };
    case 'unauthorized':
      return { __typename: 'Unauthorized', message: result.message };
    case 'not-found':
      return { __typename: 'NotFound', message: result.message };
  }
}

/** Runs a member's command with the module's dependencies and answers in the result union. */
async function asMember(ctx: Ctx, run: (deps: MembershipDeps, viewer: Viewer) => Promise<MembershipResult>) {
  const viewer = payingViewer(ctx);
  if (!isViewer(viewer)) return viewer;
  const deps = membershipDeps(ctx);
  return toGraphql(deps, await run(deps, viewer));
}

const currencyOf = (c: unknown): Currency => (CURRENCIES.includes(c as Currency) ? (c as Currency) : 'USD');

export const membershipResolvers: IResolvers = {
  Query: {
    membershipPlans: (_: unknown, args: { currency?: Currency | null; discount?: DiscountMode | null }) => listPlans(currencyOf(args.currency), args.discount ?? 'NONE'),
    paymentProviderInfo: (_: unknown, __: unknown, ctx: Ctx) => paymentProviderInfo(ctx),
    membershipPlanChangePreview: async (_: unknown, args: { membershipType: MembershipPlan }, ctx: Ctx) => {
      if (!ctx.viewer || ctx.viewer.viaToken || !MEMBERSHIP_PLANS.includes(args.membershipType)) return null;
      return planChangePreview(membershipDeps(ctx), ctx.viewer.id, args.membershipType);
    },
    ...billingResolvers.Query,
  },
  User: {
    membershipStatus: async (u: { id: string }, _: unknown, ctx: Ctx) => {
      if (ctx.viewer?.id !== u.id) return null;
      const deps = membershipDeps(ctx);
      const m = await viewerMembership(ctx.db, u.id, deps.env.clock.now());
      return m ? statusOf(deps, m) : null;
    },
    hasPastMemberships: (u: { id: string }, _: unknown, ctx: Ctx) => (ctx.viewer?.id === u.id ? hasPastMemberships(ctx.db, u.id) : false),
  },
  Mutation: {
    purchaseMembership: (_: unknown, args: { membershipType: MembershipPlan; currency?: Currency | null; discount?: DiscountMode | null; paymentMethod: PaymentMethodFields }, ctx: Ctx) =>
      asMember(ctx, (deps, viewer) =>
        purchaseMembership(deps, viewer.id, { plan: args.membershipType, currency: currencyOf(args.currency), discount: args.discount ?? 'NONE', paymentMethod: args.paymentMethod }),
      ),
    cancelMembership: (_: unknown, args: { membershipId: string; reason: string; comment?: string | null }, ctx: Ctx) =>
      asMember(ctx, (deps, viewer) => cancelMembership(deps, viewer.id, { membershipId: args.membershipId, reason: reasonOf(args.reason), comment: args.comment })),
    acceptMembershipRetentionOffer: (_: unknown, args: { membershipId: string; discount: CancellationDiscount }, ctx: Ctx) =>
      asMember(ctx, (deps, viewer) => acceptRetentionOffer(deps, viewer.id, args)),
    UncancelMembership: (_: unknown, args: { membershipId: string }, ctx: Ctx) => asMember(ctx, (deps, viewer) => uncancelMembership(deps, viewer.id, args.membershipId)),
    updateMembershipPlan: (_: unknown, args: { membershipId: string; membershipType: MembershipPlan }, ctx: Ctx) =>
      asMember(ctx, (deps, viewer) => updateMembershipPlan(deps, viewer.id, { membershipId: args.membershipId, plan: args.membershipType })),
    updatePaymentMethod: (_: unknown, args: { paymentMethod: PaymentMethodFields }, ctx: Ctx) => asMember(ctx, (deps, viewer) => updatePaymentMethod(deps, viewer.id, args.paymentMethod)),
    deactivateMembership: (_: unknown, args: { userId: string }, ctx: Ctx) => asMember(ctx, (deps, viewer) => deactivateMembership(deps, viewer, args.userId)),
  },
};
