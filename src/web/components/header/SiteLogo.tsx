import type { MouseEvent } from 'react';
import { useSite } from '../../app-context';
import { cx } from '../../lib/class-names';
import { Link } from '../../router/Link';
import { isHomePage, logoHref } from './site-pages';
import styles from './site-logo.module.css';

export interface SiteLogoProps {
  className?: string;
  size?: 'regular' | 'large';
}

/**
 * The site name as a wordmark. Links home (membership settings on the manage-membership
 * pages); on home itself a click scrolls to the top instead of navigating.
 */
export function SiteLogo({ className, size = 'regular' }: SiteLogoProps) {
  const { siteName, pageId } = useSite();
  const onHome = isHomePage(pageId);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onHome || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <Link
      href={logoHref(pageId)}
      className={cx(styles.wordmark, size === 'large' && styles.large, className)}
      onClick={onClick}
      data-logo=""
    >
      {siteName}
    </Link>
  );
}
