import { formatDate } from '../../../shared/format.js';
import { tierOfPlan } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { planLabel, tierLabel } from '../../components/membership/manage-rules.js';
import type { MembershipStatusView } from '../../components/membership/types.js';
import { USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY } from '../../graphql/manage-membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { MEMBERSHIP_SETTINGS_HREF, planOfParam } from './plan-param.js';
import { TierBenefits } from './TierBenefits.js';
import styles from './manage.module.css';

type SwitchData = { viewer: { id: string; membershipStatus: MembershipStatusView | null } | null };

/**
 * /manage-membership/confirmation/{membershipType} (wordmark layout): what the switch did,
 * read from the membership as it is now: the plan running (an upgrade) or scheduled (a switch
 * down at the period end).
 */
export default function ManageMembershipConfirmationPage({ params }: PageProps) {
  const { siteName } = useSite();
  const plan = planOfParam(params.membershipType);
  const status = usePageQuery<SwitchData>(USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY)?.viewer?.membershipStatus ?? null;
  if (!plan) return null;
  const tier = tierLabel(tierOfPlan(plan), siteName);
  const running = status?.membershipType === plan && !status.switchPlanSchedule;
  const scheduled = status?.switchPlanSchedule?.plan.membershipType === plan ? status.switchPlanSchedule : null;

  let title: string;
  let lede: string;
  if (running) {
    title = tierOfPlan(plan) === 'FRIEND' ? `You’re now a ${tier}` : `You’re a ${tier}`;
    lede = `Your plan is ${planLabel(plan, siteName)}. Your next billing date is ${formatDate(status!.currentPeriodEndsAt)}.`;
  } else if (scheduled) {
    title = `You’ll switch to ${tier}`;
    lede = `Your plan changes to ${planLabel(plan, siteName)} on ${formatDate(scheduled.startAt)}. Until then nothing changes.`;
  } else {
    title = 'Your plan hasn’t changed';
    lede = 'We couldn’t find this change on your membership. Check your membership settings, or try the switch again.';
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lede}>{lede}</p>
      {(running || scheduled) && (
        <section className={styles.card} aria-label="What your plan gives">
          <h2 className={styles.cardTitle}>{planLabel(plan, siteName)}</h2>
          <TierBenefits plan={plan} />
        </section>
      )}
      <div className={styles.actions}>
        <Link href={MEMBERSHIP_SETTINGS_HREF} className={buttonClassName({ variant: 'accent' })}>
          Membership settings
        </Link>
        {running || scheduled ? (
          <Link href="/" className={buttonClassName({ variant: 'text' })}>
            Back to reading
          </Link>
        ) : (
          <Link href="/manage-membership" className={buttonClassName({ variant: 'text' })}>
            Manage membership
          </Link>
        )}
      </div>
    </div>
  );
}
