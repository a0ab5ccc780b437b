import { useState } from 'react';
import { StarIcon } from '../../components/icons/index.js';
import { LoadingButton } from '../../components/loading-button/LoadingButton.js';
import { DeleteStoryDialog } from '../../components/trash/DeleteStoryDialog.js';
import { useMoveToTrash } from '../../components/trash/use-move-to-trash.js';
import type { YourStoryItem } from '../../components/trash/use-trash.js';
import { storyTitle } from '../../components/trash/your-stories-tabs.js';
import { Link } from '../../router/Link.js';
import { storyMetaParts } from './story-dates.js';
import styles from './YourStoriesPage.module.css';

interface StoryRowProps {
  item: YourStoryItem;
  /** The server's time of the list (asOf). */
  now: number;
  onRestore(): void;
  restoring: boolean;
}

/**
 * One story of Your stories: title, preview (for a response: the story it answers), dates and
 * reading time, visibility, and its actions (Edit and Delete; Restore in the trash).
 */
export function StoryRow({ item, now, onRestore, restoring }: StoryRowProps) {
  const [confirming, setConfirming] = useState(false);
  const moveToTrash = useMoveToTrash();
  const title = storyTitle(item.post.title);
  const inTrash = item.filterBy === 'deleted';
  // A draft opens in the editor; a published story on its page; the trash opens nothing.
  const href = inTrash ? null : item.filterBy === 'drafts' ? `/p/${item.id}/edit` : `/p/${item.id}`;
  const answered = item.post.inResponseToPost;
  // A response's title is its own opening words: its preview would say them a second time.
  const preview = answered ? null : item.previewText;

  return (
    <article className={styles.item} aria-label={title}>
      <h2 className={styles.title}>{href ? <Link href={href}>{title}</Link> : title}</h2>
      {answered && (
        <p className={styles.inResponseTo}>
          In response to <a href={answered.mediumUrl}>{storyTitle(answered.title)}</a>
        </p>
      )}
      {preview && <p className={styles.preview}>{preview}</p>}
      <div className={styles.meta}>
        {item.post.isLocked && !inTrash && (
          <span className={styles.badge} title="Member-only story">
            <StarIcon size={14} /> Member-only
          </span>
        )}
        {item.filterBy === 'unlisted' && <span className={styles.badge}>Unlisted</span>}
        {storyMetaParts(item, now).map((part, i) => (
          <span key={part} className={styles.metaPart}>
            {i > 0 && <span aria-hidden="true">· </span>}
            {part}
          </span>
        ))}
      </div>
      <div className={styles.actions}>
        {inTrash ? (
          <LoadingButton variant="outline" size="small" loading={restoring} loadingLabel="Restoring" onClick={onRestore}>
            Restore
          </LoadingButton>
        ) : (
          <>
            <Link href={`/p/${item.id}/edit`} className={styles.action}>
              Edit
            </Link>
            <button type="button" className={styles.actionDanger} onClick={() => setConfirming(true)}>
              Delete
            </button>
          </>
        )}
      </div>
      <DeleteStoryDialog isVisible={confirming} hide={() => setConfirming(false)} onConfirm={() => moveToTrash(item.id)} />
    </article>
  );
}
