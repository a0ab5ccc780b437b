import type { MouseEvent } from 'react';
import { useSite } from '../app-context.js';
import { Link } from '../router/Link.js';
import type { SaveStatus } from './autosave.js';
import styles from './editor.module.css';

/** The header's save state: quiet while all is well, a warning that stays while it is not. */
export function statusText(status: SaveStatus): { text: string; warning: boolean } {
  switch (status.state) {
    case 'idle':
      return { text: '', warning: false };
    case 'dirty':
    case 'saving':
      return { text: 'Saving…', warning: false };
    case 'saved':
      return { text: 'Saved', warning: false };
    case 'retrying':
    case 'failed':
      return { text: status.message, warning: true };
    case 'conflict':
      return { text: 'Not saved', warning: true };
  }
}

export interface EditorHeaderProps {
  status: SaveStatus;
  isPublished: boolean;
  canPublish: boolean;
  showHistory: boolean;
  onHistory(): void;
  onPublish(): void;
  /** A link out of the editor: saves first. */
  onLeave(e: MouseEvent<HTMLAnchorElement>, href: string): void;
}

/** Medium's editor header: the wordmark, where the draft is, its save state, History and Publish. */
export function EditorHeader({ status, isPublished, canPublish, showHistory, onHistory, onPublish, onLeave }: EditorHeaderProps) {
  const { siteName, viewer } = useSite();
  const { text, warning } = statusText(status);
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <div className={styles.headerStart}>
          <Link href="/" className={styles.wordmark} onClick={(e) => onLeave(e, '/')}>
            {siteName}
          </Link>
          <span className={styles.draftIn}>{isPublished ? 'Editing a published story' : `Draft in ${viewer?.name ?? 'your stories'}`}</span>
          <span className={warning ? styles.statusWarning : styles.status} role="status" aria-live="polite" data-save-state={status.state}>
            {text}
          </span>
        </div>
        <div className={styles.headerActions}>
          {showHistory && (
            <button type="button" className={styles.textButton} onClick={onHistory}>
              History
            </button>
          )}
          <button type="button" className={styles.publishButton} disabled={!canPublish} onClick={onPublish}>
            {isPublished ? 'Save and publish' : 'Publish'}
          </button>
        </div>
      </div>
    </header>
  );
}
