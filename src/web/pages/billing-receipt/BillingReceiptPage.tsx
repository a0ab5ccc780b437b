import { formatDate } from '../../../shared/format.js';
import { formatMoney, paymentText } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { Button, buttonClassName } from '../../components/button/Button.js';
import type { ChargeView } from '../../components/membership/types.js';
import { BILLING_RECEIPT_QUERY } from '../../graphql/manage-membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import styles from './BillingReceiptPage.module.css';

type ReceiptData = { viewer: { id: string; name: string } | null; charge: ChargeView | null };

/** Spec §3 charge types as a receipt names them. */
const CHARGE_TYPE_LABELS: Record<string, string> = {
  annual: 'Membership, yearly',
  monthly: 'Membership, monthly',
  premium: 'Friend membership',
  gift: 'Gift membership',
  'group gift': 'Group gift membership',
  'custom domain': 'Custom domain',
};

/** The ledger's charge statuses, as a receipt says them. */
const STATUS_LABELS: Record<string, string> = { succeeded: 'Paid', failed: 'Failed', pending: 'Pending' };

/** /me/billing-history/receipt/{chargeId} (billing-receipt, basic layout): one of the reader's own charges, to print. */
export default function BillingReceiptPage({ params }: PageProps) {
  const { siteName } = useSite();
  const data = usePageQuery<ReceiptData>(BILLING_RECEIPT_QUERY, { id: params.chargeId ?? '' });
  const charge = data?.charge;
  if (!charge) return null;
  const currency = charge.amount.currency;
  const refunded = charge.refundedAmount > 0;
  return (
    <article className={styles.sheet} aria-labelledby="receipt-title">
      <header className={styles.head}>
        <span className={styles.site}>{siteName}</span>
        <h1 id="receipt-title" className={styles.title}>
          Receipt
        </h1>
      </header>
      <dl className={styles.facts}>
        <dt>Date</dt>
        <dd>{formatDate(charge.createdAt)}</dd>
        <dt>Receipt for</dt>
        <dd>{data?.viewer?.name}</dd>
        <dt>Charge ID</dt>
        <dd data-testid="receipt-charge-id">{charge.id}</dd>
        <dt>Description</dt>
        <dd>{charge.description}</dd>
        <dt>Type</dt>
        <dd>{CHARGE_TYPE_LABELS[charge.type] ?? charge.type}</dd>
        <dt>Payment method</dt>
        <dd>{charge.paymentMethod ? paymentText(charge.paymentMethod, new Date(charge.createdAt)) : '—'}</dd>
        <dt>Status</dt>
        <dd>{refunded ? (charge.refundedAmount >= charge.amount.amount ? 'Refunded' : 'Partly refunded') : (STATUS_LABELS[charge.status] ?? charge.status)}</dd>
      </dl>
      <p className={styles.total}>
        <span>Amount paid</span>
        <span data-testid="receipt-amount">
          {formatMoney(charge.amount, { fixed: true })} {currency}
        </span>
      </p>
      {refunded && (
        <>
          <p className={styles.refund}>
            <span>Refunded</span>
            <span>
              −{formatMoney({ amount: charge.refundedAmount, currency }, { fixed: true })} {currency}
            </span>
          </p>
          <p className={styles.refund}>
            <span>Net</span>
            <span>
              {formatMoney({ amount: charge.amount.amount - charge.refundedAmount, currency }, { fixed: true })} {currency}
            </span>
          </p>
        </>
      )}
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => window.print()}>
          Print
        </Button>
        <a href="/me/settings/membership#payment" className={buttonClassName({ variant: 'text' })}>
          Billing history
        </a>
      </div>
      <p className={styles.note}>Keep this receipt for your records. Every charge and refund is listed in Settings under Membership and payment.</p>
    </article>
  );
}
