import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { profileHref } from '../../lib/profile-href.js';
import { Link } from '../../router/Link.js';
import { Avatar } from '../avatar/index.js';
import { storiesCount, type CatalogPageCatalog } from './catalog-types.js';
import styles from './catalog-page.module.css';

/** The cover: the list's first images side by side (up to three), as list previews show them. */
export function CatalogCover({ imageIds, className }: { imageIds: readonly string[]; className?: string }) {
  if (imageIds.length === 0) return null;
  const shown = imageIds.slice(0, 3);
  return (
    <div className={`${styles.cover} ${className ?? ''}`} data-testid="catalog-cover" aria-hidden="true">
      {shown.map((id) => (
        <img key={id} src={imageUrl(id, 400)} alt="" loading="lazy" decoding="async" />
      ))}
    </div>
  );
}

/** A lock and 'Private' for a list only its owner sees. */
export function PrivateMark() {
  return (
    <span className={styles.private}>
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M5 7V5a3 3 0 1 1 6 0v2h1a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm1 0h4V5a2 2 0 1 0-4 0v2Z" />
      </svg>
      Private
    </span>
  );
}

/**
 * A list page's header (spec §3 Catalog): cover, creator, name, item count, visibility,
 * description, and the page's actions (the owner's Edit and Delete, a reader's Follow and Share).
 */
export function CatalogHeader({ catalog, itemsCount, actions }: { catalog: CatalogPageCatalog; itemsCount: number; actions?: ReactNode }) {
  const { creator } = catalog;
  return (
    <header className={styles.header}>
      <CatalogCover imageIds={catalog.coverImageIds} />
      <div className={styles.creator}>
        <Link href={profileHref(creator)} className={styles.creatorLink}>
          <Avatar username={creator.username} name={creator.name} imageUrl={creator.imageId ? imageUrl(creator.imageId, 64) : null} size="XS" alt="" />
          <span>{creator.name}</span>
        </Link>
        {catalog.createdAt > 0 && (
          <>
            <span aria-hidden="true">·</span>
            <time dateTime={new Date(catalog.createdAt).toISOString()}>{formatDate(catalog.createdAt)}</time>
          </>
        )}
      </div>
      <h1 className={styles.name}>{catalog.name}</h1>
      <p className={styles.facts}>
        <span data-testid="catalog-count">{storiesCount(itemsCount)}</span>
        {catalog.visibility === 'PRIVATE' && (
          <>
            <span aria-hidden="true">·</span>
            <PrivateMark />
          </>
        )}
      </p>
      {catalog.description && <p className={styles.description}>{catalog.description}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
