import type { PostPreview } from '../../components/post-card/PostCard.js';
import { FeedPostCard } from '../../components/post-card/FeedPostCard.js';
import { useCardActions } from '../../components/post-card/use-card-actions.js';
import { TOP_STORIES_QUERY } from '../../graphql/feeds-operations.js';
import { topStoriesVariables } from '../home/page-defs.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import styles from './TopStoriesPage.module.css';

export interface TopStoriesData {
  viewerIsStaff: boolean;
  topStories: { day: string; monthDayYearSlug: string; previousDaySlug: string; nextDaySlug: string | null; posts: PostPreview[] } | null;
}

const dayTitle = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

/**
 * /top-stories[/{monthDayYearSlug}] (page id top-stories; /browse/top redirects here):
 * the stories that received the most claps on a day, with links to the days around it.
 */
export default function TopStoriesPage({ params }: PageProps) {
  const data = usePageQuery<TopStoriesData>(TOP_STORIES_QUERY, topStoriesVariables(params));
  // A story picked or unpicked here keeps its place; hiding and muting act on feeds.
  const actions = useCardActions({});
  const top = data?.topStories;
  if (!top) return null;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Top stories</h1>
        <p className={styles.day}>{dayTitle(top.day)}</p>
        <nav className={styles.days} aria-label="Other days">
          <Link href={`/top-stories/${top.previousDaySlug}`} className={styles.dayLink} rel="prev">
            ← Previous day
          </Link>
          {top.nextDaySlug && (
            <Link href={`/top-stories/${top.nextDaySlug}`} className={styles.dayLink} rel="next">
              Next day →
            </Link>
          )}
        </nav>
      </header>
      {top.posts.length === 0 ? (
        <p className={styles.empty}>No story received claps on this day.</p>
      ) : (
        <ol className={styles.list}>
          {top.posts.map((p, i) => (
            <li key={p.id} className={styles.item}>
              <span className={styles.rank} aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <div className={styles.card}>
                <FeedPostCard
                  post={p}
                  actions={{
                    canPick: data.viewerIsStaff,
                    onShowLess: () => void actions.showLess(p.id),
                    onMuteAuthor: () => void actions.muteAuthor(p.creator),
                    onStaffPick: (picked) => void actions.setStaffPick(p.id, picked),
                  }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
