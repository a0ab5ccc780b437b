import { useId, useState } from 'react';
import { formatDate } from '../../../shared/format.js';
import { formatMoney, isYearly, type CancellationDiscount } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { LoadingButton } from '../../components/loading-button/LoadingButton.js';
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASON_VALUES,
  discountedAmount,
  discountPercent,
  perPeriod,
  planLabel,
  type CancellationReasonValue,
} from '../../components/membership/manage-rules.js';
import { failureMessage, isMutationSuccess, type MembershipStatusView } from '../../components/membership/types.js';
import { useMembershipMutation } from '../../components/membership/use-membership-mutation.js';
import { ACCEPT_MEMBERSHIP_RETENTION_OFFER, CANCEL_MEMBERSHIP, USE_PAYMENT_METHOD_RETENTION_QUERY } from '../../graphql/manage-membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { MEMBERSHIP_SETTINGS_HREF } from '../manage-membership/plan-param.js';
import styles from '../manage-membership/manage.module.css';

const TRY_AGAIN = 'Something went wrong. Please try again.';
/** What a comment may hold (the membership module keeps the same bound). */
export const CANCELLATION_COMMENT_MAX = 1000;

type RetentionData = { viewer: { id: string; membershipStatus: MembershipStatusView | null } | null };
type Step = { kind: 'reason' } | { kind: 'offer'; discount: CancellationDiscount } | { kind: 'cancelled' } | { kind: 'kept'; discount: CancellationDiscount };

function ReasonStep({ status, onCancelled }: { status: MembershipStatusView; onCancelled(offer: CancellationDiscount): void }) {
  const [reason, setReason] = useState<CancellationReasonValue | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMembershipMutation();
  const commentId = useId();
  const tooLong = comment.length > CANCELLATION_COMMENT_MAX;

  async function submit() {
    if (!reason || tooLong) return;
    setError(null);
    const trimmed = comment.trim();
    const result = await mutation.run(CANCEL_MEMBERSHIP, { membershipId: status.membershipId, reason, comment: trimmed === '' ? null : trimmed }, 'cancelMembership');
    // The membership module decides which offer the reason meets (and gives one a year at most).
    if (isMutationSuccess(result)) return onCancelled((result?.__typename === 'MembershipPurchaseSuccess' && result.membershipStatus.retentionOffer) || 'NONE');
    setError(failureMessage(result, TRY_AGAIN));
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Why are you cancelling?</legend>
        {CANCELLATION_REASON_VALUES.map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
            {CANCELLATION_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <div className={styles.fieldset}>
        <label htmlFor={commentId} className={styles.label}>
          Anything else you’d like to tell us? (optional)
        </label>
        <textarea id={commentId} name="comment" className={styles.textarea} value={comment} onChange={(e) => setComment(e.target.value)} aria-describedby={`${commentId}-count`} />
        <p id={`${commentId}-count`} className={tooLong ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
          {comment.length}/{CANCELLATION_COMMENT_MAX}
        </p>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <LoadingButton type="submit" variant="danger" loading={mutation.busy} loadingLabel="Cancelling" disabled={!reason || tooLong}>
          Cancel membership
        </LoadingButton>
        <Link href={MEMBERSHIP_SETTINGS_HREF} className={buttonClassName({ variant: 'text' })}>
          Keep my membership
        </Link>
      </div>
    </form>
  );
}

/** The retention offer (spec §3 cancellation discounts): accepting keeps the membership with the discount. */
function OfferStep({ status, discount, onAccepted, onDeclined }: { status: MembershipStatusView; discount: CancellationDiscount; onAccepted(): void; onDeclined(): void }) {
  const mutation = useMembershipMutation();
  const [error, setError] = useState<string | null>(null);
  const regular = { amount: status.amount, currency: status.currency };
  const offered = { amount: discountedAmount(status.amount, discount), currency: status.currency };
  const yearly = isYearly(status.membershipType);

  async function accept() {
    setError(null);
    const result = await mutation.run(ACCEPT_MEMBERSHIP_RETENTION_OFFER, { membershipId: status.membershipId, discount }, 'acceptMembershipRetentionOffer');
    if (isMutationSuccess(result)) return onAccepted();
    setError(failureMessage(result, TRY_AGAIN));
  }

  return (
    <section className={styles.card} aria-labelledby="offer-title">
      <span className={styles.cardLabel}>Before you go</span>
      <h2 id="offer-title" className={styles.cardTitle}>
        Stay for {discountPercent(discount)}% off for a year
      </h2>
      <p className={styles.price} data-testid="retention-offer">
        {formatMoney(offered, { fixed: offered.amount % 100 !== 0 })}
        {perPeriod(status.membershipType)} instead of {formatMoney(regular)}
        {perPeriod(status.membershipType)}, {yearly ? 'for your next year' : 'for the next 12 months'}.
      </p>
      <p className={styles.note}>Your membership continues as it is; the discount starts with your next payment on {formatDate(status.currentPeriodEndsAt)}.</p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <LoadingButton variant="accent" loading={mutation.busy} loadingLabel="Keeping your membership" onClick={() => void accept()}>
          Keep my membership with {discountPercent(discount)}% off
        </LoadingButton>
        <button type="button" className={buttonClassName({ variant: 'text' })} onClick={onDeclined} disabled={mutation.busy}>
          No thanks, finish cancelling
        </button>
      </div>
    </section>
  );
}

/** /me/membership/cancel (cancel-membership, top-nav layout): a reason, an optional comment, then the retention offer. */
export default function CancelMembershipPage(_props: PageProps) {
  const { siteName } = useSite();
  const status = usePageQuery<RetentionData>(USE_PAYMENT_METHOD_RETENTION_QUERY)?.viewer?.membershipStatus ?? null;
  // A reader who cancelled and left before answering the offer finds it still open here.
  const openOffer = status?.isCancelled && status.retentionOffer && status.retentionOffer !== 'NONE' ? status.retentionOffer : null;
  const [step, setStep] = useState<Step>(openOffer ? { kind: 'offer', discount: openOffer } : { kind: 'reason' });
  const settingsLink = (
    <Link href={MEMBERSHIP_SETTINGS_HREF} className={buttonClassName({ variant: 'accent' })}>
      Membership settings
    </Link>
  );

  if (!status || status.state === 'INACTIVE') {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Cancel membership</h1>
        <p className={styles.lede}>There is no running membership on this account.</p>
        {settingsLink}
      </div>
    );
  }
  const expiry = formatDate(status.currentPeriodEndsAt);
  if (step.kind === 'cancelled' || (step.kind === 'reason' && status.isCancelled)) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Your membership is cancelled</h1>
        <p className={styles.lede}>
          Your membership will expire on {expiry}. Until then you keep reading every member-only story. You can reactivate it from your membership settings at any time before
          then.
        </p>
        <div className={styles.actions}>
          {settingsLink}
          <Link href="/" className={buttonClassName({ variant: 'text' })}>
            Back to reading
          </Link>
        </div>
      </div>
    );
  }
  if (step.kind === 'kept') {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Thanks for staying</h1>
        <p className={styles.lede}>
          Your membership continues with {discountPercent(step.discount)}% off for a year, starting with your next payment on {expiry}.
        </p>
        <div className={styles.actions}>
          {settingsLink}
          <Link href="/" className={buttonClassName({ variant: 'text' })}>
            Back to reading
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Cancel your {planLabel(status.membershipType, siteName)} membership</h1>
      <p className={styles.lede}>Your membership stays active until {expiry}, and you can reactivate it until then. No further payments are taken.</p>
      {step.kind === 'reason' && (
        <ReasonStep
          status={status}
          onCancelled={(discount) => setStep(discount === 'NONE' ? { kind: 'cancelled' } : { kind: 'offer', discount })}
        />
      )}
      {step.kind === 'offer' && <OfferStep status={status} discount={step.discount} onAccepted={() => setStep({ kind: 'kept', discount: step.discount })} onDeclined={() => setStep({ kind: 'cancelled' })} />}
    </div>
  );
}
