import { usePageQuery } from '../../graphql/use-page-query.js';
import { useEffect } from 'react';
import { useSite } from '../../app-context.js';
import { Footer } from '../../components/footer/index.js';
import { WRITE_HREF } from '../../components/header/site-pages.js';
import { PostCard, type PostPreview } from '../../components/post-card/PostCard.js';
import { SusiLink } from '../../components/susi/SusiLink.js';
import { HOME_LO_QUERY } from '../../graphql/operations.js';
import { HOME_LO_TRENDING_QUERY } from '../../graphql/feeds-operations.js';
import { track } from '../../lib/events.js';
import { Link } from '../../router/Link.js';
import { useGiftMembershipHash } from '../../components/gift/use-gift-membership-hash.js';
import styles from './HomeLoPage.module.css';

/** The logged-out home (page id home-lo, basic layout): a landing with trending stories and staff picks. */
export default function HomeLoPage() {
  const { siteName, siteLinks } = useSite();
  const data = usePageQuery<{ staffPicksFeed: { items: PostPreview[] } }>(HOME_LO_QUERY);
  const items = data?.staffPicksFeed.items ?? [];
  const trending = usePageQuery<{ forYouFeed: { items: { post: PostPreview }[] } }>(HOME_LO_TRENDING_QUERY)?.forYouFeed.items ?? [];

  useEffect(() => {
    track('homepage.viewed'); // spec §2.2
  }, []);

  useGiftMembershipHash();

  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Link href="/" className={styles.wordmark}>
          {siteName}
        </Link>
        <nav className={styles.nav} aria-label="Site">
          {/* 'Our story' leads to ABOUT_URL when set; 'Membership' waits for membership to be built. */}
          {siteLinks?.about && (
            <a href={siteLinks.about} className={styles.navLink}>
              Our story
            </a>
          )}
          <SusiLink operation="register" redirect={WRITE_HREF} className={styles.navLink}>
            Write
          </SusiLink>
          <SusiLink operation="login" className={styles.navLink}>
            Sign in
          </SusiLink>
          <SusiLink operation="register" className={styles.cta}>
            Get started
          </SusiLink>
        </nav>
      </header>
      <section className={styles.hero}>
        <h1 className={styles.headline}>Human stories &amp; ideas</h1>
        <p className={styles.lede}>A place to read, write, and deepen your understanding</p>
        <a href="#staff-picks" className={styles.start}>
          Start reading
        </a>
      </section>
      {trending.length > 0 && (
        <section className={styles.trending} aria-labelledby="trending-heading">
          <h2 id="trending-heading" className={styles.sectionTitle}>
            Trending on {siteName}
          </h2>
          <ol className={styles.trendingGrid}>
            {trending.map(({ post }, i) => (
              <li key={post.id} className={styles.trendingItem}>
                <span className={styles.trendingRank} aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <PostCard post={post} compact />
              </li>
            ))}
          </ol>
        </section>
      )}
      <section id="staff-picks" className={styles.picks} aria-labelledby="picks-heading">
        <h2 id="picks-heading" className={styles.sectionTitle}>
          Staff picks
        </h2>
        <div className={styles.grid}>
          {items.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </div>
      </section>
      {/* Footer renders the <footer> itself: a second one around it would nest the landmark. */}
      <div className={styles.footer}>
        <Footer />
      </div>
    </div>
  );
}
