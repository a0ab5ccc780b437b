import { useEffect, useId, useState } from 'react';
import { formatDate } from '../../../shared/format.js';
import { formatMoney, paymentText } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { REACTIVATE_MEMBERSHIP_CONFIRMATION_MODAL_WRAPPER_QUERY, UNCANCEL_MEMBERSHIP } from '../../graphql/manage-membership-operations.js';
import { track } from '../../lib/events.js';
import { Button } from '../button/Button.js';
import { LoadingButton } from '../loading-button/LoadingButton.js';
import { Modal } from '../modal/Modal.js';
import { perPeriod, planLabel } from './manage-rules.js';
import type { MembershipMutationResultView, MembershipStatusView } from './types.js';
import styles from './reactivate-modal.module.css';

/** Spec §8 reactivation failure. */
export const REACTIVATION_FAILURE = 'We couldn’t process your request, please try again.';

type ModalStatus = Pick<MembershipStatusView, 'membershipId' | 'membershipType' | 'isCancelled' | 'canReactivate' | 'currentPeriodEndsAt' | 'currency' | 'amount' | 'paymentMethod'>;

/** The hash that opens the modal (spec §2.5), on /me/settings/membership or wherever a link adds it. */
export const REACTIVATE_HASH = 'reactivateMembership';

/** Whether the page's hash asks for the modal; follows hash changes (a banner link on the same page). */
export function useReactivateHash(): [boolean, () => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const follow = () => setOpen(window.location.hash.slice(1) === REACTIVATE_HASH);
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  // Spec §2.5: closing clears the hash (without a new history entry or a jump).
  const close = () => {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    setOpen(false);
  };
  return [open, close];
}

export interface ReactivateMembershipModalProps {
  isVisible: boolean;
  onClose(): void;
}

/**
 * Reactivate membership (spec §2.5, §4, §7 UncancelMembership): reads the membership with
 * ReactivateMembershipConfirmationModalWrapperQuery when it opens; confirm is disabled while
 * that loads, after success, or with no membership. Success clears the hash and reloads the
 * page; failure shows the §8 text and the button works again.
 */
export function ReactivateMembershipModal({ isVisible, onClose }: ReactivateMembershipModalProps) {
  const { siteName } = useSite();
  const loadData = useBrowserData();
  const titleId = useId();
  const [status, setStatus] = useState<ModalStatus | null>(null);
  const [loading, setLoading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!isVisible) return;
    let live = true;
    track('reactivateMembership.presented');
    setLoading(true);
    setFailed(false);
    loadData()
      .then(({ client }) => client.query({ query: REACTIVATE_MEMBERSHIP_CONFIRMATION_MODAL_WRAPPER_QUERY, fetchPolicy: 'network-only' }))
      .then(({ data }) => {
        if (!live) return;
        const loaded = (data as { viewer?: { membershipStatus?: ModalStatus | null } | null } | undefined)?.viewer?.membershipStatus ?? null;
        setStatus(loaded);
        if (loaded) track('reactivateMembership.confirmationViewed', { membershipId: loaded.membershipId });
      })
      .catch(() => live && setStatus(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [isVisible, loadData]);

  async function confirm() {
    if (!status || submitting || succeeded) return;
    setSubmitting(true);
    setFailed(false);
    const result = (await mutateField(loadData, UNCANCEL_MEMBERSHIP, { membershipId: status.membershipId }, 'UncancelMembership')) as MembershipMutationResultView | null;
    if (result?.__typename === 'MutationSuccess' || result?.__typename === 'MembershipPurchaseSuccess') {
      setSucceeded(true);
      track('reactivateMembership.converted', { membershipId: status.membershipId });
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      window.location.reload();
      return;
    }
    setSubmitting(false);
    setFailed(true);
  }

  const reactivatable = Boolean(status?.isCancelled && status.canReactivate !== false);
  const disabled = loading || succeeded || !status || !reactivatable;

  return (
    <Modal isVisible={isVisible} onClose={onClose} aria-labelledby={titleId} className={styles.dialog}>
      <h2 id={titleId} className={styles.title}>
        Reactivate your membership
      </h2>
      <div className={styles.body} data-testid="reactivate-membership-body">
        {loading && <p>Loading your membership…</p>}
        {!loading && !status && <p>There is no membership to reactivate on this account.</p>}
        {!loading && status && !status.isCancelled && <p>Your membership is active: there is nothing to reactivate.</p>}
        {!loading && status && status.isCancelled && (
          <>
            <p>
              Your {planLabel(status.membershipType, siteName)} membership continues after {formatDate(status.currentPeriodEndsAt)} at{' '}
              {formatMoney({ amount: status.amount, currency: status.currency })}
              {perPeriod(status.membershipType)}.
            </p>
            {status.paymentMethod && <p>We’ll charge {paymentText(status.paymentMethod, new Date())} on that date.</p>}
            {!reactivatable && <p>This membership can’t be reactivated here.</p>}
          </>
        )}
        {failed && (
          <p role="alert" className={styles.error}>
            {REACTIVATION_FAILURE}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <LoadingButton variant="accent" loading={submitting} loadingLabel="Reactivating" disabled={disabled} onClick={() => void confirm()}>
          Reactivate membership
        </LoadingButton>
      </div>
    </Modal>
  );
}
