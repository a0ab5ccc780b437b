import { useState } from 'react';
import { mutateField } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { PublicationActions } from '../../components/publication/PublicationActions.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { publicationVariables, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { useToast } from '../../components/toast/index.js';
import { FEATURE_POST, PUBLICATION_FEATURED_QUERY, REORDER_FEATURED, UNFEATURE_POST } from '../../graphql/publication-design-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import { PartsOrder } from '../sequence-editor/PartsOrder.js';
import styles from './PublicationDesignPage.module.css';

type Story = { id: string; title: string };
type Featured = { id: string; position: number; post: Story };
interface FeaturedData {
  collection: (PublicationFrameData & { featuredPosts: Featured[]; storiesToFeature: { posts: Story[]; next: string | null } | null }) | null;
}

const TRY_AGAIN = 'Something went wrong. Please try again.';
const title = (s: Story) => s.title || 'Untitled story';

/**
 * /{slug}/manage/stories/featured (editors only): the publication's stories with Feature /
 * Unfeature, and the featured ones in order (buttons or Alt+↑/↓). Each change is saved at once,
 * with the spec §4 'feature story' toast.
 */
export default function FeaturedStoriesPage({ params }: PageProps) {
  const publication = usePageQuery<FeaturedData>(PUBLICATION_FEATURED_QUERY, publicationVariables(params))?.collection ?? null;
  const loadData = useBrowserData();
  const toast = useToast();
  const [featured, setFeatured] = useState<Story[]>(() => publication?.featuredPosts.map((f) => f.post) ?? []);
  const [busy, setBusy] = useState(false);
  if (!publication) return null;
  const stories = publication.storiesToFeature?.posts ?? [];

  async function run(mutation: typeof FEATURE_POST, variables: Record<string, unknown>, field: string, done: string) {
    setBusy(true);
    try {
      const result = await mutateField(loadData, mutation, { collectionId: publication!.id, ...variables }, field);
      if (result?.__typename !== 'FeaturedPostsSuccess') {
        toast.show({ message: result?.message ?? TRY_AGAIN, toastStyle: 'ERROR', key: 'feature-story', extraParams: { kind: 'feature story' } });
        return;
      }
      setFeatured((result.featuredPosts as Featured[]).map((f) => f.post));
      toast.show({ message: done, key: 'feature-story', extraParams: { kind: 'feature story' } });
    } finally {
      setBusy(false);
    }
  }
  const isFeatured = (id: string) => featured.some((f) => f.id === id);

  return (
    <div className={styles.page}>
      <PublicationMasthead publication={publication} actions={<PublicationActions publication={publication} />} inset />
      <h1 className={styles.title}>Featured stories</h1>
      <div className={styles.columns}>
        <section className={styles.group} aria-labelledby="featured-order">
          <h2 id="featured-order" className={styles.legend}>
            Featured, in order
          </h2>
          <PartsOrder
            parts={featured}
            onChange={(next) => {
              // Remove in the list unfeatures; a move saves the new order.
              const removed = featured.find((f) => !next.some((n) => n.id === f.id));
              if (removed) void run(UNFEATURE_POST, { postId: removed.id }, 'unfeaturePost', `“${title(removed)}” is no longer featured.`);
              else void run(REORDER_FEATURED, { postIds: next.map((n) => n.id) }, 'reorderFeatured', 'Featured order saved.');
            }}
          />
        </section>
        <section className={styles.group} aria-labelledby="publication-stories">
          <h2 id="publication-stories" className={styles.legend}>
            Stories in {publication.name}
          </h2>
          {stories.length === 0 && <p className={styles.label}>No stories in this publication yet.</p>}
          <ul className={styles.sectionList}>
            {stories.map((s) => (
              <li key={s.id} className={styles.sectionHead}>
                <span>{title(s)}</span>
                {isFeatured(s.id) ? (
                  <button type="button" className={styles.iconButton} disabled={busy} onClick={() => void run(UNFEATURE_POST, { postId: s.id }, 'unfeaturePost', `“${title(s)}” is no longer featured.`)} aria-label={`Unfeature “${title(s)}”`}>
                    Unfeature
                  </button>
                ) : (
                  <button type="button" className={styles.iconButton} disabled={busy} onClick={() => void run(FEATURE_POST, { postId: s.id }, 'featurePost', `“${title(s)}” is featured.`)} aria-label={`Feature “${title(s)}”`}>
                    Feature
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
