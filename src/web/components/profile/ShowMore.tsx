import { LoadingButton } from '../loading-button/index.js';
import styles from './profile.module.css';

/** 'Show more' under a paged list; says so when a page failed to load. */
export function ShowMore({ hasMore, loading, failed, onMore }: { hasMore: boolean; loading: boolean; failed: boolean; onMore(): void }) {
  if (!hasMore) return null;
  return (
    <div className={styles.showMore}>
      {failed && (
        <p className={styles.error} role="alert">
          That didn’t load. Please try again.
        </p>
      )}
      <LoadingButton variant="outline" loading={loading} onClick={onMore}>
        Show more
      </LoadingButton>
    </div>
  );
}
