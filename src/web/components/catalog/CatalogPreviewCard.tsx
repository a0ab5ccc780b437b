import type { ReactNode } from 'react';
import { formatCountOf } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { profileHref } from '../../lib/profile-href.js';
import { Link } from '../../router/Link.js';
import { Avatar } from '../avatar/index.js';
import { LockIcon } from './LockIcon.js';
import styles from './catalog-preview.module.css';

/** The CatalogPreview_catalog fragment's shape (src/web/graphql/lists-library-operations.ts). */
export interface CatalogPreview {
  id: string;
  name: string;
  description: string;
  slugId: string;
  visibility: 'PUBLIC' | 'PRIVATE';
  predefined: string | null;
  itemsCount: number;
  followersCount: number;
  viewerIsFollowing: boolean;
  coverImageIds: string[];
  creator: { id: string; name: string; username: string | null; imageId: string | null };
}

/** Where a list's public page is (user-catalog); its owner's own view is /me/list/{slugId} (your-catalog). */
export const catalogPublicPath = (c: Pick<CatalogPreview, 'slugId' | 'creator'>) =>
  c.creator.username ? `/@${c.creator.username}/list/${c.slugId}` : null;
export const catalogOwnerPath = (c: Pick<CatalogPreview, 'slugId'>) => `/me/list/${c.slugId}`;

const COVER_IMAGES = 3;

/**
 * A list in a list of lists (library, profile, collections): who made it, its name, how many
 * stories, a lock when private, and its cover: the first three images of its stories stacked,
 * each over the next (Medium's list cover), grey panels where there are fewer. `action` sits
 * beside the count (Unfollow on Saved lists).
 */
export function CatalogPreviewCard({ catalog, href, action }: { catalog: CatalogPreview; href: string; action?: ReactNode }) {
  const covers = catalog.coverImageIds.slice(0, COVER_IMAGES);
  const stories = formatCountOf(catalog.itemsCount, 'story', 'stories');
  return (
    <article className={styles.card} data-testid="catalog-preview" data-catalog-id={catalog.id}>
      <div className={styles.text}>
        <Link href={profileHref(catalog.creator)} className={styles.creator}>
          <Avatar username={catalog.creator.username} name={catalog.creator.name} imageUrl={catalog.creator.imageId ? imageUrl(catalog.creator.imageId, 40) : null} size="XXXS" alt="" />
          <span>{catalog.creator.name}</span>
        </Link>
        <h2 className={styles.name}>
          <Link href={href} className={styles.nameLink}>
            {catalog.name}
          </Link>
        </h2>
        {catalog.description && <p className={styles.description}>{catalog.description}</p>}
        <div className={styles.meta}>
          <span>{stories}</span>
          {catalog.visibility === 'PRIVATE' && <LockIcon label="Private list" />}
          {action}
        </div>
      </div>
      <Link href={href} className={styles.cover} tabIndex={-1} aria-hidden="true" data-covers={covers.length}>
        {Array.from({ length: COVER_IMAGES }, (_, i) => {
          const id = covers[i];
          return id ? (
            <img key={i} className={styles.coverImage} src={imageUrl(id, 240)} alt="" loading="lazy" decoding="async" />
          ) : (
            <span key={i} className={styles.coverImage} />
          );
        })}
      </Link>
    </article>
  );
}
