import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { publicationBaseHere, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { useToast } from '../../components/toast/index.js';
import { DELETE_FEATURE_PAGE } from '../../graphql/publication-reader-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { readerQuery, readerView } from '../publication-about/reader-pages.js';
import styles from './feature-pages.module.css';

export interface FeaturePageItem {
  id: string;
  slug: string;
  title: string;
  description: string;
  tags: string[];
  position: number;
}
export type FeaturePagesData = { collection: (PublicationFrameData & { featurePages: FeaturePageItem[] }) | null };

/** /{slug}/settings/feature-pages (publication-feature-pages): the editors' list of feature pages. */
export default function FeaturePagesPage({ pageId, params }: PageProps) {
  const { query, variables } = readerQuery(readerView(pageId, params), params);
  const publication = usePageQuery<FeaturePagesData>(query, variables)?.collection;
  const pathname = useNavigation().pathname;
  const loadData = useBrowserData();
  const toast = useToast();
  const [removed, setRemoved] = useState<string[]>([]);
  if (!publication) return null;
  const base = publicationBaseHere(publication, pathname);
  const pages = publication.featurePages.filter((f) => !removed.includes(f.id));

  const remove = async (f: FeaturePageItem) => {
    const result = await mutateField(loadData, DELETE_FEATURE_PAGE, { collectionId: publication.id, featurePageId: f.id }, 'deleteFeaturePage');
    if (result?.__typename === 'FeaturePageDeleted') setRemoved((r) => [...r, f.id]);
    else toast.show({ message: result?.message ?? 'Something went wrong. Please try again.', toastStyle: 'ERROR' });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Feature pages of {publication.name}</h1>
      <p className={styles.hint}>A feature page gathers the publication's stories with any of its tags at its own address.</p>
      <Link href={`${base}/settings/feature-pages/new`} className={styles.primary}>
        New feature page
      </Link>
      {pages.length === 0 ? (
        <p className={styles.hint}>No feature pages yet.</p>
      ) : (
        <ul className={styles.list}>
          {pages.map((f) => (
            <li key={f.id} className={styles.row} data-testid="feature-page-row">
              <div>
                <Link href={`${base}/${f.slug}/home`} className={styles.name}>
                  {f.title}
                </Link>
                <p className={styles.hint}>{f.tags.join(', ')}</p>
              </div>
              <span className={styles.actions}>
                <Link href={`${base}/settings/feature-pages/${f.slug}/edit`}>Edit</Link>
                <button type="button" onClick={() => void remove(f)}>
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
