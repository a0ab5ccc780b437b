import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { publicationBaseHere } from '../../components/publication/publication-key.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { newsletterOf, newsletterPageQuery, type NewsletterPageData } from './newsletter-queries.js';
import { NewsletterSubscribe } from './NewsletterSubscribe.js';
import styles from './newsletter.module.css';

/**
 * publication-newsletter-landing (/{slug}/newsletters/{newsletterSlug}) and
 * publication-newsletter-promotion (/{slug}/newsletter, and its community variant): the
 * publication's masthead, the newsletter, its subscribers and Subscribe. A publication without a
 * newsletter shows its editors the way to make one (readers get the 404 from page-defs).
 */
export default function NewsletterLandingPage({ pageId, params }: PageProps) {
  const { query, variables } = newsletterPageQuery(pageId, params);
  const data = usePageQuery<NewsletterPageData>(query, variables);
  const { pathname } = useNavigation();
  const publication = data?.collection;
  if (!publication) return null;
  const newsletter = newsletterOf(pageId, data);
  const base = publicationBaseHere(publication, pathname);
  return (
    <>
      <PublicationMasthead publication={publication} inset />
      <div className={styles.page}>
        {newsletter ? (
          <article className={styles.landing} aria-labelledby="newsletter-name">
            <p className={styles.kicker}>Newsletter of {publication.name}</p>
            <h1 id="newsletter-name" className={styles.name}>
              {newsletter.name}
            </h1>
            {newsletter.description && <p className={styles.description}>{newsletter.description}</p>}
            <NewsletterSubscribe newsletter={newsletter} />
            {newsletter.viewerCanEdit && (
              <nav className={styles.editorLinks} aria-label="Newsletter tools">
                <Link href={`${base}/newsletters/${newsletter.slug}/settings`}>Settings</Link>
                <Link href={`${base}/newsletters/${newsletter.slug}/stats`}>Subscribers and stats</Link>
              </nav>
            )}
          </article>
        ) : (
          <section className={styles.landing}>
            <h1 className={styles.name}>{publication.name} has no newsletter yet</h1>
            <p className={styles.description}>Readers who subscribe get your publication&apos;s new stories by email.</p>
            <Link href={`${base}/new-newsletter`} className={styles.primaryLink}>
              Create a newsletter
            </Link>
          </section>
        )}
      </div>
    </>
  );
}
