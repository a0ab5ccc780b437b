import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/index.js';
import { MEMBERSHIP_CONFIRMATION_QUERY } from '../../graphql/membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import type { ConfirmationData } from '../plans-confirmation/PlansConfirmationPage.js';
import { MANAGE_MEMBERSHIP_HREF } from '../plans/CurrentMembership.js';
import { isLiveMembership } from '../plans/plan-terms.js';
import styles from '../plans/plans.module.css';

/**
 * /welcome-member (welcome-member, wordmark layout): after the confirmation, what membership
 * changes for the reader and where to start. A reader without a membership is pointed at the plans.
 */
export default function WelcomeMemberPage(_props: PageProps) {
  const { siteName } = useSite();
  const data = usePageQuery<ConfirmationData>(MEMBERSHIP_CONFIRMATION_QUERY);
  const viewer = data?.viewer;
  if (!viewer) return null;
  const membership = viewer.membershipStatus;
  if (!isLiveMembership(membership)) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Welcome</h1>
        <p className={styles.lede}>You are not a member yet. Members read every story on {siteName} and pay the writers they read.</p>
        <p>
          <Link href="/plans" className={buttonClassName({ variant: 'accent' })}>
            See the plans
          </Link>
        </p>
      </div>
    );
  }
  const friend = membership.tier === 'FRIEND';
  const firstName = viewer.name.trim().split(/\s+/)[0] ?? '';
  return (
    <div className={styles.page} data-testid="welcome-member">
      <h1 className={styles.title}>{`Welcome${firstName ? `, ${firstName}` : ''}. You're ${friend ? `a Friend of ${siteName}` : 'a member'}.`}</h1>
      <ul className={styles.welcomeList}>
        <li>
          <strong>Every story is open to you.</strong> Stories marked with a star are for members: you read them in full.
        </li>
        <li>
          <strong>Your reading pays writers.</strong> Your fee is shared among the writers whose member-only stories you read, by your reading time{friend ? ', and more of it goes to them' : ''}.
        </li>
        <li>
          <strong>Your membership is yours to change.</strong> Switch plan, update your card or cancel any time in Settings.
        </li>
      </ul>
      <p className={styles.actions}>
        <Link href="/" className={buttonClassName({ variant: 'accent', size: 'large' })}>
          Start reading
        </Link>
        <Link href={MANAGE_MEMBERSHIP_HREF} className={buttonClassName({ variant: 'outline', size: 'large' })}>
          Membership settings
        </Link>
      </p>
    </div>
  );
}
