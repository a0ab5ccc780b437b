import { usePageQuery } from '../../graphql/use-page-query.js';
import { NOT_FOUND_SCREEN_QUERY } from '../../graphql/operations.js';
import { PostCard, type PostPreview } from '../../components/post-card/PostCard.js';
import { Link } from '../../router/Link.js';
import styles from './NotFoundPage.module.css';

/** Spec §2.5 404 screen: up to 4 staff picks under the message. */
export default function NotFoundPage() {
  const data = usePageQuery<{ staffPicksFeed: { items: PostPreview[] } }>(NOT_FOUND_SCREEN_QUERY);
  const picks = data?.staffPicksFeed.items ?? [];
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <p className={styles.eyebrow}>PAGE NOT FOUND</p>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>Out of nothing, something.</h1>
        <p className={styles.text}>
          You can find (just about) anything here — except, apparently, this page. The link may be broken, or the story may have been removed.
        </p>
        <Link href="/" className={styles.home}>
          Home
        </Link>
      </section>
      {picks.length > 0 && (
        <section className={styles.picks} aria-labelledby="staff-picks-heading">
          <h2 id="staff-picks-heading" className={styles.picksTitle}>
            Staff picks
          </h2>
          <div className={styles.grid}>
            {picks.slice(0, 4).map((p) => (
              <PostCard key={p.id} post={p} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
