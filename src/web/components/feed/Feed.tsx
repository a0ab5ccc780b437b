import { useEffect, useRef, type ReactNode } from 'react';
import { FeedPostCard } from '../post-card/FeedPostCard.js';
import { useCardActions } from '../post-card/use-card-actions.js';
import type { useFeed } from './use-feed.js';
import styles from './feed.module.css';

type FeedState = ReturnType<typeof useFeed>;

/**
 * A feed's cards with infinite scroll: when the end of the list comes near the viewport,
 * the next page loads (a 'Show more' button stays for keyboards and as a fallback).
 */
export function Feed({ feed, empty, label }: { feed: FeedState; empty: ReactNode; label: string }) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const actions = useCardActions({ onHidden: feed.hide, onRestored: feed.unhide, onAuthorMuted: feed.muteAuthor });
  const { more, hasMore } = feed;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [more, hasMore]);

  if (!feed.started) {
    return feed.status === 'failed' ? <Retry onRetry={feed.retry} /> : <Skeleton />;
  }
  if (feed.items.length === 0 && !feed.hasMore) return <div className={styles.empty}>{empty}</div>;
  return (
    <section aria-label={label} aria-busy={feed.status === 'loading'}>
      {feed.items.map((item) => (
        <FeedPostCard
          key={item.post.id}
          post={item.post}
          actions={{
            postFeedReason: item.source.postFeedReason,
            canPick: feed.viewerIsStaff,
            onShowLess: () => void actions.showLess(item.post.id),
            onMuteAuthor: () => void actions.muteAuthor(item.post.creator),
            onStaffPick: (picked) => void actions.setStaffPick(item.post.id, picked),
          }}
        />
      ))}
      <div ref={sentinel} />
      {feed.status === 'loading' && <Skeleton count={1} />}
      {feed.status === 'failed' && <Retry onRetry={feed.retry} />}
      {feed.hasMore && feed.status === 'idle' && (
        <button type="button" className={styles.more} onClick={feed.more}>
          Show more
        </button>
      )}
    </section>
  );
}

function Skeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading stories" className={styles.skeletons}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeleton}>
          <div className={styles.lineShort} />
          <div className={styles.lineLong} />
          <div className={styles.lineMid} />
        </div>
      ))}
    </div>
  );
}

function Retry({ onRetry }: { onRetry(): void }) {
  return (
    <p className={styles.failed} role="alert">
      Stories could not be loaded.{' '}
      <button type="button" className={styles.retry} onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
