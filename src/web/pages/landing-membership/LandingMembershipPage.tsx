import { formatMoney, friendOf, type MembershipPlan } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/index.js';
import { SiteLogo } from '../../components/header/index.js';
import { LANDING_MEMBERSHIP_QUERY } from '../../graphql/membership-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { MANAGE_MEMBERSHIP_HREF } from '../plans/CurrentMembership.js';
import { currencyOfCountry, hasMembershipToManage, plansByType, planSlug, priceLabel, tierBenefits, weeklyFigures, type PlanView, type ViewerMembershipView } from '../plans/plan-terms.js';
import styles from './LandingMembershipPage.module.css';

interface LandingData {
  visitor: { geolocation: { country: string | null } | null } | null;
  viewer: { id: string; membershipStatus: ViewerMembershipView | null } | null;
  usdPlans: PlanView[];
  cadPlans: PlanView[];
}

const plansHref = (plan: MembershipPlan) => `/plans?plan=${planSlug(plan)}`;

/**
 * /membership (ShowSubscriptionsLanding, basic layout): why to become a member, what the two
 * tiers cost (spec §9, with the weekly figure of the yearly price), and the way in.
 */
export default function LandingMembershipPage(_props: PageProps) {
  const { siteName, viewer } = useSite();
  const data = usePageQuery<LandingData>(LANDING_MEMBERSHIP_QUERY);
  const currency = currencyOfCountry(data?.visitor?.geolocation?.country);
  const plans = plansByType(currency === 'CAD' ? data?.cadPlans : data?.usdPlans);
  const status = data?.viewer?.membershipStatus;
  const member = status && hasMembershipToManage(status) ? status : null;
  const yearly = plans.YEARLY;
  const weekly = yearly ? weeklyFigures(yearly.price) : null;

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <SiteLogo />
        <nav className={styles.barLinks} aria-label="Membership">
          {!viewer && <Link href="/m/signin?operation=login&redirect=/membership">Sign in</Link>}
          {!member && (
            <Link href="/plans" className={buttonClassName({ variant: 'primary', size: 'small' })}>
              Get started
            </Link>
          )}
        </nav>
      </header>

      <section className={styles.hero}>
        <h1 className={styles.headline}>Read without limits. Pay the writers you read.</h1>
        {member ? (
          <>
            <p className={styles.sub}>{member.tier === 'FRIEND' ? `You're a ${friendOf(siteName)}. Thank you.` : "You're a member. Thank you."}</p>
            <Link href={MANAGE_MEMBERSHIP_HREF} className={buttonClassName({ variant: 'outline', size: 'large' })}>
              Manage membership
            </Link>
          </>
        ) : (
          <>
            <p className={styles.sub}>
              {weekly && yearly
                ? `Membership costs ${weekly.under}: ${weekly.exact}, billed ${formatMoney(yearly.price)} a year.`
                : `Become a member of ${siteName} and read every story.`}
            </p>
            <Link href="/plans" className={buttonClassName({ variant: 'accent', size: 'large' })}>
              Become a member
            </Link>
          </>
        )}
        {currency === 'CAD' && <p className={styles.note}>Prices in Canadian dollars (CAD).</p>}
      </section>

      <section className={styles.section} aria-labelledby="why">
        <h2 id="why" className={styles.sectionTitle}>
          Why membership
        </h2>
        <div className={styles.reasons}>
          <div>
            <h3>No ads, no selling your attention</h3>
            <p>{siteName} is paid for by its readers. What you see is ranked for you, never for an advertiser.</p>
          </div>
          <div>
            <h3>Writers paid by reading</h3>
            <p>Most of a member's fee goes to the writers of the member-only stories they read, shared by reading time.</p>
          </div>
          <div>
            <h3>Every story, in full</h3>
            <p>Stories marked with a star are for members. Members read them all, on any device.</p>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="tiers">
        <h2 id="tiers" className={styles.sectionTitle}>
          Two ways to join
        </h2>
        <ul className={styles.tiers}>
          {(['MEMBER', 'FRIEND'] as const).map((tier) => {
            const monthly = plans[tier === 'FRIEND' ? 'PREMIUM_MONTHLY' : 'MONTHLY'];
            const year = plans[tier === 'FRIEND' ? 'PREMIUM_YEARLY' : 'YEARLY'];
            if (!monthly || !year) return null;
            return (
              <li key={tier} className={styles.tier} aria-label={tier === 'FRIEND' ? friendOf(siteName) : 'Member'}>
                <h3>{tier === 'FRIEND' ? friendOf(siteName) : 'Member'}</h3>
                <p className={styles.tierPrice}>
                  {priceLabel(monthly.membershipType, monthly.price)} or {priceLabel(year.membershipType, year.price)}
                </p>
                <p className={styles.note}>{weeklyFigures(year.price).exact} on the yearly plan</p>
                <ul className={styles.benefits}>
                  {tierBenefits(tier, siteName).map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
                {!member && (
                  <Link href={plansHref(year.membershipType)} className={buttonClassName({ variant: tier === 'FRIEND' ? 'primary' : 'accent' })}>
                    {tier === 'FRIEND' ? 'Become a Friend' : 'Become a member'}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
