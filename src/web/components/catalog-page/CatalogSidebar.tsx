import { imageUrl } from '../../../shared/images.js';
import { profileHref } from '../../lib/profile-href.js';
import { Link } from '../../router/Link.js';
import { Avatar } from '../avatar/index.js';
import type { CatalogPageCatalog } from './catalog-types.js';
import styles from './catalog-page.module.css';

/** The list pages' right column (hidden below 904px): who made the list, with their bio. */
export function CatalogSidebar({ creator }: { creator: CatalogPageCatalog['creator'] }) {
  return (
    <div className={styles.side} data-testid="catalog-sidebar">
      <Link href={profileHref(creator)} aria-label={creator.name}>
        <Avatar username={creator.username} name={creator.name} imageUrl={creator.imageId ? imageUrl(creator.imageId, 128) : null} size="L" alt="" />
      </Link>
      <p className={styles.sideName}>
        <Link href={profileHref(creator)}>{creator.name}</Link>
      </p>
      {creator.bio && <p className={styles.sideBio}>{creator.bio}</p>}
    </div>
  );
}
