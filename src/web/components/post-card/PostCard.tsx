import { formatCount, formatDate, formatReadingTime } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { Avatar } from '../avatar/index.js';
import { ClapIcon, ResponseIcon, StarIcon } from '../icons/index.js';
import { Link } from '../../router/Link.js';
import styles from './PostCard.module.css';

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
}

export const postPath = (p: Pick<PostPreview, 'id' | 'uniqueSlug' | 'creator'>) =>
  p.creator.username ? `/@${p.creator.username}/${p.uniqueSlug}` : `/p/${p.id}`;

/** A story in a list: author, title, subtitle, date, reading time, counts, preview image. */
export function PostCard({ post, compact = false }: { post: PostPreview; compact?: boolean }) {
  const href = postPath(post);
  return (
    <article className={compact ? `${styles.card} ${styles.compact}` : styles.card} data-testid="post-card">
      <div className={styles.text}>
        <Link className={styles.author} href={post.creator.username ? `/@${post.creator.username}` : `/u/${post.creator.id}`}>
          <Avatar username={post.creator.username} name={post.creator.name} imageUrl={post.creator.imageId ? imageUrl(post.creator.imageId, 40) : null} size="XXXS" alt="" />
          <span>{post.creator.name}</span>
        </Link>
        <Link href={href} className={styles.titleLink}>
          <h2 className={styles.title}>{post.title}</h2>
          {!compact && post.extendedPreviewContent.subtitle && <p className={styles.subtitle}>{post.extendedPreviewContent.subtitle}</p>}
        </Link>
        <div className={styles.meta}>
          {post.isLocked && (
            <span className={styles.star} title="Member-only story" aria-label="Member-only story">
              <StarIcon />
            </span>
          )}
          {post.firstPublishedAt && <time dateTime={new Date(post.firstPublishedAt).toISOString()}>{formatDate(post.firstPublishedAt)}</time>}
          <span aria-hidden="true">·</span>
          <span>{formatReadingTime(post.readingTime)}</span>
          {post.clapCount > 0 && (
            <span className={styles.count} aria-label={`${post.clapCount} claps`}>
              <ClapIcon size={16} /> {formatCount(post.clapCount)}
            </span>
          )}
          {post.postResponses.count > 0 && (
            <span className={styles.count} aria-label={`${post.postResponses.count} responses`}>
              <ResponseIcon size={16} /> {formatCount(post.postResponses.count)}
            </span>
          )}
        </div>
      </div>
      {post.previewImage && !compact && (
        <Link href={href} className={styles.thumb} tabIndex={-1} aria-hidden="true">
          <img src={imageUrl(post.previewImage.id, 224)} alt="" width={112} height={112} loading="lazy" decoding="async" />
        </Link>
      )}
    </article>
  );
}
