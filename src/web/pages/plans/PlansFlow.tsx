import { useEffect, useRef, useState, type ReactNode } from 'react';
import { UNAVAILABLE_PRICE_MESSAGE, type DiscountMode, type MembershipPlan } from '../../../shared/membership.js';
import type { PaymentProviderInfoView } from '../../components/payment/index.js';
import { PLANS_PAGE_QUERY } from '../../graphql/membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { useNavigation } from '../../router/navigation.js';
import { Checkout } from './Checkout.js';
import { CurrentMembership } from './CurrentMembership.js';
import { PlanCards } from './PlanCards.js';
import { plansVariables } from './plans-variables.js';
import { billingOf, currencyOfCountry, hasMembershipToManage, planFromSlug, plansByType, planSlug, type Billing, type PlanView, type ViewerMembershipView } from './plan-terms.js';
import styles from './plans.module.css';

export interface PlansPageData {
  viewer: { id: string; name: string; geolocation: { country: string | null } | null; membershipStatus: ViewerMembershipView | null } | null;
  usdPlans: PlanView[];
  cadPlans: PlanView[];
  paymentProviderInfo: PaymentProviderInfoView;
}


export interface PlansFlowProps {
  title: string;
  lede: ReactNode;
  discount: DiscountMode;
  /** Plans shown when the reader has not picked one yet (the half-off page offers one). */
  render?: (props: { plans: Partial<Record<MembershipPlan, PlanView>>; choose(plan: MembershipPlan): void }) => ReactNode;
  /** Under the plans: onboarding's skip. */
  footer?: ReactNode;
}

/**
 * The plans pages' body: the reader's current membership if they have one, else the plans in
 * their currency, then the checkout of the one they choose. `?plan=yearly` opens its checkout
 * directly (links from upsells); a plan name that does not exist says so.
 */
export function PlansFlow({ title, lede, discount, render, footer }: PlansFlowProps) {
  const data = usePageQuery<PlansPageData>(PLANS_PAGE_QUERY, plansVariables(discount));
  const nav = useNavigation();
  const asked = new URLSearchParams(nav.search).get('plan');
  const currency = currencyOfCountry(data?.viewer?.geolocation?.country);
  const plans = plansByType(currency === 'CAD' ? data?.cadPlans : data?.usdPlans);
  const [chosen, setChosen] = useState<MembershipPlan | null>(() => {
    const p = planFromSlug(asked);
    return p && plans[p] ? p : null;
  });
  const [billing, setBilling] = useState<Billing>(chosen ? billingOf(chosen) : 'yearly');
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  // The chosen plan's button is gone with the cards: keyboard and screen reader users start again at the heading.
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [chosen]);
  const unavailable = asked !== null && !(planFromSlug(asked) && plans[planFromSlug(asked)!]);
  if (!data?.viewer) return null;

  const membership = data.viewer.membershipStatus;
  if (membership && hasMembershipToManage(membership)) {
    return (
      <div className={styles.page}>
        <CurrentMembership membership={membership} />
      </div>
    );
  }

  const choose = (plan: MembershipPlan | null) => {
    setChosen(plan);
    focusHeading.current = true;
    if (plan) setBilling(billingOf(plan));
    const url = new URL(window.location.href);
    if (plan) url.searchParams.set('plan', planSlug(plan));
    else url.searchParams.delete('plan');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
    window.scrollTo({ top: 0 });
  };
  const plan = chosen ? plans[chosen] : undefined;

  return (
    <div className={styles.page}>
      <h1 className={styles.title} ref={heading} tabIndex={-1}>
        {plan ? 'Complete your membership' : title}
      </h1>
      {plan ? (
        <Checkout plan={plan} discount={discount} provider={data.paymentProviderInfo} onChangePlan={() => choose(null)} />
      ) : (
        <>
          <div className={styles.lede}>{lede}</div>
          {unavailable && (
            <p className={styles.notice} role="alert">
              {UNAVAILABLE_PRICE_MESSAGE}
            </p>
          )}
          {membership?.state === 'PENDING_ACTION' && (
            <p className={styles.notice} data-testid="membership-pending">
              Your last payment is waiting for your bank's confirmation.{' '}
              {membership.pendingActionUrl && <a href={membership.pendingActionUrl}>Confirm it</a>}
              {membership.pendingActionUrl ? ', or choose a plan to pay again with another card.' : ' You can choose a plan to pay again with another card.'}
            </p>
          )}
          {currency === 'CAD' && <p className={styles.currency}>Prices in Canadian dollars (CAD).</p>}
          {render ? render({ plans, choose }) : <PlanCards plans={plans} billing={billing} onBilling={setBilling} onChoose={choose} />}
          {footer}
        </>
      )}
    </div>
  );
}
