import type { CancellationDiscount, Currency, MembershipPlan, MembershipState, MembershipTier, PaymentMethodView, PaymentProviderName } from '../../../shared/membership.js';
import type { MoneyView } from './manage-rules.js';

/** The contract's MembershipPlanV2 as the pages read it. */
export interface PlanView {
  id: string;
  membershipType: MembershipPlan;
  tier: MembershipTier;
  price: MoneyView & { crossoutAmount?: number | null };
}

/** The contract's MembershipStatus as the pages read it (each query asks for what it needs). */
export interface MembershipStatusView {
  membershipId: string;
  membershipType: MembershipPlan;
  tier: MembershipTier;
  state: MembershipState;
  startedAt: number;
  currentPeriodEndsAt: number;
  currency: Currency;
  amount: number;
  discountEndsAt?: number | null;
  isCancelled: boolean;
  paymentProvider: PaymentProviderName;
  paymentFailedAt?: number | null;
  hasCreditCardExpired?: boolean;
  canReactivate?: boolean;
  canSwitchPlan?: boolean;
  pendingActionUrl?: string | null;
  paymentMethod?: PaymentMethodView | null;
  planV2?: PlanView;
  switchPlanSchedule?: { startAt: number; plan: PlanView } | null;
  /** After cancelling: the retention offer the reason met (NONE: none), open until taken or the membership ends. */
  retentionOffer?: CancellationDiscount | null;
}

/** The contract's ChargeV2. */
export interface ChargeView {
  id: string;
  type: string;
  status: string;
  createdAt: number;
  description: string;
  refundedAmount: number;
  amount: MoneyView;
  paymentMethod?: PaymentMethodView | null;
}

/** The membership mutations' result union (MembershipMutationResult). */
export type MembershipMutationResultView =
  | { __typename: 'MembershipPurchaseSuccess'; membershipStatus: Pick<MembershipStatusView, 'membershipId' | 'isCancelled' | 'currentPeriodEndsAt' | 'retentionOffer'> }
  | { __typename: 'MutationSuccess' }
  | { __typename: 'PaymentMethodDeclined'; message: string; code: string }
  | { __typename: 'PaymentError' | 'BadRequest' | 'Unauthorized' | 'Conflict' | 'NotFound'; message: string };

export const isMutationSuccess = (r: MembershipMutationResultView | null | undefined): boolean =>
  r?.__typename === 'MutationSuccess' || r?.__typename === 'MembershipPurchaseSuccess';

/** A failure's own message, or the fallback. */
export const failureMessage = (r: MembershipMutationResultView | null | undefined, fallback: string): string =>
  r && 'message' in r && r.message ? r.message : fallback;
