import { SiteLogo } from '../components/header';
import type { LayoutProps } from './types';
import styles from './basic-layout.module.css';

export interface BasicLayoutProps extends LayoutProps {
  /** A minimal bar with the wordmark; off by default (pages like the landing draw their own). */
  brandBar?: boolean;
}

/** No navigation: the page draws everything. */
export function BasicLayout({ children, brandBar = false }: BasicLayoutProps) {
  return (
    <div className={styles.root} data-layout="basic">
      {brandBar && (
        <header className={styles.brandBar} data-brand-bar="">
          <SiteLogo />
        </header>
      )}
      <main>{children}</main>
    </div>
  );
}
