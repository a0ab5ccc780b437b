import type { DiscountMode } from '../../../shared/membership.js';

/** PlansPageQuery's variables: one function for the preload and the page, so the page reads what was preloaded. */
export const plansVariables = (discount: DiscountMode) => ({ discount });
