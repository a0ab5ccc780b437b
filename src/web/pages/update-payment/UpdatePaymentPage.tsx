import { paymentText } from '../../../shared/membership.js';
import { buttonClassName } from '../../components/button/Button.js';
import { UPDATED_PAYMENT_PARAM } from '../../components/membership/PaymentReturnToast.js';
import { failureMessage, isMutationSuccess, type MembershipStatusView } from '../../components/membership/types.js';
import { useMembershipMutation } from '../../components/membership/use-membership-mutation.js';
import { CardForm, type CardSubmit, type PaymentProviderInfoView } from '../../components/payment/index.js';
import { UPDATE_PAYMENT_METHOD, UPDATE_PAYMENT_PAGE_QUERY } from '../../graphql/manage-membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import styles from '../manage-membership/manage.module.css';

type UpdatePaymentData = {
  viewer: { id: string; membershipStatus: Pick<MembershipStatusView, 'membershipId' | 'paymentProvider' | 'hasCreditCardExpired' | 'paymentFailedAt' | 'paymentMethod'> | null } | null;
  paymentProviderInfo: PaymentProviderInfoView;
};

/** Where a saved card takes the reader: the payment section, with the spec §4 payment-return toast. */
export const PAYMENT_UPDATED_HREF = `/me/settings/membership?${UPDATED_PAYMENT_PARAM}=1#payment`;

const TRY_AGAIN = 'Your card could not be saved. Please try again.';

/** /me/settings/payment/update (ShowPaymentMethod, update-payment, top-nav layout): a new card for the membership. */
export default function UpdatePaymentPage(_props: PageProps) {
  const data = usePageQuery<UpdatePaymentData>(UPDATE_PAYMENT_PAGE_QUERY);
  const mutation = useMembershipMutation();
  const status = data?.viewer?.membershipStatus ?? null;
  const provider = data?.paymentProviderInfo;

  const submit: CardSubmit = async (paymentMethod) => {
    const result = await mutation.run(UPDATE_PAYMENT_METHOD, { paymentMethod }, 'updatePaymentMethod');
    if (isMutationSuccess(result)) {
      window.location.assign(PAYMENT_UPDATED_HREF);
      return;
    }
    return { error: failureMessage(result, TRY_AGAIN) };
  };

  if (!status || !provider) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Update payment method</h1>
        <p className={styles.lede}>There is no membership on this account to pay for.</p>
        <Link href="/plans" className={buttonClassName({ variant: 'accent' })}>
          See the plans
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Update payment method</h1>
      <p className={styles.lede}>
        {status.paymentFailedAt
          ? 'Your last payment failed. Add a card and we’ll try the payment again right away.'
          : 'The new card is used for your next payment and every one after it.'}
      </p>
      {status.paymentMethod && (
        <p className={styles.note} data-testid="current-payment-method">
          On file now: {paymentText(status.paymentMethod, new Date())}
        </p>
      )}
      <div className={styles.formSlot}>
        <CardForm provider={provider} submitLabel="Update card" onSubmit={submit} />
      </div>
      <div className={styles.actions}>
        <Link href="/me/settings/membership#payment" className={buttonClassName({ variant: 'text' })}>
          Cancel
        </Link>
      </div>
    </div>
  );
}
