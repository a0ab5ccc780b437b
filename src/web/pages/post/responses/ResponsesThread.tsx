import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '../../../../shared/constants.js';
import { formatCount } from '../../../../shared/format.js';
import { imageUrl } from '../../../../shared/images.js';
import { useSite } from '../../../app-context.js';
import { Avatar } from '../../../components/avatar/index.js';
import { useToast } from '../../../components/toast/index.js';
import { ResponseEditor } from './ResponseEditor.js';
import { ResponseItem } from './ResponseItem.js';
import type { PagingInfo, ResponsePost, ResponsesApi, ResponseSortType } from './responses-api.js';
import type { ParagraphInputValue } from './response-text.js';
import { RespondSignIn } from './RespondSignIn.js';
import styles from './responses.module.css';

export interface ResponsesPage {
  responsesCount: number;
  posts: ResponsePost[];
  pagingInfo: PagingInfo;
}

export interface ResponsesThreadProps {
  /** The first page, server-rendered; read once, when the thread mounts. */
  first: ResponsesPage | null | undefined;
  /** Replies, hiding and showing (ResponseItem). */
  api: ResponsesApi;
  /** A page of the top-level responses; stable between renders (useCallback). */
  loadPage(sortType: ResponseSortType, to: string | null): Promise<ResponsesPage | null>;
  /** Publishes a top-level response: the new response, or the message to show. */
  publish(paragraphs: ParagraphInputValue[]): Promise<ResponsePost | string>;
  /** Whoever may hide the top-level responses: the story's author, the list's owner. */
  parentCreatorId: string;
  /** False when the discussion is closed: no editor, no Reply. */
  open: boolean;
  closedNotice: string;
  /** The discussion's visible responses, as the page knows it. */
  count: number;
  changeCount(change: (n: number) => number): void;
  /** The editor starts open, with the caret in it. */
  compose?: boolean;
  /** A highlighted passage the new response answers. */
  quote?: string;
  /** Shown beside the heading (a list's clap button). */
  aside?: ReactNode;
}

const SORT_LABELS: Record<ResponseSortType, string> = { MOST_RELEVANT: 'Most relevant', MOST_RECENT: 'Most recent' };

/** Appends a page, keeping the first copy of a response already shown (cursor pages may overlap). */
const merge = (list: ResponsePost[], more: ResponsePost[]) => [...list, ...more.filter((p) => !list.some((q) => q.id === p.id))];

/**
 * A discussion (spec §7 threaded responses, §9 page size 10, depth 3), of a story or of a
 * list: the editor, the sort, the list, and the next page loaded as the reader scrolls
 * within 1.5 viewport heights of its end.
 */
export function ResponsesThread({ first, api, loadPage, publish, parentCreatorId, open, closedNotice, count, changeCount, compose = false, quote, aside }: ResponsesThreadProps) {
  const { viewer } = useSite();
  const toast = useToast();
  const [sort, setSort] = useState<ResponseSortType>('MOST_RELEVANT');
  const [posts, setPosts] = useState<ResponsePost[]>(first?.posts ?? []);
  const [paging, setPaging] = useState<PagingInfo>(first?.pagingInfo ?? { next: null });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement | null>(null);
  // The request in flight: a new sort drops the pages of the old one.
  const generation = useRef(0);

  const load = useCallback(
    async (sortType: ResponseSortType, to: string | null) => {
      const mine = ++generation.current;
      setLoading(true);
      setFailed(false);
      try {
        const page = await loadPage(sortType, to);
        if (mine !== generation.current) return;
        if (!page) throw new Error('no page');
        setPosts((list) => (to ? merge(list, page.posts) : page.posts));
        setPaging(page.pagingInfo);
        changeCount(() => page.responsesCount);
      } catch {
        if (mine === generation.current) setFailed(true);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [loadPage, changeCount],
  );

  const next = paging.next?.to ?? null;
  // A new observer per page: its first report says whether the end is already near.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !next || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void load(sort, next), {
      rootMargin: `0px 0px ${LIMITS.scrollLoadViewports * 100}% 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [next, loading, failed, sort, load]);

  const submit = async (paragraphs: ParagraphInputValue[]) => {
    const result = await publish(paragraphs);
    if (typeof result === 'string') return result;
    setPosts((list) => [result, ...list]);
    changeCount((n) => n + 1);
    toast.show({ message: 'Your response was published.', toastStyle: 'SUCCESS' });
    return null;
  };

  const addToThread = (reply: ResponsePost) => setPosts((list) => (list.some((p) => p.id === reply.id) ? list : [...list, reply]));

  return (
    <div className={styles.section} data-testid="responses">
      <div className={aside ? styles.headingRow : undefined}>
        <h2 className={styles.heading}>Responses ({formatCount(count)})</h2>
        {aside}
      </div>
      {!open ? (
        <p className={styles.closed}>{closedNotice}</p>
      ) : viewer ? (
        <ResponseEditor
          placeholder="What are your thoughts?"
          startOpen={compose}
          quote={quote}
          onSubmit={submit}
          header={
            <div className={styles.editorHeader}>
              <Avatar username={viewer.username} name={viewer.name} imageUrl={viewer.imageId ? imageUrl(viewer.imageId, 64) : null} size="XS" alt="" />
              <span>{viewer.name}</span>
            </div>
          }
        />
      ) : (
        <RespondSignIn className={styles.prompt}>What are your thoughts?</RespondSignIn>
      )}
      {(posts.length > 0 || sort !== 'MOST_RELEVANT') && (
        <label className={styles.sort}>
          <span className={styles.visuallyHidden}>Sort responses</span>
          <select
            value={sort}
            onChange={(e) => {
              const value = e.target.value as ResponseSortType;
              setSort(value);
              void load(value, null);
            }}
          >
            {(Object.keys(SORT_LABELS) as ResponseSortType[]).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      )}
      <ol className={styles.list} aria-label="Responses" aria-busy={loading || undefined}>
        {posts.map((post) => (
          <ResponseItem key={post.id} post={post} parentCreatorId={parentCreatorId} api={api} canReply={open} onReplyToThread={addToThread} onCount={(d) => changeCount((n) => Math.max(0, n + d))} />
        ))}
      </ol>
      <div ref={sentinel} />
      {failed && <p className={styles.error}>The responses could not be loaded.</p>}
      {next && (
        <button type="button" className={styles.moreButton} onClick={() => void load(sort, next)} disabled={loading}>
          {loading ? 'Loading responses…' : failed ? 'Try again' : 'See more responses'}
        </button>
      )}
    </div>
  );
}
