import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../../shared/constants.js';
import { formatCount } from '../../../../shared/format.js';
import { imageUrl } from '../../../../shared/images.js';
import { useSite } from '../../../app-context.js';
import { Avatar } from '../../../components/avatar/index.js';
import { useToast } from '../../../components/toast/index.js';
import { THREADED_POST_RESPONSES_QUERY } from '../../../graphql/responses-operations.js';
import { usePageQuery } from '../../../graphql/use-page-query.js';
import { ResponseEditor } from './ResponseEditor.js';
import { ResponseItem } from './ResponseItem.js';
import { firstPageVariables } from './first-page.js';
import { useResponsesApi, type PagingInfo, type ResponsePost, type ResponseSortType, type ResponsesPageData } from './responses-api.js';
import type { ParagraphInputValue } from './response-text.js';
import { RespondSignIn } from './RespondSignIn.js';
import { responseCounts, useResponseCount } from '../response-count.js';
import styles from './responses.module.css';

export interface ResponsesSectionProps {
  postId: string;
  /** The story's author: may hide responses to it. */
  postCreatorId: string;
  allowResponses: boolean;
  /** /p/{postId}/responses/new: the editor starts open, with the caret in it. */
  compose?: boolean;
  /** A highlighted passage the new response answers (?quote=). */
  quote?: { id: string; text: string } | null;
}

const SORT_LABELS: Record<ResponseSortType, string> = { MOST_RELEVANT: 'Most relevant', MOST_RECENT: 'Most recent' };
export const CLOSED_NOTICE = 'The author has closed discussion for this story.';

/** Appends a page, keeping the first copy of a response already shown (cursor pages may overlap). */
const merge = (list: ResponsePost[], more: ResponsePost[]) => [...list, ...more.filter((p) => !list.some((q) => q.id === p.id))];

/**
 * The responses under a story (spec §7 threaded responses, §9 page size 10, depth 3): the
 * editor, the sort, the list, and the next page loaded as the reader scrolls within 1.5
 * viewport heights of its end. The first page comes with the page (server-rendered).
 */
export function ResponsesSection({ postId, postCreatorId, allowResponses, compose = false, quote = null }: ResponsesSectionProps) {
  const { viewer } = useSite();
  const toast = useToast();
  const api = useResponsesApi();
  const first = usePageQuery<ResponsesPageData>(THREADED_POST_RESPONSES_QUERY, firstPageVariables(postId))?.threadedPostResponses;
  const [sort, setSort] = useState<ResponseSortType>('MOST_RELEVANT');
  const [posts, setPosts] = useState<ResponsePost[]>(first?.posts ?? []);
  const [paging, setPaging] = useState<PagingInfo>(first?.pagingInfo ?? { next: null });
  // Shared with the action bars (response-count.ts), so theirs moves with this one.
  const fetchedCount = first?.responsesCount ?? 0;
  const count = useResponseCount(postId, fetchedCount);
  const changeCount = useCallback((change: (n: number) => number) => responseCounts.set(postId, change(responseCounts.get(postId) ?? fetchedCount)), [postId, fetchedCount]);
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
        const page = await api.page(postId, sortType, to);
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
    [api, postId, changeCount],
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

  const publish = async (paragraphs: ParagraphInputValue[]) => {
    const result = await api.publish(postId, paragraphs, quote?.id ?? null);
    if (typeof result === 'string') return result;
    setPosts((list) => [result, ...list]);
    changeCount((n) => n + 1);
    toast.show({ message: 'Your response was published.', toastStyle: 'SUCCESS' });
    return null;
  };

  const addToThread = (reply: ResponsePost) => setPosts((list) => (list.some((p) => p.id === reply.id) ? list : [...list, reply]));

  return (
    <div className={styles.section} data-testid="responses">
      <h2 className={styles.heading}>Responses ({formatCount(count)})</h2>
      {!allowResponses ? (
        <p className={styles.closed}>{CLOSED_NOTICE}</p>
      ) : viewer ? (
        <ResponseEditor
          placeholder="What are your thoughts?"
          startOpen={compose}
          quote={quote?.text}
          onSubmit={publish}
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
          <ResponseItem key={post.id} post={post} parentCreatorId={postCreatorId} api={api} canReply={allowResponses} onReplyToThread={addToThread} onCount={(d) => changeCount((n) => Math.max(0, n + d))} />
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
