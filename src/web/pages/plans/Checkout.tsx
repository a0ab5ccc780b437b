import { formatMoney, type DiscountMode } from '../../../shared/membership.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { useSite } from '../../app-context.js';
import { Button } from '../../components/button/index.js';
import { CardForm, type CardSubmit, type PaymentProviderInfoView } from '../../components/payment/index.js';
import { PURCHASE_MEMBERSHIP } from '../../graphql/membership-operations.js';
import { billingOf, planSlug, planTitle, priceLabel, type PlanView, type ViewerMembershipView } from './plan-terms.js';
import styles from './plans.module.css';

export interface CheckoutProps {
  plan: PlanView;
  discount: DiscountMode;
  provider: PaymentProviderInfoView;
  onChangePlan(): void;
}

export const confirmationPath = (plan: PlanView['membershipType']) => `/plans/confirmation/${planSlug(plan)}`;

/**
 * The order (plan, price, when it renews) and the card. A paid purchase goes to its
 * confirmation page; a card that needs 3-D Secure goes to the bank's check first, which comes
 * back to the same confirmation; a declined card or a payment error is said above the button
 * and nothing is charged.
 */
export function Checkout({ plan, discount, provider, onChangePlan }: CheckoutProps) {
  const { siteName } = useSite();
  const loadData = useBrowserData();
  const yearly = billingOf(plan.membershipType) === 'yearly';
  const total = formatMoney(plan.price);

  const pay: CardSubmit = async (paymentMethod) => {
    const result = await mutateField(loadData, PURCHASE_MEMBERSHIP, { membershipType: plan.membershipType, currency: plan.price.currency, discount, paymentMethod }, 'purchaseMembership');
    if (!result) return { error: 'Please try again.' };
    if (result.__typename === 'MembershipPurchaseSuccess') {
      const status = result.membershipStatus as ViewerMembershipView;
      const next = confirmationPath(status.membershipType);
      // A full load: the session, the header and every cached view of the reader change with it.
      window.location.assign(status.state === 'PENDING_ACTION' && status.pendingActionUrl ? status.pendingActionUrl : next);
      return;
    }
    const message = result.message || 'Please try again.';
    if (result.__typename === 'PaymentMethodDeclined' || result.__typename === 'PaymentError') {
      return { error: /charged/i.test(message) ? message : `${message} Nothing was charged.` };
    }
    return { error: message };
  };

  return (
    <section className={styles.checkout} aria-labelledby="checkout-title">
      <CardForm provider={provider} submitLabel={`Pay ${total}`} onSubmit={pay}>
        <div className={styles.summary}>
          <h2 id="checkout-title" className={styles.summaryTitle}>
            {planTitle(plan.membershipType, siteName)}
          </h2>
          <p className={styles.summaryPrice}>
            <strong>{priceLabel(plan.membershipType, plan.price)}</strong>
            {plan.price.crossoutAmount != null && <s className={styles.crossout}>{formatMoney({ amount: plan.price.crossoutAmount, currency: plan.price.currency })}</s>}
          </p>
          <p className={styles.summaryTerms}>
            {plan.discount
              ? `You pay ${total} today for your first year, then ${priceLabel(plan.membershipType, plan.discount.regularPrice)}.`
              : `You pay ${total} today, then every ${yearly ? 'year' : 'month'} until you cancel.`}{' '}
            Cancel any time in Settings; you keep access to the end of the period you paid for.
          </p>
          <Button variant="text" size="small" className={styles.changePlan} onClick={onChangePlan}>
            Change plan
          </Button>
        </div>
      </CardForm>
    </section>
  );
}
