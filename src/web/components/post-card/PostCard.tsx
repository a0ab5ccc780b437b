import { formatDate, formatReadingTime } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { useSite } from '../../app-context.js';
import { Avatar } from '../avatar/index.js';
import { ClapIcon, ResponseIcon } from '../icons/index.js';
import { IconCount, MemberOnlyMark } from './meta-marks.js';
import { Link } from '../../router/Link.js';
import { UserMention } from '../user-mention/index.js';
import type { ReactNode } from 'react';
import styles from './PostCard.module.css';
import { profileHref } from '../../lib/profile-href.js';
import { useServerFragment } from '../../lib/server-fragments.js';
import { SaveButton } from '../save/SaveButton.js';

/** The PostPreview_post fragment's shape (src/web/graphql/operations.ts). */
export interface PostPreview {
  id: string;
  title: string;
  uniqueSlug: string;
  firstPublishedAt: number | null;
  readingTime: number;
  clapCount: number;
  isLocked: boolean;
  postResponses: { count: number };
  previewImage: { id: string; alt?: string | null; originalWidth: number; originalHeight: number } | null;
  extendedPreviewContent: { subtitle: string };
  creator: { id: string; name: string; username: string | null; imageId: string | null };
  collection?: { id: string; name: string; slug: string } | null;
  /** Asked for by feeds (feeds-operations.ts), for staff's Add to / Remove from staff picks. */
  isStaffPick?: boolean;
}

/** A story's address: under its publication when it is in one (spec §2.3), else under its writer. */
export const postPath = (p: Pick<PostPreview, 'id' | 'uniqueSlug' | 'creator'> & { collection?: PostPreview['collection'] }) =>
  p.collection ? `/${p.collection.slug}/${p.uniqueSlug}` : p.creator.username ? `/@${p.creator.username}/${p.uniqueSlug}` : `/p/${p.id}`;

/**
 * A feed card's actions: its '...' menu (FeedPostCard fills it, so cards outside
 * feeds, such as the story page's 'More from', carry none of the menu's code).
 */
export interface PostCardActions {
  /** Source tracking (spec §3 postFeedReason) of the feed that shows the card. */
  postFeedReason?: string;
  menu: ReactNode;
}

/**
 * A story in a list: author, publication, title, subtitle, date, reading time, counts, preview image; feeds add the '...' menu.
 *
 * On the server the card's content is the same HTML for every reader who sees this story with
 * these counts, so it is rendered once per key and kept (server-fragments.ts, docs/adr/0008): a
 * feed page is mostly cards. The key is everything the content shows: the story as the page
 * asked for it, the date as written today, the layout, whether the menu (closed,
 * the same for every card) is there, and whether the reader is signed in (Save opens the
 * sign-up modal otherwise). Whether this reader saved the story is not in it: every Save
 * renders 'not known' here and asks once hydrated, with the page's other cards
 * (components/save/saved-posts-store.ts). The article itself, which names the feed's
 * reason, renders as usual.
 */
export function PostCard({ post, compact = false, actions }: { post: PostPreview; compact?: boolean; actions?: PostCardActions }) {
  const { viewer } = useSite();
  const menu = actions && viewer ? actions.menu : null;
  const date = post.firstPublishedAt ? formatDate(post.firstPublishedAt) : null;
  const content = () => <PostCardContent post={post} compact={compact} date={date} menu={menu} />;
  const kept = useServerFragment(() => ['post-card', post, date, compact, menu !== null, viewer !== null], content);
  return (
    <article
      className={compact ? `${styles.card} ${styles.compact}` : styles.card}
      data-testid="post-card"
      data-post-id={post.id}
      data-feed-reason={actions?.postFeedReason}
      dangerouslySetInnerHTML={kept === null ? undefined : { __html: kept }}
    >
      {kept === null ? content() : undefined}
    </article>
  );
}

/** What a card shows; reads no context, so the server can render it on its own and keep it. */
function PostCardContent({ post, compact, date, menu }: { post: PostPreview; compact: boolean; date: string | null; menu: ReactNode }) {
  const href = postPath(post);
  return (
    <>
      <div className={styles.text}>
        <div className={styles.byline}>
          <UserMention userId={post.creator.id}>
            <Link className={styles.author} href={profileHref(post.creator)}>
              <Avatar username={post.creator.username} name={post.creator.name} imageUrl={post.creator.imageId ? imageUrl(post.creator.imageId, 40) : null} size="XXXS" alt="" />
              <span>{post.creator.name}</span>
            </Link>
          </UserMention>
          {post.collection && (
            <span className={styles.collection}>
              in{' '}
              <Link href={`/${post.collection.slug}`} className={styles.author}>
                {post.collection.name}
              </Link>
            </span>
          )}
        </div>
        <Link href={href} className={styles.titleLink}>
          <h2 className={styles.title}>{post.title}</h2>
          {!compact && post.extendedPreviewContent.subtitle && <p className={styles.subtitle}>{post.extendedPreviewContent.subtitle}</p>}
        </Link>
        <div className={styles.footer}>
          <div className={styles.meta}>
            {post.isLocked && (
              <MemberOnlyMark className={styles.star} />
            )}
            {post.firstPublishedAt && <time dateTime={new Date(post.firstPublishedAt).toISOString()}>{date}</time>}
            <span aria-hidden="true">·</span>
            <span>{formatReadingTime(post.readingTime)}</span>
            {post.clapCount > 0 && (
              <IconCount className={styles.count} icon={<ClapIcon size={16} />} count={post.clapCount} one="clap" many="claps" />
            )}
            {post.postResponses.count > 0 && (
              <IconCount className={styles.count} icon={<ResponseIcon size={16} />} count={post.postResponses.count} one="response" many="responses" />
            )}
          </div>
          <div className={styles.actions}>
            <SaveButton postId={post.id} title={post.title} className={styles.iconButton} />
            {menu}
          </div>
        </div>
      </div>
      {post.previewImage && !compact && (
        <Link href={href} className={styles.thumb} tabIndex={-1} aria-hidden="true">
          <img src={imageUrl(post.previewImage.id, 224)} alt="" width={112} height={112} loading="lazy" decoding="async" />
        </Link>
      )}
    </>
  );
}
