import { formatDate, formatMonthYear } from '../../../shared/format.js';
import { formatMoney, paymentText } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { currentPlanType, perPeriod, planLabel, tierLabel } from '../../components/membership/manage-rules.js';
import { REACTIVATE_HASH, ReactivateMembershipModal, useReactivateHash } from '../../components/membership/ReactivateMembershipModal.js';
import type { ChargeView, MembershipStatusView } from '../../components/membership/types.js';
import { MEMBERSHIP_SETTINGS_QUERY } from '../../graphql/manage-membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { RedeemGiftSlot } from './RedeemGiftSlot.js';
import styles from './MembershipTab.module.css';

export interface MembershipSettingsData {
  viewer: {
    id: string;
    hasPastMemberships: boolean;
    membership: { id: string; tier: string; memberSince: number | null; friendSince: number | null } | null;
    membershipStatus: MembershipStatusView | null;
  } | null;
  paymentProviderInfo: { id: string; testMode: boolean };
  billingHistory: ChargeView[];
}

export const PAYMENT_UPDATE_HREF = '/me/settings/payment/update';
export const receiptHref = (chargeId: string) => `/me/billing-history/receipt/${encodeURIComponent(chargeId)}`;

function TestModeMarker() {
  return (
    <span className={styles.testMode} title="Payments go to the built-in test provider: no card is charged.">
      Test mode
    </span>
  );
}

/** The membership: tier, plan, price, since when, what happens next, and what the reader may do (spec §4). */
function MembershipSection({ status, memberSince, hasPastMemberships }: { status: MembershipStatusView | null; memberSince: number | null; hasPastMemberships: boolean }) {
  const { siteName } = useSite();
  if (!status || status.state === 'INACTIVE') {
    return (
      <section id="membership" className={styles.section} aria-labelledby="membership-title">
        <h2 id="membership-title" className={styles.sectionTitle}>
          Membership
        </h2>
        {status?.state === 'INACTIVE' ? (
          <p className={styles.note}>Your membership ended on {formatDate(status.currentPeriodEndsAt)}.</p>
        ) : (
          <p className={styles.note}>{hasPastMemberships ? 'You are not a member any more.' : 'You are not a member.'} Members read every member-only story and support the writers they read.</p>
        )}
        <div className={styles.actions}>
          <Link href="/plans" className={buttonClassName({ variant: 'accent', size: 'small' })}>
            {hasPastMemberships || status ? 'Rejoin' : 'Become a member'}
          </Link>
        </div>
      </section>
    );
  }

  const plan = status.membershipType;
  const scheduled = status.switchPlanSchedule;
  const price = formatMoney({ amount: status.amount, currency: status.currency });
  return (
    <section id="membership" className={styles.section} aria-labelledby="membership-title">
      <h2 id="membership-title" className={styles.sectionTitle}>
        Membership
      </h2>
      <dl className={styles.facts}>
        <dt>Tier</dt>
        <dd>{tierLabel(status.tier, siteName)}</dd>
        <dt>Plan</dt>
        <dd>{planLabel(plan, siteName)}</dd>
        <dt>Price</dt>
        <dd>
          {price}
          {perPeriod(plan)}
          {status.discountEndsAt ? ` (discounted until ${formatDate(status.discountEndsAt)})` : ''}
        </dd>
        <dt>Member since</dt>
        <dd>{formatMonthYear(memberSince ?? status.startedAt)}</dd>
        {status.isCancelled ? (
          <>
            <dt>Expires</dt>
            <dd>Your membership will expire on {formatDate(status.currentPeriodEndsAt)}</dd>
          </>
        ) : (
          <>
            <dt>Next billing date</dt>
            <dd>
              {formatDate(status.currentPeriodEndsAt)}
              {scheduled ? ` (${formatMoney(scheduled.plan.price)} for ${planLabel(scheduled.plan.membershipType, siteName)})` : ` (${price})`}
            </dd>
          </>
        )}
      </dl>
      {scheduled && !status.isCancelled && (
        <p className={styles.note}>
          Your plan changes to {planLabel(scheduled.plan.membershipType, siteName)} on {formatDate(scheduled.startAt)}.
        </p>
      )}
      {status.state === 'PENDING_ACTION' && (
        <p className={styles.warning}>
          Your bank asks you to confirm the payment.{' '}
          {status.pendingActionUrl ? <a href={status.pendingActionUrl}>Confirm the payment</a> : 'Update your payment method to finish joining.'}
        </p>
      )}
      <div className={styles.actions}>
        {status.canReactivate && (
          <a href={`#${REACTIVATE_HASH}`} className={buttonClassName({ variant: 'accent', size: 'small' })}>
            Reactivate membership
          </a>
        )}
        {status.canSwitchPlan && (
          <Link href="/manage-membership" className={buttonClassName({ variant: 'outline', size: 'small' })}>
            {currentPlanType(status) === plan ? 'Switch plan' : 'Change plan'}
          </Link>
        )}
        {!status.isCancelled && status.state !== 'SUSPENDED' && (
          <Link href="/me/membership/cancel" className={buttonClassName({ variant: 'text', size: 'small' })}>
            Cancel membership
          </Link>
        )}
      </div>
    </section>
  );
}

/** The payment method (spec §9 payment text) with its Update link, and the billing history. */
function PaymentSection({ status, testMode, charges }: { status: MembershipStatusView | null; testMode: boolean; charges: ChargeView[] }) {
  const method = status?.paymentMethod ?? null;
  const canUpdate = Boolean(status && status.state !== 'INACTIVE' && ['STRIPE', 'BRAINTREE', 'TEST'].includes(status.paymentProvider));
  return (
    <section id="payment" className={styles.section} aria-labelledby="payment-title">
      <div className={styles.titleLine}>
        <h2 id="payment-title" className={styles.sectionTitle}>
          Payment
        </h2>
        {(testMode || status?.paymentProvider === 'TEST') && <TestModeMarker />}
      </div>
      {status && (status.paymentFailedAt || status.hasCreditCardExpired) && (
        <p className={styles.warning}>
          {status.paymentFailedAt ? 'Your last payment failed. Update your payment method to keep your membership.' : 'Your payment method has expired. Update it to keep your membership.'}
        </p>
      )}
      <div className={styles.paymentLine}>
        <span data-testid="payment-text">{method ? paymentText(method, new Date()) : 'No payment method on file.'}</span>
        {canUpdate && (
          <Link href={PAYMENT_UPDATE_HREF} className={styles.link} aria-label="Update payment method">
            Update
          </Link>
        )}
      </div>
      <h3 className={styles.note}>Billing history</h3>
      {charges.length === 0 ? (
        <p className={styles.note}>No payments yet.</p>
      ) : (
        <table className={styles.history}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col" className={styles.amount}>
                Amount
              </th>
              <th scope="col">Receipt</th>
            </tr>
          </thead>
          <tbody>
            {charges.map((c) => (
              <tr key={c.id}>
                <td>{formatDate(c.createdAt)}</td>
                <td className={styles.description}>
                  {c.description}
                  {c.status === 'failed' || c.status === 'pending' ? ` (${c.status})` : ''}
                </td>
                <td className={styles.amount}>
                  {formatMoney(c.amount, { fixed: true })}
                  {c.refundedAmount > 0 && <span className={styles.refunded}>{formatMoney({ amount: c.refundedAmount, currency: c.amount.currency }, { fixed: true })} refunded</span>}
                </td>
                <td>
                  <a href={receiptHref(c.id)} className={styles.link} aria-label={`Receipt for ${c.description} on ${formatDate(c.createdAt)}`}>
                    View
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Spec §2.5 Settings → Membership and payment: #membership, #payment, #redeemGiftMembership, the reactivate modal. */
export function MembershipTab() {
  const data = usePageQuery<MembershipSettingsData>(MEMBERSHIP_SETTINGS_QUERY);
  const [reactivating, closeReactivate] = useReactivateHash();
  const viewer = data?.viewer ?? null;
  const status = viewer?.membershipStatus ?? null;
  const testMode = Boolean(data?.paymentProviderInfo.testMode);
  return (
    <div className={styles.tab}>
      <MembershipSection status={status} memberSince={viewer?.membership?.memberSince ?? null} hasPastMemberships={Boolean(viewer?.hasPastMemberships)} />
      <PaymentSection status={status} testMode={testMode} charges={data?.billingHistory ?? []} />
      <section id="redeemGiftMembership" className={styles.section} aria-labelledby="redeem-gift-title">
        <h2 id="redeem-gift-title" className={styles.sectionTitle}>
          Redeem a gift membership
        </h2>
        <RedeemGiftSlot />
      </section>
      <ReactivateMembershipModal isVisible={reactivating} onClose={closeReactivate} />
    </div>
  );
}
