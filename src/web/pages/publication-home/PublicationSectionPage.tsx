import { PostCard, type PostPreview } from '../../components/post-card/PostCard.js';
import { ShowMore } from '../../components/profile/ShowMore.js';
import { usePagedList } from '../../components/profile/use-paged-list.js';
import { PublicationActions } from '../../components/publication/PublicationActions.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { type PublicationFrameData } from '../../components/publication/publication-key.js';
import { PUBLICATION_SECTION_QUERY } from '../../graphql/publication-design-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import styles from './PublicationHomePage.module.css';
import { sectionVariables } from './section-variables.js';

export interface SectionPageData {
  collection:
    | (PublicationFrameData & {
        homepageSection: { id: string; title: string; source: string; tags: string[] } | null;
        homepageSectionPosts: { posts: PostPreview[]; next: string | null } | null;
      })
    | null;
}


/** /{slug}/home/{sectionId} (community-publication-feature-section): every story of one homepage section, paged. */
export default function PublicationSectionPage({ params }: PageProps) {
  const publication = usePageQuery<SectionPageData>(PUBLICATION_SECTION_QUERY, sectionVariables(params))?.collection ?? null;
  const list = usePagedList<PostPreview>(
    PUBLICATION_SECTION_QUERY,
    (after) => sectionVariables(params, after),
    (data) => {
      const page = (data as SectionPageData | undefined)?.collection?.homepageSectionPosts;
      return page ? { items: page.posts, next: page.next } : null;
    },
  );
  if (!publication?.homepageSection) return null;
  const section = publication.homepageSection;
  return (
    <div className={styles.main}>
      <PublicationMasthead publication={publication} actions={<PublicationActions publication={publication} />} />
      <h1 className={styles.pageTitle}>{section.title || (section.source === 'FEATURED' ? 'Featured' : 'Stories')}</h1>
      {list.items.length === 0 ? <p className={styles.empty}>No stories here yet.</p> : list.items.map((p) => <PostCard key={p.id} post={p} />)}
      <ShowMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={() => void list.more()} />
    </div>
  );
}
