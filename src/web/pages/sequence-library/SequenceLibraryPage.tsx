import { formatCountOf, formatDate, formatReadingTime } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { imageUrl as croppedImageUrl } from '../../lib/image-url.js';
import { Avatar } from '../../components/avatar/index.js';
import { buttonClassName } from '../../components/button/Button.js';
import { SEQUENCE_LIBRARY_QUERY } from '../../graphql/series-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { profileHref } from '../../lib/profile-href.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { FollowSeriesButton } from './FollowSeriesButton.js';
import styles from './SequenceLibraryPage.module.css';

/** The cover as the page shows it: 680×340, cropped from the middle. */
const coverUrl = (id: string, pixelRatio: number) => croppedImageUrl(id, 680, 340, pixelRatio);

interface SequenceLibraryData {
  sequence: {
    id: string;
    slug: string;
    title: string;
    description: string;
    coverImageId: string | null;
    isPublished: boolean;
    itemsCount: number;
    followersCount: number;
    viewerIsOwner: boolean;
    viewerIsFollowing: boolean;
    creator: { id: string; name: string; username: string | null; imageId: string | null };
    posts: { id: string; title: string; readingTime: number; firstPublishedAt: number | null; extendedPreviewContent: { subtitle: string } }[];
  } | null;
}

/**
 * /s/{sequenceSlug} (page id sequence-library, top-nav layout): a series — its title,
 * writer and description, Follow series, and its parts in reading order, each opening
 * the story inside the series (/s/{slug}/{postId}, with Previous and Next).
 */
export default function SequenceLibraryPage({ params }: PageProps) {
  const s = usePageQuery<SequenceLibraryData>(SEQUENCE_LIBRARY_QUERY, { sequenceSlug: params.sequenceSlug ?? '' })?.sequence;
  if (!s) return null;
  const writer = profileHref(s.creator);
  return (
    <article className={styles.page}>
      {s.coverImageId && <img className={styles.cover} src={coverUrl(s.coverImageId, 1)} srcSet={`${coverUrl(s.coverImageId, 1)} 1x, ${coverUrl(s.coverImageId, 2)} 2x`} alt="" />}
      <p className={styles.kicker}>Series</p>
      <h1 className={styles.title}>{s.title}</h1>
      {s.description && <p className={styles.description}>{s.description}</p>}
      <div className={styles.byline}>
        <Link href={writer} aria-label={s.creator.name}>
          <Avatar username={s.creator.username} name={s.creator.name} imageUrl={s.creator.imageId ? imageUrl(s.creator.imageId, 64) : null} size="S" alt="" />
        </Link>
        <span>
          by{' '}
          <Link href={writer} className={styles.writer}>
            {s.creator.name}
          </Link>
        </span>
        <span aria-hidden="true">·</span>
        <span>{formatCountOf(s.posts.length, 'part', 'parts')}</span>
        {s.isPublished && (
          <>
            <span aria-hidden="true">·</span>
            <span>{formatCountOf(s.followersCount, 'follower', 'followers')}</span>
          </>
        )}
      </div>
      <div className={styles.actions}>
        {s.isPublished && <FollowSeriesButton sequence={s} />}
        {s.viewerIsOwner && (
          <Link href={`/s/${s.slug}/edit`} className={buttonClassName({ variant: 'outline', size: 'small' })}>
            Edit series
          </Link>
        )}
      </div>
      {!s.isPublished && <p className={styles.draft}>This series is a draft: only you can see it. Publish it from the editor.</p>}
      {s.posts.length === 0 ? (
        <p className={styles.empty}>This series has no stories yet.</p>
      ) : (
        <ol className={styles.parts} aria-label="Parts">
          {s.posts.map((p, i) => (
            <li key={p.id} className={styles.part}>
              <span className={styles.partNumber}>Part {i + 1}</span>
              <Link href={`/s/${s.slug}/${p.id}`} className={styles.partTitle}>
                {p.title || 'Untitled story'}
              </Link>
              {p.extendedPreviewContent.subtitle && <p className={styles.partSubtitle}>{p.extendedPreviewContent.subtitle}</p>}
              <p className={styles.partMeta}>
                {formatReadingTime(p.readingTime)}
                {p.firstPublishedAt && ` · ${formatDate(p.firstPublishedAt)}`}
              </p>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
