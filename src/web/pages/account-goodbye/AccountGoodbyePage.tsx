import { useSite } from '../../app-context.js';
import { useNavigation } from '../../router/navigation.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import styles from '../suspended/MessagePage.module.css';

/** /m/goodbye (page id account-goodbye): after deactivating or deleting an account. */
export default function AccountGoodbyePage(_props: PageProps) {
  const { siteName } = useSite();
  const q = new URLSearchParams(useNavigation().search);
  const deleted = q.has('deleted');
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{deleted ? 'Your account is deleted.' : q.has('deactivated') ? 'Your account is deactivated.' : 'Goodbye.'}</h1>
      <p className={styles.text}>
        {deleted
          ? `Your account and your stories are gone from ${siteName}. Thank you for the time you spent here.`
          : `Your profile and stories are hidden. Sign in again whenever you like and they come back as they were.`}
      </p>
      <Link href="/" className={styles.link}>
        Go to the home page
      </Link>
    </section>
  );
}
