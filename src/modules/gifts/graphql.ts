import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IResolvers, MercuriusContext } from 'mercurius';
import { RateLimitedError } from '../../platform/errors/index.js';
import { hitAll, type RateLimitRule } from '../../platform/rate-limit/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { GIFT_PRICES } from '../../shared/membership.js';
import { SESSION_REQUIRED_MESSAGE } from '../accounts/viewer-guards.js';
import { variantFlags } from '../flags/tables.js';
import { MEMBERSHIP_MESSAGES, toProviderMethod, type PaymentMethodFields } from '../membership/results.js';
import { formatGiftCode, normalizeGiftCode } from './codes.js';
import { purchaseGift, type PurchaseOutcome } from './purchase.js';
import { GIFT_CODE_MESSAGES, giftCodeStatus, redeemGiftCode } from './redeem.js';
import { GROUP_GIFT_MAX, GROUP_GIFT_MIN, GIFT_MESSAGES, validateGiftOrder, validateGroupGiftOrder, type GiftOrder } from './validation.js';
import { giftDepsFor } from './wiring.js';

/**
 * Gifts in GraphQL. Purchases and redeems answer with the contract's MembershipMutationResult
 * (spec §7: the one mutation result union covers gift purchase and redeem), extended here with the
 * gift's own outcomes.
 */
export const giftsTypeDefs = /* GraphQL */ `
  "Spec §4 gift code statuses, checked in this order."
  enum GiftCodeStatus {
    VALID
    ALREADY_USED
    EXPIRED
    NOT_FOUND
    NOT_REDEEMABLE_BY_PAST_MEMBERS
  }
  "What the gift pages offer: spec §9 gift (29) and group gift (31 per code)."
  type GiftCheckout {
    giftPrice: Money!
    groupGiftPrice: Money!
    minGroupGiftCodes: Int!
    maxGroupGiftCodes: Int!
    "False when the feature gate disable_lite_gift_page is on: the gift checkout (/gift-plans) is closed."
    giftCheckoutEnabled: Boolean!
  }
  "A gift the viewer bought. codes: a group gift's, to hand out (a gift's code goes to its recipient only)."
  type GiftPurchase {
    id: ID!
    "Spec §3 charge type: gift or group gift."
    type: String!
    quantity: Int!
    amount: Money!
    recipientName: String
    recipientEmail: String
    deliverAt: Float!
    deliveredAt: Float
    codes: [String!]!
    createdAt: Float!
  }
  type GiftPurchaseSuccess {
    giftPurchase: GiftPurchase!
  }
  type GiftCodeCheck {
    "The code as it reads (XXXX-XXXX-XXXX-XXXX), or as typed when it cannot be one."
    code: String!
    status: GiftCodeStatus!
    message: String!
  }
  type GiftRedeemSuccess {
    status: GiftCodeStatus!
    message: String!
    "The viewer's member access now ends then. A gift never shortens a membership: redeemed during a paid one, its year begins when that ends."
    membershipAccessUntil: Float
  }
  "A code that cannot be redeemed: its status (not VALID) and why."
  type GiftCodeNotRedeemable {
    status: GiftCodeStatus!
    message: String!
  }
  extend union MembershipMutationResult = GiftPurchaseSuccess | GiftRedeemSuccess | GiftCodeNotRedeemable

  extend type Query {
    giftCheckout: GiftCheckout!
    "What redeeming the code would do for the viewer (signed out: whether it is good at all)."
    giftCodeStatus(code: String!): GiftCodeCheck!
  }
  extend type Mutation {
    "A year of Member for one person, emailed to them now or on deliverOn (YYYY-MM-DD, today or later)."
    purchaseGiftMembership(recipientName: String!, recipientEmail: String!, message: String, deliverOn: String, currency: Currency, paymentMethod: PaymentMethodInput!): MembershipMutationResult!
    "quantity codes (2 to 50), each a year of Member, for the buyer to hand out."
    purchaseGroupGiftMembership(quantity: Int!, currency: Currency, paymentMethod: PaymentMethodInput!): MembershipMutationResult!
    redeemGiftMembership(code: String!): MembershipMutationResult!
  }
`;

type Ctx = RequestContext;
type PaymentMethodArg = PaymentMethodFields;

export const REDEEMED_MESSAGES = {
  started: 'Your gift is redeemed: welcome to membership.',
  credited: 'Your gift is redeemed. Its year of membership begins when your current membership ends.',
} as const;

/**
 * Checks and redeems of gift codes, per network address and per reader: a code is 16 random
 * characters, but nobody should get to try them by the thousand.
 */
export const GIFT_CODE_RATE_LIMITS = {
  perIp: { name: 'gift-code:ip', limit: 60, windowMs: 3600_000 },
  perReader: { name: 'gift-code:reader', limit: 30, windowMs: 3600_000 },
} satisfies Record<string, RateLimitRule>;
export const GIFT_CODE_RATE_LIMITED_MESSAGE = 'Too many gift codes tried. Please try again in an hour.';

async function withinGiftCodeLimit(ctx: Ctx & Partial<Pick<MercuriusContext, 'app' | 'reply'>>): Promise<boolean> {
  const limiter = (ctx.app as unknown as FastifyInstance).rateLimiter;
  const verdict = await hitAll(limiter, [
    [GIFT_CODE_RATE_LIMITS.perIp, ctx.reply?.request.ip],
    [GIFT_CODE_RATE_LIMITS.perReader, ctx.viewer?.id],
  ]);
  return verdict.allowed;
}

const badRequest = (message: string) => ({ __typename: 'BadRequest', message });
const unauthorized = (message: string) => ({ __typename: 'Unauthorized', message });
const money = (amount: number, currency: string) => ({ amount, currency, crossoutAmount: null });

async function checkoutEnabled(ctx: Ctx): Promise<boolean> {
  const [flag] = await ctx.db.select({ value: variantFlags.value }).from(variantFlags).where(eq(variantFlags.name, 'disable_lite_gift_page'));
  return flag?.value !== true;
}

async function buy(ctx: Ctx, order: GiftOrder | { error: string }, pm: PaymentMethodArg) {
  if ('error' in order) return badRequest(order.error);
  const method = toProviderMethod(pm);
  if (!method) return badRequest(MEMBERSHIP_MESSAGES.cardDetails);
  const outcome: PurchaseOutcome = await purchaseGift(giftDepsFor(ctx), ctx.viewer!.id, order, method);
  if (outcome.kind === 'declined') return { __typename: 'PaymentMethodDeclined', message: outcome.failure.message, code: outcome.failure.code };
  if (outcome.kind === 'error') return { __typename: 'PaymentError', message: outcome.message };
  const p = outcome.purchase;
  return {
    __typename: 'GiftPurchaseSuccess',
    giftPurchase: {
      id: p.id,
      type: p.kind === 'gift' ? 'gift' : 'group gift',
      quantity: p.quantity,
      amount: money(p.amount, p.currency),
      recipientName: p.recipientName,
      recipientEmail: p.recipientEmail,
      deliverAt: p.deliverAt.getTime(),
      deliveredAt: p.deliveredAt?.getTime() ?? null,
      codes: p.kind === 'group-gift' ? outcome.codes.map(formatGiftCode) : [],
      createdAt: p.createdAt.getTime(),
    },
  };
}

/** Spending money needs a browser session: a leaked integration token must not buy with its owner's card. */
function buyerProblem(ctx: Ctx) {
  if (!ctx.viewer) return unauthorized(GIFT_MESSAGES.signIn);
  if (ctx.viewer.viaToken) return unauthorized(SESSION_REQUIRED_MESSAGE);
  return null;
}

export const giftsResolvers: IResolvers = {
  Query: {
    giftCheckout: async (_: unknown, __: unknown, ctx: Ctx) => ({
      giftPrice: money(GIFT_PRICES.gift, 'USD'),
      groupGiftPrice: money(GIFT_PRICES['group-gift'], 'USD'),
      minGroupGiftCodes: GROUP_GIFT_MIN,
      maxGroupGiftCodes: GROUP_GIFT_MAX,
      giftCheckoutEnabled: await checkoutEnabled(ctx),
    }),
    giftCodeStatus: async (_: unknown, args: { code: string }, ctx: Ctx) => {
      if (!(await withinGiftCodeLimit(ctx))) throw new RateLimitedError(GIFT_CODE_RATE_LIMITED_MESSAGE);
      const status = await giftCodeStatus(ctx.db, args.code, ctx.viewer?.id ?? null, giftDepsFor(ctx).clock);
      const normalized = normalizeGiftCode(args.code);
      return { code: normalized ? formatGiftCode(normalized) : args.code.slice(0, 40), status, message: GIFT_CODE_MESSAGES[status] };
    },
  },
  Mutation: {
    purchaseGiftMembership: async (
      _: unknown,
      args: { recipientName: string; recipientEmail: string; message?: string | null; deliverOn?: string | null; currency?: string | null; paymentMethod: PaymentMethodArg },
      ctx: Ctx,
    ) => {
      const problem = buyerProblem(ctx);
      if (problem) return problem;
      if (!(await checkoutEnabled(ctx))) return badRequest('Gift purchases are closed on this site for now.');
      return buy(ctx, validateGiftOrder(args, giftDepsFor(ctx).clock.now()), args.paymentMethod);
    },
    purchaseGroupGiftMembership: async (_: unknown, args: { quantity: number; currency?: string | null; paymentMethod: PaymentMethodArg }, ctx: Ctx) =>
      buyerProblem(ctx) ?? buy(ctx, validateGroupGiftOrder(args), args.paymentMethod),
    redeemGiftMembership: async (_: unknown, args: { code: string }, ctx: Ctx) => {
      if (!ctx.viewer) return unauthorized(GIFT_MESSAGES.signIn);
      if (!(await withinGiftCodeLimit(ctx))) return badRequest(GIFT_CODE_RATE_LIMITED_MESSAGE);
      const outcome = await redeemGiftCode(ctx.db, ctx.viewer.id, args.code, giftDepsFor(ctx).clock);
      if (outcome.status !== 'VALID') return { __typename: 'GiftCodeNotRedeemable', status: outcome.status, message: GIFT_CODE_MESSAGES[outcome.status] };
      return {
        __typename: 'GiftRedeemSuccess',
        status: 'VALID',
        message: outcome.grant.kind === 'credited' ? REDEEMED_MESSAGES.credited : REDEEMED_MESSAGES.started,
        membershipAccessUntil: outcome.grant.accessUntil?.getTime() ?? null,
      };
    },
  },
};
