import type { ReactNode } from 'react';

/** Props every layout takes (spec §2.1). */
export interface LayoutProps {
  children: ReactNode;
  /** Right column content; only the two-column layout shows it. */
  sidebar?: ReactNode;
  /** Keep the header fixed at the top while scrolling. */
  fixedNavbar?: boolean;
}

/** Every layout's optional extras, so a router can pass them without knowing which layout it has. */
export interface AnyLayoutProps extends LayoutProps {
  /** Publication layout: the upsell banner (spec §4 priority: join, reactivate, payment, gift). */
  upsellBanner?: ReactNode;
  /** Publication layout: the publication's own navigation under the site header. */
  publicationNavigation?: ReactNode;
  /** Wordmark layout: drop the bottom margin (download-app). Defaults from the page id. */
  noBottomMargin?: boolean;
  /** Basic layout: show a minimal bar with the wordmark. */
  brandBar?: boolean;
}
