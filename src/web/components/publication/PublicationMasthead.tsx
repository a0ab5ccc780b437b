import type { CSSProperties, ReactNode } from 'react';
import { imageUrl } from '../../lib/image-url.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import { publicationBaseHere, type PublicationFrameData } from './publication-key.js';
import styles from './publication-masthead.module.css';

/** Where a navigation item leads (spec §3 navigationItems: a tag, a feature page or a URL). */
export function navigationHref(item: { value: string; destination: string }, base: string): string {
  if (item.destination === 'TAG') return `${base}/tagged/${encodeURIComponent(item.value)}`;
  if (item.destination === 'FEATURE_PAGE') return `${base}/${encodeURIComponent(item.value)}/home`;
  return item.value;
}

const HEADER_HEIGHT: Record<string, number> = { SMALL: 96, MEDIUM: 160, LARGE: 240 };

/**
 * The head of every publication page: the published header design (size, colour, the
 * 1800×212 background crop), the logo or the name, the navigation items, and the page's actions
 * (Follow, Edit for editors). User-written colours are applied as a style value only after the
 * hex check the design commands make. `inset`: on a page as wide as the window (no main column
 * around it), the masthead keeps the page's side margin instead of touching the window's edges.
 */
export function PublicationMasthead({ publication, actions, inset }: { publication: PublicationFrameData; actions?: ReactNode; inset?: boolean }) {
  const base = publicationBaseHere(publication, useNavigation().pathname);
  const { header } = publication.homepage;
  const color = header.color && /^[0-9a-fA-F]{6}$/.test(header.color) ? `#${header.color}` : undefined;
  const style: CSSProperties = {
    minHeight: HEADER_HEIGHT[header.size] ?? HEADER_HEIGHT.MEDIUM,
    ...(color ? { backgroundColor: color } : {}),
    ...(header.backgroundImage ? { backgroundImage: `url("${imageUrl(header.backgroundImage.id, 1800, 212)}")` } : {}),
  };
  return (
    <header className={inset ? `${styles.masthead} ${styles.inset}` : styles.masthead} data-testid="publication-masthead">
      <div className={styles.banner} style={style} data-size={header.size} data-themed={color || header.backgroundImage ? '' : undefined}>
        <Link href={base || '/'} className={styles.identity}>
          {publication.logo ? (
            <img className={styles.logo} src={imageUrl(publication.logo.id, 400, 80)} alt={publication.name} height={40} />
          ) : (
            <span className={styles.name}>{publication.name}</span>
          )}
        </Link>
      </div>
      <nav className={styles.nav} aria-label={`${publication.name} navigation`}>
        <ul className={styles.items}>
          {publication.navigationItems.map((item) => (
            <li key={`${item.destination}:${item.value}`}>
              <Link href={navigationHref(item, base)} className={styles.item} {...(item.destination === 'URL' ? { rel: 'ugc nofollow' } : {})}>
                {item.title}
              </Link>
            </li>
          ))}
          <li><Link href={`${base}/search`} className={styles.item}>Search</Link></li>
          <li>
            <Link href={`${base}/about`} className={styles.item}>
              About
            </Link>
          </li>
        </ul>
        {actions && <div className={styles.actions}>{actions}</div>}
      </nav>
    </header>
  );
}
