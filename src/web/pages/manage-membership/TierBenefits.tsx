import { tierOfPlan, type MembershipPlan } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { tierLabel } from '../../components/membership/manage-rules.js';
import styles from './manage.module.css';

/** What each tier gives, in the plans' own words. */
export function TierBenefits({ plan }: { plan: MembershipPlan }) {
  const { siteName } = useSite();
  return tierOfPlan(plan) === 'FRIEND' ? (
    <ul className={styles.list}>
      <li>Everything a Member gets: every member-only story, on every device</li>
      <li>A larger share of what you pay goes to the writers you read, as a {tierLabel('FRIEND', siteName)}</li>
    </ul>
  ) : (
    <ul className={styles.list}>
      <li>Read every member-only story, on every device</li>
      <li>Support the writers you read most</li>
    </ul>
  );
}
