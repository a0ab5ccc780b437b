/**
 * The reader's billing history and one charge (spec §3 ChargeV2), over the payments ledger.
 * Only the viewer's own: another reader's charge is null, as if it did not exist.
 */
import type { RequestContext } from '../../server/graphql/context.js';
import { billingHistory, chargeOfUser, type ChargeView } from '../payments/index.js';

export const billingTypeDefs = /* GraphQL */ `
  type ChargeV2 { id: ID! type: String! amount: Money! status: String! createdAt: Float! description: String! paymentMethod: PaymentMethod refundedAmount: Int! }
  extend type Query {
    "The viewer's charges, newest first (limit 25 by default, at most 100); next: the cursor of the page before (the last charge's createdAt_id)."
    billingHistory(limit: Int, next: String): [ChargeV2!]!
    charge(id: ID!): ChargeV2
  }
`;

/** ChargeV2 as GraphQL answers it (times in epoch milliseconds, as every Float time here). */
export const chargeV2 = (c: ChargeView) => ({ ...c, createdAt: c.createdAt.getTime() });

export const billingResolvers = {
  Query: {
    billingHistory: async (_: unknown, args: { limit?: number | null; next?: string | null }, ctx: RequestContext) => {
      if (!ctx.viewer) return [];
      const page = await billingHistory(ctx.db, ctx.viewer.id, { limit: args.limit, next: args.next });
      return page.charges.map(chargeV2);
    },
    charge: async (_: unknown, args: { id: string }, ctx: RequestContext) => {
      if (!ctx.viewer) return null;
      const row = await chargeOfUser(ctx.db, ctx.viewer.id, args.id);
      return row ? chargeV2(row) : null;
    },
  },
};
