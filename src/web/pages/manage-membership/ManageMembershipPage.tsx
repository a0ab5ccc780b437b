import { useEffect, useState } from 'react';
import { formatDate } from '../../../shared/format.js';
import { formatMoney, planPrice, tierOfPlan, type MembershipPlan } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { LoadingButton } from '../../components/loading-button/LoadingButton.js';
import { currentPlanType, isUpgrade, perPeriod, planLabel, switchTargetOf, tierLabel, type MoneyView } from '../../components/membership/manage-rules.js';
import type { MembershipStatusView } from '../../components/membership/types.js';
import { failureMessage, isMutationSuccess } from '../../components/membership/types.js';
import { useMembershipMutation } from '../../components/membership/use-membership-mutation.js';
import { MEMBERSHIP_PLAN_CHANGE_PREVIEW_QUERY, UPDATE_MEMBERSHIP_PLAN, USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY } from '../../graphql/manage-membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { manageConfirmationHref, MEMBERSHIP_SETTINGS_HREF } from './plan-param.js';
import { TierBenefits } from './TierBenefits.js';
import styles from './manage.module.css';

const TRY_AGAIN = 'Something went wrong. Please try again.';

type SwitchData = { viewer: { id: string; membershipStatus: MembershipStatusView | null } | null };

/** Why a switch is not offered (spec §4: provider, failed payment, cancelled). */
function NotSwitchable({ status }: { status: MembershipStatusView }) {
  if (status.isCancelled)
    return (
      <p className={styles.note}>
        Your membership is cancelled. <a className={styles.link} href="/me/settings/membership#reactivateMembership">Reactivate it</a> to switch plan.
      </p>
    );
  if (status.paymentFailedAt)
    return (
      <p className={styles.note}>
        Your last payment failed. <a className={styles.link} href="/me/settings/payment/update">Update your payment method</a> to switch plan.
      </p>
    );
  return <p className={styles.note}>This membership is billed elsewhere, so its plan can’t be switched here.</p>;
}

/** The proration charged today for an upgrade (spec: shown before confirming). */
function useUpgradePreview(target: MembershipPlan, enabled: boolean): { preview: MoneyView | null; loading: boolean } {
  const loadData = useBrowserData();
  const [preview, setPreview] = useState<MoneyView | null>(null);
  const [loading, setLoading] = useState(enabled);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoading(true);
    loadData()
      .then(({ client }) => client.query({ query: MEMBERSHIP_PLAN_CHANGE_PREVIEW_QUERY, variables: { membershipType: target }, fetchPolicy: 'network-only' }))
      .then(({ data }) => live && setPreview((data as { membershipPlanChangePreview?: MoneyView | null } | undefined)?.membershipPlanChangePreview ?? null))
      .catch(() => live && setPreview(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [enabled, target, loadData]);
  return { preview, loading };
}

function SwitchOffer({ status }: { status: MembershipStatusView }) {
  const { siteName } = useSite();
  const current = currentPlanType(status);
  const target = switchTargetOf(current);
  const upgrade = isUpgrade(current, target);
  // A scheduled downgrade is undone by switching back to the plan running now.
  const undoesSchedule = Boolean(status.switchPlanSchedule) && target === status.membershipType;
  const needsPreview = upgrade && !undoesSchedule;
  const { preview, loading } = useUpgradePreview(target, needsPreview);
  const mutation = useMembershipMutation();
  const [error, setError] = useState<string | null>(null);
  const price = planPrice(target, status.currency);

  async function confirm() {
    setError(null);
    const result = await mutation.run(UPDATE_MEMBERSHIP_PLAN, { membershipId: status.membershipId, membershipType: target }, 'updateMembershipPlan');
    if (isMutationSuccess(result)) return window.location.assign(manageConfirmationHref(target));
    setError(failureMessage(result, TRY_AGAIN));
  }

  return (
    <section className={styles.card} aria-labelledby="switch-title">
      <span className={styles.cardLabel}>{undoesSchedule ? 'Keep your plan' : upgrade ? 'Upgrade' : 'Switch'}</span>
      <h2 id="switch-title" className={styles.cardTitle}>
        {planLabel(target, siteName)}
      </h2>
      <p className={styles.price}>
        {formatMoney(price)}
        {perPeriod(target)}
      </p>
      <TierBenefits plan={target} />
      {undoesSchedule ? (
        <p className={styles.note}>Your switch on {formatDate(status.switchPlanSchedule!.startAt)} is called off and you stay on this plan.</p>
      ) : upgrade ? (
        loading ? (
          <p className={styles.note}>Working out today’s charge…</p>
        ) : preview ? (
          <>
            <p className={styles.charge} data-testid="proration-preview">
              You’ll be charged {formatMoney(preview, { fixed: true })} today
            </p>
            <p className={styles.note}>
              That is the difference for the rest of this billing period. From {formatDate(status.currentPeriodEndsAt)} you pay {formatMoney(price)}
              {perPeriod(target)}.
            </p>
          </>
        ) : (
          <p className={styles.error}>Upgrading isn’t available for this membership right now.</p>
        )
      ) : (
        <p className={styles.note}>
          The switch takes effect at the end of this billing period, on {formatDate(status.currentPeriodEndsAt)}. You keep every {tierLabel(status.tier, siteName)} benefit until then, and
          then pay {formatMoney(price)}
          {perPeriod(target)}.
        </p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <LoadingButton variant="accent" loading={mutation.busy} loadingLabel="Switching" disabled={needsPreview && !preview} onClick={() => void confirm()}>
          {undoesSchedule ? 'Keep my plan' : upgrade ? `Upgrade and pay ${preview ? formatMoney(preview, { fixed: true }) : ''}`.trim() : `Switch to ${tierLabel(tierOfPlan(target), siteName)}`}
        </LoadingButton>
        <Link href={MEMBERSHIP_SETTINGS_HREF} className={buttonClassName({ variant: 'text' })}>
          Not now
        </Link>
      </div>
    </section>
  );
}

/** /manage-membership (ShowManageMembershipPage, wordmark layout): switch Member ↔ Friend (spec §4). */
export default function ManageMembershipPage(_props: PageProps) {
  const { siteName } = useSite();
  const status = usePageQuery<SwitchData>(USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY)?.viewer?.membershipStatus ?? null;
  if (!status || status.state === 'INACTIVE') {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Manage your membership</h1>
        <p className={styles.lede}>You are not a member. Become one to read every member-only story and support the writers you read.</p>
        <Link href="/plans" className={buttonClassName({ variant: 'accent' })}>
          See the plans
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Manage your membership</h1>
      <p className={styles.lede}>Switch between {tierLabel('MEMBER', siteName)} and {tierLabel('FRIEND', siteName)}. Upgrades start today; a switch down starts when your billing period ends.</p>
      <section className={`${styles.card} ${styles.cardCurrent}`} aria-labelledby="current-title">
        <span className={styles.cardLabel}>Your plan</span>
        <h2 id="current-title" className={styles.cardTitle}>
          {planLabel(status.membershipType, siteName)}
        </h2>
        <p className={styles.price}>
          {formatMoney({ amount: status.amount, currency: status.currency })}
          {perPeriod(status.membershipType)}
        </p>
        {status.switchPlanSchedule && (
          <p className={styles.note}>
            Changes to {planLabel(status.switchPlanSchedule.plan.membershipType, siteName)} on {formatDate(status.switchPlanSchedule.startAt)}.
          </p>
        )}
      </section>
      {status.canSwitchPlan ? <SwitchOffer status={status} /> : <NotSwitchable status={status} />}
    </div>
  );
}
