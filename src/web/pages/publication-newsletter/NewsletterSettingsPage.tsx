import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { publicationBaseHere } from '../../components/publication/publication-key.js';
import { CREATE_NEWSLETTER_V3, UPDATE_NEWSLETTER_V3 } from '../../graphql/publication-newsletter-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { settingsQuery, type NewsletterPageData } from './newsletter-queries.js';
import styles from './newsletter.module.css';

/**
 * publication-newsletter-settings: /{slug}/new-newsletter makes the publication's newsletter,
 * /{slug}/newsletters/{newsletterSlug}/settings edits it (name, URL, description, promotion).
 * Editors and the owner only (page-defs answers 404 to anyone else).
 */
export default function NewsletterSettingsPage({ params }: PageProps) {
  const { query, variables } = settingsQuery(params);
  const publication = usePageQuery<NewsletterPageData>(query, variables)?.collection;
  const editing = params.newsletterSlug !== undefined ? (publication?.newsletterV3BySlug ?? null) : null;
  const nav = useNavigation();
  const loadData = useBrowserData();
  const [name, setName] = useState(editing?.name ?? '');
  const [slug, setSlug] = useState(editing?.slug ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [showPromo, setShowPromo] = useState(editing?.showPromo ?? true);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!publication) return null;
  const base = publicationBaseHere(publication, nav.pathname);

  const save = async () => {
    setSaving(true);
    setError(null);
    const input = { name, slug: slug.trim() || null, description, showPromo };
    const result = editing
      ? await mutateField(loadData, UPDATE_NEWSLETTER_V3, { newsletterV3Id: editing.id, input }, 'updateNewsletterV3')
      : await mutateField(loadData, CREATE_NEWSLETTER_V3, { collectionId: publication.id, input }, 'createNewsletterV3');
    setSaving(false);
    const saved = result?.__typename === 'NewsletterV3Success' ? (result.newsletterV3 as { slug: string }) : null;
    if (saved) nav.navigate(`${base}/newsletters/${saved.slug}`);
    else setError(result?.message ?? 'Something went wrong. Please try again.');
  };

  return (
    <>
      <PublicationMasthead publication={publication} inset />
      <div className={styles.page}>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <h1 className={styles.title}>{editing ? `${editing.name} settings` : 'New newsletter'}</h1>
          <label className={styles.field}>
            Name
            <input name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required />
          </label>
          <div className={styles.field}>
            <label htmlFor="newsletter-slug">URL</label>
            <input id="newsletter-slug" name="slug" value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="made from the name" maxLength={40} aria-describedby="newsletter-slug-hint" />
            <span id="newsletter-slug-hint" className={styles.hint}>
              {`/${publication.slug}/newsletters/${slug || '…'}`}
            </span>
          </div>
          <label className={styles.field}>
            Description
            <textarea name="description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={280} rows={3} />
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={showPromo} onChange={(e) => setShowPromo(e.target.checked)} />
            Invite readers to subscribe on the publication&apos;s pages
          </label>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.row}>
            <LoadingButton type="submit" loading={saving}>
              {editing ? 'Save' : 'Create newsletter'}
            </LoadingButton>
            <Link className={styles.back} href={editing ? `${base}/newsletters/${editing.slug}` : `${base}/settings`}>
              Cancel
            </Link>
          </div>
        </form>
      </div>
    </>
  );
}
