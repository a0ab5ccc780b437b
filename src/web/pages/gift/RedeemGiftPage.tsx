import { useSite } from '../../app-context.js';
import { RedeemGiftForm } from '../../components/gift/RedeemGiftForm.js';
import { SiteLogo } from '../../components/header/SiteLogo.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import styles from './gift-pages.module.css';

/** /redeem-gift[?code=] (page id redeem-gift-membership, basic layout): the gift email's link lands here. */
export default function RedeemGiftPage() {
  const { siteName, viewer } = useSite();
  const { search } = useNavigation();
  const code = new URLSearchParams(search).get('code') ?? '';
  return (
    <div data-testid="redeem-gift-membership">
      <header className={styles.bar}>
        <SiteLogo />
        <Link href="/gift">Give a gift</Link>
      </header>
      <section className={styles.page}>
        <h1 className={styles.title}>Redeem your gift</h1>
        <p className={styles.lede}>
          Enter the gift code from your email for a year of {siteName} membership.{viewer ? '' : ' You will need to sign in or create an account to redeem it.'}
        </p>
        <RedeemGiftForm initialCode={code} signedIn={Boolean(viewer)} redirect="/redeem-gift" />
      </section>
    </div>
  );
}
