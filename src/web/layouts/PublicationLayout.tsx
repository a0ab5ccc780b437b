import type { ReactNode } from 'react';
import { Header } from '../components/header';
import { UpsellBanner } from '../components/upsell/UpsellBanner';
import type { LayoutProps } from './types';
import styles from './publication-layout.module.css';

export interface PublicationLayoutProps extends LayoutProps {
  /** The upsell banner above the header; the site's own (spec §4 priority) unless given. */
  upsellBanner?: ReactNode;
  /** The publication's navigation (name, logo, sections) under the site header. */
  publicationNavigation?: ReactNode;
}

/** Site header with navigation, an upsell banner slot and the publication's content. */
export function PublicationLayout({ children, fixedNavbar, upsellBanner, publicationNavigation }: PublicationLayoutProps) {
  return (
    <div className={styles.root} data-layout="publication">
      <div className={styles.banner} data-upsell-slot="">
        {upsellBanner ?? <UpsellBanner />}
      </div>
      <Header fixed={fixedNavbar} />
      {publicationNavigation && <div className={styles.navigation}>{publicationNavigation}</div>}
      <main className={styles.main}>{children}</main>
    </div>
  );
}
