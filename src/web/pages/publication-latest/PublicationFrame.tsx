import type { ReactNode } from 'react';
import { PublicationActions } from '../../components/publication/PublicationActions.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { publicationBaseHere, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import styles from './publication-page.module.css';

/** The reader lists of a publication, linked from each of them. */
const LIST_TABS = [
  { path: '/latest', label: 'Latest' },
  { path: '/trending', label: 'Trending' },
  { path: '/archive', label: 'Archive' },
] as const;

/** A publication reader page: the masthead on top, the reader lists' tabs, then the page. */
export function PublicationFrame({ publication, current, children }: { publication: PublicationFrameData; current?: string; children: ReactNode }) {
  const base = publicationBaseHere(publication, useNavigation().pathname);
  return (
    <>
      <PublicationMasthead publication={publication} actions={<PublicationActions publication={publication} />} inset />
      <div className={styles.page}>
        <nav className={styles.tabs} aria-label={`${publication.name} stories`}>
          {LIST_TABS.map((t) => (
            <Link key={t.path} href={`${base}${t.path}`} aria-current={current === t.path ? 'page' : undefined}>
              {t.label}
            </Link>
          ))}
        </nav>
        {children}
      </div>
    </>
  );
}
