import { useSite } from '../../app-context.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import styles from './MessagePage.module.css';

/** /suspended (page id suspended): where a suspended account is sent (spec §8 suspension notices). */
export default function SuspendedPage(_props: PageProps) {
  const { siteName } = useSite();
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>This account is suspended.</h1>
      <p className={styles.text}>
        It was suspended for violating the {siteName} rules. If you believe this is a mistake, contact the site’s staff from the help page.
      </p>
      <Link href="/help" className={styles.link}>
        Help
      </Link>
    </section>
  );
}
