import type { MembershipPlan } from '../../../shared/membership.js';
import { isMembershipPlan } from '../../components/membership/manage-rules.js';

/** '/manage-membership/confirmation/{membershipType}': the plan in lower case ('premium_monthly'); any case is read. */
export const planParam = (plan: MembershipPlan): string => plan.toLowerCase();

export function planOfParam(param: string | undefined): MembershipPlan | null {
  const plan = param?.toUpperCase();
  return isMembershipPlan(plan) ? plan : null;
}

export const manageConfirmationHref = (plan: MembershipPlan): string => `/manage-membership/confirmation/${planParam(plan)}`;

/** Settings → Membership and payment, at the membership section. */
export const MEMBERSHIP_SETTINGS_HREF = '/me/settings/membership#membership';
