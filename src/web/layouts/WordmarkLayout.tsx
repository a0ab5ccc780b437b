import { useSite } from '../app-context';
import { SiteLogo } from '../components/header';
import { cx } from '../lib/class-names';
import type { LayoutProps } from './types';
import styles from './wordmark-layout.module.css';

export interface WordmarkLayoutProps extends LayoutProps {
  /** No bottom margin; defaults to true on the download-app page (spec §2.1). */
  noBottomMargin?: boolean;
}

/** A brand header (the site name as a wordmark), then content with a 56px / 88px bottom margin. */
export function WordmarkLayout({ children, noBottomMargin }: WordmarkLayoutProps) {
  const { pageId } = useSite();
  const noMargin = noBottomMargin ?? pageId === 'download-app';
  return (
    <div className={styles.root} data-layout="wordmark" data-no-bottom-margin={noMargin || undefined}>
      <header className={styles.brand}>
        <SiteLogo />
      </header>
      <main className={cx(styles.main, !noMargin && styles.bottomMargin)}>{children}</main>
    </div>
  );
}
