import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { publicationBaseHere } from '../../components/publication/publication-key.js';
import { CREATE_FEATURE_PAGE, UPDATE_FEATURE_PAGE } from '../../graphql/publication-reader-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { readerQuery, readerView } from '../publication-about/reader-pages.js';
import styles from './feature-pages.module.css';
import type { FeaturePagesData } from './FeaturePagesPage.js';

/** /{slug}/settings/feature-pages/new and /{topicSlug}/edit (publication-feature-page-editor). */
export default function FeaturePageEditorPage({ pageId, params }: PageProps) {
  const { query, variables } = readerQuery(readerView(pageId, params), params);
  const publication = usePageQuery<FeaturePagesData>(query, variables)?.collection;
  const nav = useNavigation();
  const loadData = useBrowserData();
  const editing = publication?.featurePages.find((f) => f.slug === params.topicSlug) ?? null;
  const [title, setTitle] = useState(editing?.title ?? '');
  const [slug, setSlug] = useState(editing?.slug ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [tags, setTags] = useState(editing?.tags.join(', ') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!publication) return null;
  const base = publicationBaseHere(publication, nav.pathname);

  const save = async () => {
    setSaving(true);
    setError(null);
    const input = { title, slug: slug || null, description, tags: tags.split(',').map((t) => t.trim()).filter(Boolean) };
    const result = editing
      ? await mutateField(loadData, UPDATE_FEATURE_PAGE, { collectionId: publication.id, featurePageId: editing.id, input }, 'updateFeaturePage')
      : await mutateField(loadData, CREATE_FEATURE_PAGE, { collectionId: publication.id, input }, 'createFeaturePage');
    setSaving(false);
    if (result?.__typename === 'FeaturePageSuccess') nav.navigate(`${base}/settings/feature-pages`);
    else setError(result?.message ?? 'Something went wrong. Please try again.');
  };

  return (
    <form
      className={styles.page}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h1 className={styles.title}>{editing ? `Edit ${editing.title}` : 'New feature page'}</h1>
      <label className={styles.field}>
        Title
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={100} required />
      </label>
      <label className={styles.field}>
        URL (after /{publication.slug}/)
        <input value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="made from the title" maxLength={60} />
      </label>
      <label className={styles.field}>
        Description
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={280} rows={3} />
      </label>
      <label className={styles.field}>
        Tags (1 to 5, separated by commas)
        <input value={tags} onChange={(e) => setTags(e.target.value)} required />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <LoadingButton type="submit" loading={saving}>
        Save
      </LoadingButton>
    </form>
  );
}
