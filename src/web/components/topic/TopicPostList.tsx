import type { DocumentNode } from 'graphql';
import { LoadingButton } from '../loading-button/LoadingButton.js';
import { PostCard, type PostPreview } from '../post-card/PostCard.js';
import styles from './topic.module.css';
import { useMorePages, type Page } from './use-more.js';

/** A tag's stories as cards, with 'Show more' for the next pages. */
export function TopicPostList(props: {
  first: Page<PostPreview> | null | undefined;
  query: DocumentNode;
  variables: Record<string, unknown>;
  pick: (data: unknown) => Page<PostPreview> | null | undefined;
  empty: string;
}) {
  const { items, hasMore, loading, showMore } = useMorePages(props.first, props.query, props.variables, props.pick);
  if (items.length === 0) return <p className={styles.empty}>{props.empty}</p>;
  return (
    <>
      <div data-testid="topic-stories-list">
        {items.map((p) => (
          <PostCard key={p.id} post={p} />
        ))}
      </div>
      {hasMore && (
        <div className={styles.more}>
          <LoadingButton variant="outline" loading={loading} onClick={() => void showMore()}>
            Show more
          </LoadingButton>
        </div>
      )}
    </>
  );
}
