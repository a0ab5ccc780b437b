import { Header } from '../components/header';
import type { LayoutProps } from './types';
import styles from './top-nav-layout.module.css';

/** Header (optionally fixed) and full-width content, no side column. */
export function TopNavLayout({ children, fixedNavbar }: LayoutProps) {
  return (
    <div className={styles.root} data-layout="top-nav">
      <Header fixed={fixedNavbar} />
      <main className={styles.main}>{children}</main>
    </div>
  );
}
