import { formatMoney } from '../../../shared/membership.js';
import { formatDate } from '../../../shared/format.js';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/index.js';
import { Link } from '../../router/Link.js';
import { planTitle, priceLabel, type ViewerMembershipView } from './plan-terms.js';
import styles from './plans.module.css';

/** Where a member changes plan, card or cancels (Settings → Membership and payment). */
export const MANAGE_MEMBERSHIP_HREF = '/me/settings/membership';

/**
 * A reader who already has a membership (paid, or suspended by staff) sees it instead of the plans: the plan, what it
 * costs, where it stands, and where to manage it. Buying a second one is not offered.
 */
export function CurrentMembership({ membership }: { membership: ViewerMembershipView }) {
  const { siteName } = useSite();
  const friend = membership.tier === 'FRIEND';
  const price = { amount: membership.amount, currency: membership.currency };
  const ends = formatDate(membership.currentPeriodEndsAt);
  return (
    <section className={styles.current} aria-labelledby="current-title" data-testid="current-membership">
      <h1 id="current-title" className={styles.title}>
        {friend ? `You're a Friend of ${siteName}` : "You're a member"}
      </h1>
      <p className={styles.lede}>
        {planTitle(membership.membershipType, siteName)} · {priceLabel(membership.membershipType, price)}
      </p>
      {membership.state === 'SUSPENDED' ? (
        <p className={styles.notice}>Your membership is suspended. Write to us if you think this is a mistake.</p>
      ) : membership.isCancelled ? (
        <p>Your membership will expire on {ends}.</p>
      ) : (
        <p>
          Your next payment of {formatMoney(price)} is on {ends}.
        </p>
      )}
      <p>
        <Link href={MANAGE_MEMBERSHIP_HREF} className={buttonClassName({ variant: 'outline' })}>
          Manage membership
        </Link>
      </p>
    </section>
  );
}
