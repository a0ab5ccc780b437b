import { useEffect, useState } from 'react';
import { formatMoney, paymentText, UNAVAILABLE_PRICE_MESSAGE, type PaymentMethodView } from '../../../shared/membership.js';
import { formatDate } from '../../../shared/format.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/index.js';
import { MEMBERSHIP_CONFIRMATION_QUERY } from '../../graphql/membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { isLiveMembership, planFromSlug, planTitle, priceLabel, type ViewerMembershipView } from '../plans/plan-terms.js';
import styles from '../plans/plans.module.css';

type ConfirmedMembership = ViewerMembershipView & { paymentMethod: PaymentMethodView | null };

export interface ConfirmationData {
  viewer: { id: string; name: string; membershipStatus: ConfirmedMembership | null } | null;
}

/** How long the page waits for a payment confirmed at the bank to reach the membership. */
const PENDING_POLL_MS = 2000;
const PENDING_POLL_TRIES = 15;

/**
 * /plans/confirmation/{membershipType} (plans-confirmation, wordmark layout): the membership
 * just bought, what was paid with what, and when the next payment is. A payment still waiting
 * for 3-D Secure is looked at again for a while (the bank's answer arrives as a provider
 * event); an unknown plan in the URL says 'Unavailable membership price'.
 */
export default function PlansConfirmationPage({ params }: PageProps) {
  const { siteName } = useSite();
  const preloaded = usePageQuery<ConfirmationData>(MEMBERSHIP_CONFIRMATION_QUERY);
  const membership = usePendingRefresh(preloaded?.viewer?.membershipStatus ?? null);
  const plan = planFromSlug(params.membershipType);

  if (!plan) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{UNAVAILABLE_PRICE_MESSAGE}</h1>
        <p className={styles.lede}>There is no membership plan by that name.</p>
        <p>
          <Link href="/plans" className={buttonClassName({ variant: 'accent' })}>
            See the plans
          </Link>
        </p>
      </div>
    );
  }
  if (!isLiveMembership(membership)) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>No membership yet</h1>
        <p className={styles.lede}>We have no payment from you for a membership. If you just paid, give it a minute and reload this page.</p>
        <p>
          <Link href="/plans" className={buttonClassName({ variant: 'accent' })}>
            See the plans
          </Link>
        </p>
      </div>
    );
  }

  const price = { amount: membership.amount, currency: membership.currency };
  const friend = membership.tier === 'FRIEND';
  if (membership.state === 'PENDING_ACTION') {
    return (
      <div className={styles.page} data-testid="membership-pending">
        <h1 className={styles.title}>Confirming your payment</h1>
        <p className={styles.lede}>Your bank asked to confirm this payment. Once it has, your membership starts; this page updates by itself.</p>
        {membership.pendingActionUrl && (
          <p>
            <a href={membership.pendingActionUrl} className={buttonClassName({ variant: 'accent' })}>
              Confirm the payment
            </a>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="membership-confirmed">
      <h1 className={styles.title}>{friend ? `Thank you, Friend of ${siteName}` : 'Thank you for becoming a member'}</h1>
      <dl className={styles.receipt}>
        <dt>Plan</dt>
        <dd>{planTitle(membership.membershipType, siteName)}</dd>
        <dt>Price</dt>
        <dd>{priceLabel(membership.membershipType, price)}</dd>
        {membership.paymentMethod && (
          <>
            <dt>Paid with</dt>
            <dd>{paymentText(membership.paymentMethod, new Date())}</dd>
          </>
        )}
        <dt>{membership.isCancelled ? 'Access until' : 'Next payment'}</dt>
        <dd>{membership.isCancelled ? formatDate(membership.currentPeriodEndsAt) : `${formatMoney(price)} on ${formatDate(membership.currentPeriodEndsAt)}`}</dd>
      </dl>
      <p className={styles.lede}>A receipt is in your billing history in Settings.</p>
      <p>
        <Link href="/welcome-member" className={buttonClassName({ variant: 'accent', size: 'large' })}>
          Continue
        </Link>
      </p>
    </div>
  );
}

/** The membership, looked at again every two seconds while its payment waits for the bank. */
function usePendingRefresh(initial: ConfirmedMembership | null) {
  const loadData = useBrowserData();
  const [membership, setMembership] = useState(initial);
  const pending = membership?.state === 'PENDING_ACTION';
  useEffect(() => {
    if (!pending) return;
    let tries = 0;
    let stopped = false;
    const timer = window.setInterval(() => {
      if (stopped || ++tries > PENDING_POLL_TRIES) return window.clearInterval(timer);
      void loadData()
        .then(({ client }) => client.query({ query: MEMBERSHIP_CONFIRMATION_QUERY, fetchPolicy: 'network-only' }))
        .then(({ data }) => {
          const next = (data as ConfirmationData | undefined)?.viewer?.membershipStatus;
          if (!stopped && next) setMembership(next);
        })
        .catch(() => {});
    }, PENDING_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [pending, loadData]);
  return membership;
}
