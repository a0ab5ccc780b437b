import type { ReactNode } from 'react';
import { PostCard } from '../post-card/PostCard.js';
import { TOMBSTONE_TEXT, type CatalogPageItem } from './catalog-types.js';
import styles from './catalog-page.module.css';

/**
 * One story of a list: its card with the list's note under it, or its tombstone when the story
 * was deleted or made private ('This story is no longer available', with the title it had for
 * the list's owner). `note` replaces the plain note (the owner's page edits it there).
 */
export function CatalogItemCard({ item, note, tools }: { item: CatalogPageItem; note?: ReactNode; tools?: ReactNode }) {
  return (
    <div className={styles.item}>
      {tools}
      <div className={styles.itemBody}>
        {item.post ? (
          <PostCard post={item.post} />
        ) : (
          <div className={styles.tombstone} data-testid="catalog-tombstone">
            <p>{TOMBSTONE_TEXT}</p>
            {item.tombstoneTitle && <p className={styles.tombstoneTitle}>{item.tombstoneTitle}</p>}
          </div>
        )}
        {note ?? (item.note ? <CatalogNote text={item.note} /> : null)}
      </div>
    </div>
  );
}

/** The owner's note on a story, as the list shows it. */
export function CatalogNote({ text }: { text: string }) {
  return (
    <blockquote className={styles.note} data-testid="catalog-note">
      {text}
    </blockquote>
  );
}
