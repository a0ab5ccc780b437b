import { useRef, useState } from 'react';
import { LIMITS } from '../../../../shared/constants.js';
import { formatCount, formatDate } from '../../../../shared/format.js';
import { imageUrl } from '../../../../shared/images.js';
import { useSite } from '../../../app-context.js';
import { Avatar } from '../../../components/avatar/index.js';
import { ClapButton } from '../../../components/clap-button/index.js';
import { Popover } from '../../../components/popover/index.js';
import { InlineText } from '../../../components/post-body/index.js';
import { useToast } from '../../../components/toast/index.js';
import { Link } from '../../../router/Link.js';
import { useNavigation } from '../../../router/navigation.js';
import { useServerFragment } from '../../../lib/server-fragments.js';
import { ResponseEditor } from './ResponseEditor.js';
import type { PagingInfo, ResponsePost, ResponsesApi } from './responses-api.js';
import { RespondSignIn } from './RespondSignIn.js';
import styles from './responses.module.css';
import { profileHref } from '../../../lib/profile-href.js';

export interface ResponseItemProps {
  post: ResponsePost;
  /** Author of the post this one answers: the one who may hide it. */
  parentCreatorId: string;
  api: ResponsesApi;
  /** False when the story's discussion is closed: no Reply. */
  canReply: boolean;
  /** A reply to the deepest level joins this response's own thread (server rule). */
  onReplyToThread(reply: ResponsePost): void;
  /** The story's count of visible responses moved (a reply, a hide, an unhide). */
  onCount(delta: number): void;
}


/** Replies shown under a response: the preloaded first ones, then pages loaded on demand. */
function useReplies(post: ResponsePost, api: ResponsesApi) {
  const [replies, setReplies] = useState<ResponsePost[]>(post.threadedReplies?.posts ?? []);
  const [paging, setPaging] = useState<PagingInfo | null>(post.threadedReplies?.pagingInfo ?? null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const add = (reply: ResponsePost) => setReplies((list) => (list.some((r) => r.id === reply.id) ? list : [...list, reply]));
  const loadMore = async () => {
    if (loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await api.replies(post.id, paging?.next?.to ?? null);
      if (!page) throw new Error('no page');
      setReplies((list) => [...list, ...page.posts.filter((p) => !list.some((r) => r.id === p.id))]);
      setPaging(page.pagingInfo);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  // Replies exist that are not shown: none loaded yet (a deeper reply), or a next page.
  const more = paging ? paging.next !== null : post.postResponses.count > replies.length;
  return { replies, add, loadMore, loading, failed, more };
}

/** Everything a response's article shows (not its replies, which are items of their own). */
const responseKey = (post: ResponsePost) => ({
  id: post.id,
  mediumUrl: post.mediumUrl,
  firstPublishedAt: post.firstPublishedAt,
  clapCount: post.clapCount,
  viewerClapCount: post.viewerClapCount,
  creator: post.creator,
  inResponseToQuote: post.inResponseToQuote,
  paragraphs: post.content.bodyModel.paragraphs,
});

/** One response: its writer, text and claps, the author's menu, Reply, and its replies. */
export function ResponseItem({ post, parentCreatorId, api, canReply, onReplyToThread, onCount }: ResponseItemProps) {
  const { viewer } = useSite();
  const navigation = useNavigation();
  const toast = useToast();
  const [hidden, setHidden] = useState(post.isHiddenByParentAuthor);
  const [replying, setReplying] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement | null>(null);
  const thread = useReplies(post, api);
  const mayHide = viewer?.id === parentCreatorId;
  const deepest = post.responseDepth >= LIMITS.threadDepth;
  const paragraphs = post.content.bodyModel.paragraphs;

  const changeHidden = async (hide: boolean) => {
    const ok = await api.setHidden(post.inResponseToPostId ?? '', post.id, hide);
    if (!ok) {
      toast.show({ message: 'Something went wrong. Please try again.', toastStyle: 'ERROR' });
      return;
    }
    setHidden(hide);
    // The response and the replies under it leave (or rejoin) the story's count.
    const weight = 1 + post.postResponses.count;
    onCount(hide ? -weight : weight);
    if (hide) {
      toast.show({ message: 'This response is now hidden.', extraParams: { action: { label: 'Undo', onClick: () => void changeHidden(false) } } });
    }
  };

  const publishReply = async (paragraphsIn: Parameters<ResponsesApi['publish']>[1]) => {
    const result = await api.publish(post.id, paragraphsIn, null);
    if (typeof result === 'string') return result;
    setReplying(false);
    onCount(1);
    if (deepest) onReplyToThread(result);
    else thread.add(result);
    toast.show({ message: 'Your response was published.', toastStyle: 'SUCCESS' });
    return null;
  };

  const name = post.creator.name;
  const article = () => (
    <>
      <header className={styles.itemHeader}>
        <Link href={profileHref(post.creator)} aria-label={name}>
          <Avatar username={post.creator.username} name={name} imageUrl={post.creator.imageId ? imageUrl(post.creator.imageId, 64) : null} size="XS" alt="" />
        </Link>
        <div className={styles.byline}>
          <Link href={profileHref(post.creator)} className={styles.writer}>
            {name}
          </Link>
          {post.firstPublishedAt && (
            <a href={post.mediumUrl} className={styles.date}>
              <time dateTime={new Date(post.firstPublishedAt).toISOString()}>{formatDate(post.firstPublishedAt)}</time>
            </a>
          )}
        </div>
        {mayHide && (
          <div className={styles.menu}>
            <button ref={menuButton} type="button" className={styles.menuButton} aria-label="Response options" aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
              <span aria-hidden="true">···</span>
            </button>
            <Popover isVisible={menuOpen} anchorRef={menuButton} onHide={() => setMenuOpen(false)} role="menu" aria-label="Response options" placement="bottom" align="end">
              <button
                type="button"
                role="menuitem"
                className={styles.menuItem}
                onClick={() => {
                  setMenuOpen(false);
                  void changeHidden(true);
                }}
              >
                Hide response
              </button>
            </Popover>
          </div>
        )}
      </header>
      {post.inResponseToQuote && <blockquote className={`${styles.quote} ${styles.itemQuote}`}>{post.inResponseToQuote.text}</blockquote>}
      <div className={styles.text}>
        {paragraphs.map((p, i) => (
          <p key={`${i}-${p.name}`}>
            <InlineText text={p.text} markups={p.markups} />
          </p>
        ))}
      </div>
      <footer className={styles.itemFooter}>
        <ClapButton postId={post.id} creatorId={post.creator.id} clapCount={post.clapCount} viewerClapCount={post.viewerClapCount} />
        {canReply &&
          (viewer ? (
            <button type="button" className={styles.linkButton} onClick={() => setReplying(true)} aria-expanded={replying}>
              Reply
            </button>
          ) : (
            <RespondSignIn className={styles.linkButton}>Reply</RespondSignIn>
          ))}
      </footer>
    </>
  );
  // For a signed-out reader the response reads the same for everyone on this page until it
  // changes (its claps, its text): on the server it is rendered once and kept
  // (server-fragments.ts, docs/adr/0008). Its sign-up link returns to this page: the path is in the key.
  const kept = useServerFragment(() => ['response', responseKey(post), canReply, navigation.pathname + navigation.search], article, viewer === null && !hidden);
  if (hidden) {
    return (
      <li className={styles.item} data-testid="response" data-response-id={post.id}>
        <div className={styles.hiddenNotice}>
          <span>You hid a response by {post.creator.name}.</span>
          <button type="button" className={styles.linkButton} onClick={() => void changeHidden(false)}>
            Unhide
          </button>
        </div>
      </li>
    );
  }

  return (
    <li className={styles.item} data-testid="response" data-response-id={post.id}>
      <article aria-label={`Response by ${name}`} dangerouslySetInnerHTML={kept === null ? undefined : { __html: kept }}>
        {kept === null ? article() : undefined}
      </article>
      {replying && (
        <div className={styles.replyEditor}>
          <ResponseEditor placeholder={`Reply to ${name}`} startOpen submitLabel="Reply" onCancel={() => setReplying(false)} onSubmit={publishReply} />
        </div>
      )}
      {(thread.replies.length > 0 || thread.more) && (
        <div className={styles.replies}>
          {thread.replies.length > 0 && (
            <ol className={styles.list} aria-label={`Replies to ${name}`}>
              {thread.replies.map((reply) => (
                <ResponseItem key={reply.id} post={reply} parentCreatorId={post.creator.id} api={api} canReply={canReply} onReplyToThread={thread.add} onCount={onCount} />
              ))}
            </ol>
          )}
          {thread.more && (
            <button type="button" className={styles.linkButton} onClick={() => void thread.loadMore()} disabled={thread.loading}>
              {thread.loading ? 'Loading replies…' : thread.replies.length > 0 ? 'Show more replies' : `Show replies (${formatCount(post.postResponses.count)})`}
            </button>
          )}
          {thread.failed && <p className={styles.error}>The replies could not be loaded. Please try again.</p>}
        </div>
      )}
    </li>
  );
}

