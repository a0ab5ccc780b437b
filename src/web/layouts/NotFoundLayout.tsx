import { Header } from '../components/header';
import type { LayoutProps } from './types';
import styles from './not-found-layout.module.css';

/** Header, then content 80px below it. */
export function NotFoundLayout({ children, fixedNavbar }: LayoutProps) {
  return (
    <div className={styles.root} data-layout="not-found">
      <Header fixed={fixedNavbar} />
      <main className={styles.main}>{children}</main>
    </div>
  );
}
