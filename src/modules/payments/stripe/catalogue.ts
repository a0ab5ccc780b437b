import type Stripe from 'stripe';
import { CURRENCIES, isYearly, MEMBERSHIP_PLANS, PLAN_PRICES, tierOfPlan, type MembershipPlan } from '../../../shared/membership.js';

/**
 * The four plans (spec §9) as Stripe products and prices. A price is found by its lookup key,
 * else created once (the Idempotency-Key makes two processes starting together create one), in
 * USD with the same figure in CAD through currency_options: one price per plan, the
 * subscription's `currency` picks which is charged. To change a price, create a new one with the
 * same lookup key and `transfer_lookup_key` in the Dashboard: the next start finds it.
 */
export const lookupKeyOf = (plan: MembershipPlan): string => `inkwell_membership_${plan.toLowerCase()}`;
const PRODUCT_IDS = { MEMBER: 'inkwell_member', FRIEND: 'inkwell_friend' } as const;

export interface Catalogue {
  priceOf(plan: MembershipPlan): string;
  /** The plan a price stands for, or null for a price this site did not make. */
  planOf(price: Pick<Stripe.Price, 'id' | 'lookup_key' | 'metadata'> | string): MembershipPlan | null;
}

async function ensureProduct(stripe: Stripe, tier: 'MEMBER' | 'FRIEND', friendName: string): Promise<string> {
  const id = PRODUCT_IDS[tier];
  try {
    return (await stripe.products.retrieve(id)).id;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  const name = tier === 'MEMBER' ? 'Member' : friendName;
  return (await stripe.products.create({ id, name }, { idempotencyKey: `inkwell-product-${id}` })).id;
}

export async function ensureCatalogue(stripe: Stripe, friendName: string): Promise<Catalogue> {
  const keys = MEMBERSHIP_PLANS.map(lookupKeyOf);
  const listed = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 100 });
  // Filtered here too: a peer that ignores lookup_keys lists every price.
  const byKey = new Map(listed.data.filter((p) => p.lookup_key && keys.includes(p.lookup_key)).map((p) => [p.lookup_key!, p.id]));
  for (const plan of MEMBERSHIP_PLANS) {
    const key = lookupKeyOf(plan);
    if (byKey.has(key)) continue;
    const product = await ensureProduct(stripe, tierOfPlan(plan), friendName);
    const amount = PLAN_PRICES[plan].amount;
    const currencyOptions = Object.fromEntries(CURRENCIES.filter((c) => c !== 'USD').map((c) => [c.toLowerCase(), { unit_amount: amount }]));
    const price = await stripe.prices.create(
      {
        product,
        currency: 'usd',
        unit_amount: amount,
        currency_options: currencyOptions,
        recurring: { interval: isYearly(plan) ? 'year' : 'month' },
        lookup_key: key,
        metadata: { plan },
      },
      { idempotencyKey: `inkwell-price-${key}-${amount}` },
    );
    byKey.set(key, price.id);
  }
  const planByPrice = new Map(MEMBERSHIP_PLANS.map((plan) => [byKey.get(lookupKeyOf(plan))!, plan]));
  return {
    priceOf: (plan) => byKey.get(lookupKeyOf(plan))!,
    planOf(price) {
      if (typeof price === 'string') return planByPrice.get(price) ?? null;
      const fromKey = MEMBERSHIP_PLANS.find((plan) => lookupKeyOf(plan) === price.lookup_key);
      return fromKey ?? planByPrice.get(price.id) ?? (MEMBERSHIP_PLANS.find((plan) => plan === price.metadata?.plan) ?? null);
    },
  };
}
