import { useEffect, useId, useState } from 'react';
import { useBrowserData } from '../apollo/browser-data-context.js';
import { LoadingButton } from '../components/loading-button/index.js';
import { Modal } from '../components/modal/index.js';
import { PostBody } from '../components/post-body/index.js';
import { POST_REVISIONS_QUERY } from '../graphql/editor-operations.js';
import { formatDate } from '../../shared/format.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { callQuery, fromParagraphResult } from './server-calls.js';
import styles from './history.module.css';

export interface Revision {
  rev: number;
  title: string;
  subtitle: string;
  createdAt: number;
  publishedAt: number | null;
  paragraphs: Paragraph[];
}

export interface RevisionHistoryProps {
  postId: string;
  /** The revision the editor holds now. */
  latestRev: number;
  /** Open on this revision (the revert route's versionId). */
  initialRev?: number | null;
  /** The revert route's baseRev: the latest revision when its link was made. */
  linkBaseRev?: number | null;
  onClose(): void;
  /** Restores `revision` as a new revision; resolves to an error to show, or null when done. */
  onRestore(revision: Revision): Promise<string | null>;
}

const time = (ms: number) => `${formatDate(ms, { timeZone: 'local', omitCurrentYear: true })}, ${new Date(ms).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`;

/** Revision history: every save batch, newest first, shown as readers would see it, with Restore. */
export function RevisionHistory({ postId, latestRev, initialRev, linkBaseRev, onClose, onRestore }: RevisionHistoryProps) {
  const loadData = useBrowserData();
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(initialRev ?? null);
  const [restoring, setRestoring] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    void callQuery<{ postRevisions: Record<string, unknown>[] }>(loadData, POST_REVISIONS_QUERY, { postId }).then((r) => {
      if (!live) return;
      if (!r.ok) return setLoadError(r.offline ? 'The history could not be loaded: you appear to be offline.' : r.message);
      const list = r.value.postRevisions.map((raw) => ({ ...(raw as unknown as Revision), paragraphs: ((raw.paragraphs as Record<string, unknown>[]) ?? []).map(fromParagraphResult) }));
      setRevisions(list);
      setSelected((s) => (s !== null && list.some((x) => x.rev === s) ? s : (list[0]?.rev ?? null)));
    });
    return () => {
      live = false;
    };
  }, [loadData, postId]);

  // The address names the version shown, so it can be shared or reopened.
  useEffect(() => {
    if (selected !== null) window.history.replaceState(window.history.state, '', `/p/${postId}/revert/${selected}/${latestRev}`);
  }, [postId, selected, latestRev]);

  const close = () => {
    window.history.replaceState(window.history.state, '', `/p/${postId}/edit`);
    onClose();
  };

  const shown = revisions?.find((r) => r.rev === selected) ?? null;
  const newest = revisions?.[0]?.rev ?? latestRev;

  const restore = async () => {
    if (!shown) return;
    setRestoring(true);
    setError(null);
    const problem = await onRestore(shown);
    setRestoring(false);
    if (problem) setError(problem);
  };

  return (
    <Modal isVisible onClose={close} aria-labelledby={headingId} className={styles.dialog} overlayClassName={styles.overlay}>
      <div className={styles.layout}>
        <nav className={styles.list} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.heading}>
            Revision history
          </h2>
          {loadError && <p role="alert">{loadError}</p>}
          {!revisions && !loadError && <p className={styles.muted}>Loading…</p>}
          <ol aria-label="Revisions">
            {revisions?.map((r) => (
              <li key={r.rev}>
                <button type="button" className={r.rev === selected ? styles.itemActive : styles.item} aria-current={r.rev === selected ? 'true' : undefined} onClick={() => setSelected(r.rev)}>
                  <span className={styles.itemTime}>{time(r.createdAt)}</span>
                  <span className={styles.itemMeta}>
                    Revision {r.rev}
                    {r.rev === newest ? ' · Current' : ''}
                    {r.publishedAt ? ' · Published' : ''}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <section className={styles.preview} aria-label="Revision preview">
          {linkBaseRev != null && linkBaseRev < newest && (
            <p className={styles.notice}>This story changed after this link was made: it is now at revision {newest}. Restoring makes a new revision on top of it.</p>
          )}
          {shown && (
            <>
              <div className={styles.previewBar}>
                <span className={styles.muted}>
                  Revision {shown.rev} · {time(shown.createdAt)}
                </span>
                <LoadingButton variant="accent" size="small" loading={restoring} loadingLabel="Restoring" disabled={shown.rev === newest} onClick={() => void restore()}>
                  Restore this version
                </LoadingButton>
              </div>
              {error && (
                <p className={styles.error} role="alert">
                  {error}
                </p>
              )}
              <h1 className={styles.title}>{shown.title || 'Untitled story'}</h1>
              {shown.subtitle && <p className={styles.subtitle}>{shown.subtitle}</p>}
              <PostBody paragraphs={shown.paragraphs} className={styles.body} />
            </>
          )}
        </section>
      </div>
    </Modal>
  );
}
