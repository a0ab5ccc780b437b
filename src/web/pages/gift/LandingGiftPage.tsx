import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/index.js';
import { Footer } from '../../components/footer/index.js';
import { SiteLogo } from '../../components/header/SiteLogo.js';
import { Link } from '../../router/Link.js';
import { formatMoney } from '../../../shared/membership.js';
import { useGiftCheckout } from './checkout-data.js';
import styles from './gift-pages.module.css';

/** /gift (page id landing-gift, basic layout): what a gift is, the two ways to give one, and where to redeem. */
export default function LandingGiftPage() {
  const { siteName } = useSite();
  const checkout = useGiftCheckout()?.giftCheckout;
  return (
    <div data-testid="landing-gift">
      <header className={styles.bar}>
        <SiteLogo />
        <Link href="/redeem-gift">Redeem a gift</Link>
      </header>
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>Give the gift of {siteName}</h1>
        <p className={styles.lede}>A year of membership: every member-only story from independent writers, for the readers and writers in your life.</p>
      </section>
      <div className={styles.options}>
        {checkout?.giftCheckoutEnabled !== false && (
          <section className={styles.option} aria-labelledby="gift-one">
            <h2 id="gift-one">Gift a membership</h2>
            <p className={styles.amount}>{checkout ? formatMoney(checkout.giftPrice) : null}</p>
            <p>One year of membership for one person. We email them your message and their gift code, today or on the day you choose.</p>
            <Link href="/gift-plans" className={buttonClassName({ variant: 'accent' })}>
              Give a gift
            </Link>
          </section>
        )}
        <section className={styles.option} aria-labelledby="gift-group">
          <h2 id="gift-group">Group gift</h2>
          <p className={styles.amount}>{checkout ? `${formatMoney(checkout.groupGiftPrice)} each` : null}</p>
          <p>
            {checkout ? `${checkout.minGroupGiftCodes} to ${checkout.maxGroupGiftCodes}` : 'Several'} memberships for a team, a class or a book club. You get the gift codes to hand out; each
            is a year of membership for someone new to {siteName}.
          </p>
          <Link href="/group-gift" className={buttonClassName({ variant: 'outline' })}>
            Buy a group gift
          </Link>
        </section>
      </div>
      <p className={styles.redeemLine}>
        Received a gift? <Link href="/redeem-gift">Redeem your gift code</Link>
      </p>
      <div className={styles.footer}>
        <Footer />
      </div>
    </div>
  );
}
