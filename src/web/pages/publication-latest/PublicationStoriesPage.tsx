import type { PostPreview } from '../../components/post-card/PostCard.js';
import { PostCard } from '../../components/post-card/PostCard.js';
import { publicationBaseHere, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { TopicPostList } from '../../components/topic/TopicPostList.js';
import type { Page } from '../../components/topic/use-more.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { readerQuery, readerView } from '../publication-about/reader-pages.js';
import { PublicationFrame } from './PublicationFrame.js';
import styles from './publication-page.module.css';

type Collection = PublicationFrameData & {
  latestPosts?: Page<PostPreview>;
  postsPage?: { page?: number; pageCount: number; posts?: PostPreview[] } | null;
  trendingPosts?: PostPreview[];
  featuredStories?: PostPreview[];
  featurePage?: { title: string; description?: string; tags?: string[]; posts?: Page<PostPreview> } | null;
};

const latestOf = (data: unknown) => (data as { collection?: Collection | null } | undefined)?.collection?.latestPosts;
const featureOf = (data: unknown) => (data as { collection?: Collection | null } | undefined)?.collection?.featurePage?.posts;

/** Links to the numbered pages of /all (20 stories a page). */
function PageLinks({ base, page, pageCount }: { base: string; page: number; pageCount: number }) {
  if (pageCount < 2) return null;
  return (
    <nav className={styles.pages} aria-label="Pages">
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
        <Link key={n} href={`${base}/all/${n}`} aria-current={n === page ? 'page' : undefined}>
          {n}
        </Link>
      ))}
    </nav>
  );
}

function Cards({ posts, empty }: { posts: PostPreview[]; empty: string }) {
  if (posts.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div data-testid="publication-stories">
      {posts.map((p) => (
        <PostCard key={p.id} post={p} />
      ))}
    </div>
  );
}

/**
 * A publication's story lists: /latest and /all (newest, 'Show more'; /all/{page} numbered),
 * /trending, /featured, /tagged/{tag}, a feature page /{topicSlug}/home and its
 * /{featureSlug}/tagged/{tag}.
 */
export default function PublicationStoriesPage({ pageId, params }: PageProps) {
  const view = readerView(pageId, params);
  const { query, variables } = readerQuery(view, params);
  const pathname = useNavigation().pathname;
  const publication = usePageQuery<{ collection: Collection | null }>(query, variables)?.collection;
  if (!publication) return null;
  const base = publicationBaseHere(publication, pathname);
  const count = publication.postsPage?.pageCount ?? 1;

  switch (view.kind) {
    case 'all':
      return (
        <PublicationFrame publication={publication} current="/latest">
          <h1 className={styles.title}>All stories</h1>
          <p className={styles.subtitle}>
            Page {view.page} of {count}
          </p>
          <Cards posts={publication.postsPage?.posts ?? []} empty="No stories yet." />
          <PageLinks base={base} page={view.page} pageCount={count} />
        </PublicationFrame>
      );
    case 'trending':
      return (
        <PublicationFrame publication={publication} current="/trending">
          <h1 className={styles.title}>Trending in {publication.name}</h1>
          <p className={styles.subtitle}>The most clapped stories of the last 30 days.</p>
          <Cards posts={publication.trendingPosts ?? []} empty="No stories in the last 30 days." />
        </PublicationFrame>
      );
    case 'featured':
      return (
        <PublicationFrame publication={publication}>
          <h1 className={styles.title}>Featured</h1>
          <Cards posts={publication.featuredStories ?? []} empty="No featured stories yet." />
        </PublicationFrame>
      );
    case 'feature': {
      const feature = publication.featurePage;
      if (!feature) return null;
      return (
        <PublicationFrame publication={publication}>
          <h1 className={styles.title}>{feature.title}</h1>
          {feature.description && <p className={styles.subtitle}>{feature.description}</p>}
          <TopicPostList first={feature.posts} query={query} variables={variables} pick={featureOf} empty="No stories here yet." />
        </PublicationFrame>
      );
    }
    case 'tagged':
      return (
        <PublicationFrame publication={publication}>
          {publication.featurePage && (
            <p className={styles.subtitle}>
              <Link href={`${base}/${encodeURIComponent(view.feature ?? '')}/home`}>{publication.featurePage.title}</Link>
            </p>
          )}
          <h1 className={styles.title}>Stories tagged {view.tag}</h1>
          <TopicPostList first={publication.latestPosts} query={query} variables={variables} pick={latestOf} empty="No stories with this tag yet." />
        </PublicationFrame>
      );
    default: {
      const all = /\/all$/.test(pathname);
      return (
        <PublicationFrame publication={publication} current="/latest">
          <h1 className={styles.title}>{all ? 'All stories' : 'Latest'}</h1>
          <TopicPostList first={publication.latestPosts} query={query} variables={variables} pick={latestOf} empty="No stories yet." />
          {all && <PageLinks base={base} page={1} pageCount={count} />}
        </PublicationFrame>
      );
    }
  }
}
