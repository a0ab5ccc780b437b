import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import styles from './ComingSoonPage.module.css';

/** Every page of the spec is routed from day one; unbuilt ones say so inside their layout. */
export default function ComingSoonPage({ pageId }: PageProps) {
  return (
    <section className={styles.box} data-testid="coming-soon" data-page-id={pageId}>
      <h1 className={styles.title}>Coming soon</h1>
      <p className={styles.text}>
        This page (<code>{pageId}</code>) is not built yet. It is on its way.
      </p>
      <Link href="/" className={styles.link}>
        Back to the home page
      </Link>
    </section>
  );
}
