import { Header } from '../components/header';
import { UpsellBanner } from '../components/upsell/UpsellBanner';
import type { LayoutProps } from './types';
import styles from './top-nav-layout.module.css';

/** Header (optionally fixed) and full-width content, no side column. */
export function TopNavLayout({ children, fixedNavbar }: LayoutProps) {
  return (
    <div className={styles.root} data-layout="top-nav">
      <UpsellBanner />
      <Header fixed={fixedNavbar} />
      <main className={styles.main}>{children}</main>
    </div>
  );
}
