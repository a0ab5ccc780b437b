import { LibraryFrame } from '../../components/library-tabs/LibraryFrame.js';
import { LoadingButton } from '../../components/loading-button/LoadingButton.js';
import { CloseIcon } from '../../components/icons/index.js';
import { PostCard } from '../../components/post-card/PostCard.js';
import { READING_HISTORY_QUERY, HISTORY_PAGE_SIZE } from '../../graphql/reading-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { useMounted } from '../../lib/use-mounted.js';
import { Link } from '../../router/Link.js';
import side from '../customize-following/customize.module.css';
import { ClearHistoryButton } from './ClearHistoryButton.js';
import { groupByDay } from './history-days.js';
import { useHistoryItems, type HistoryPageData } from './use-history-items.js';
import styles from './reading-history.module.css';

interface Data {
  viewer: { id: string } | null;
  viewerReadingHistory: { paused: boolean; items: HistoryPageData } | null;
}

/**
 * /me/lists/reading-history (page id your-reading-history, a library tab): the stories the reader
 * read, newest first, by day (in the reader's time zone once the page runs in the browser; the
 * server's HTML uses UTC so hydration matches), each removable, 'Clear all', and 'Show more'.
 */
export default function YourReadingHistoryPage() {
  const data = usePageQuery<Data>(READING_HISTORY_QUERY, { limit: HISTORY_PAGE_SIZE });
  const history = useHistoryItems(data?.viewerReadingHistory?.items);
  const mounted = useMounted();
  if (!data?.viewer) return null;
  const paused = data.viewerReadingHistory?.paused ?? false;
  const groups = groupByDay(history.items, Date.now(), mounted ? 'local' : 'utc');

  return (
    <LibraryFrame tab="history">
      <div className={styles.toolbar}>
        <p className={styles.intro}>Stories you’ve read on this account, newest first.</p>
        <ClearHistoryButton onCleared={history.clearAll} disabled={history.items.length === 0} />
      </div>
      {paused && (
        <p className={styles.paused} role="status">
          Your reading history is paused: stories you read now are not added. <Link href="/me/readinghistory">Turn it back on</Link>
        </p>
      )}
      {groups.length === 0 ? (
        <p className={styles.empty}>No stories in your reading history. Stories you read will show up here.</p>
      ) : (
        groups.map((g) => (
          <section key={g.label} className={styles.day} aria-label={g.label}>
            <h2 className={styles.dayHeading}>{g.label}</h2>
            <ul className={styles.list}>
              {g.entries.map((item) => (
                <li key={item.post.id} className={styles.row}>
                  <div className={styles.card}>
                    <PostCard post={item.post} compact />
                  </div>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={`Remove ${item.post.title || 'this story'} from your reading history`}
                    title="Remove from reading history"
                    onClick={() => void history.remove(item.post.id)}
                  >
                    <CloseIcon size={20} />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {history.hasMore && (
        <LoadingButton variant="outline" className={styles.more} loading={history.loading} loadingLabel="Loading" onClick={() => void history.loadMore()}>
          Show more
        </LoadingButton>
      )}
    </LibraryFrame>
  );
}

export function Sidebar() {
  return (
    <aside className={side.side}>
      <h2 className={side.sideHeading}>Your reading history</h2>
      <p className={side.sideText}>Only you can see it. It helps us recommend stories; pause it whenever you like.</p>
      <Link href="/me/readinghistory" className={side.sideLink}>
        Manage reading history
      </Link>
    </aside>
  );
}
