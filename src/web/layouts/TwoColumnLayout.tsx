import { Footer } from '../components/footer';
import { Header } from '../components/header';
import { UpsellBanner } from '../components/upsell/UpsellBanner';
import type { LayoutProps } from './types';
import styles from './two-column-layout.module.css';

/**
 * Header, a main column (max 680px, 24px margin) and a right sidebar (368px on xl, 352px on lg,
 * hidden below lg) that ends with the footer links.
 */
export function TwoColumnLayout({ children, sidebar, fixedNavbar }: LayoutProps) {
  return (
    <div className={styles.root} data-layout="two-column">
      <UpsellBanner />
      <Header fixed={fixedNavbar} />
      <div className={styles.container}>
        <main className={styles.main}>
          <div className={styles.column}>{children}</div>
        </main>
        <aside className={styles.sidebar} data-testid="sidebar">
          <div className={styles.sidebarContent}>
            {sidebar}
            <Footer className={styles.footer} />
          </div>
        </aside>
      </div>
    </div>
  );
}
