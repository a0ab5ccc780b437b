import { formatBadgeCount } from '../../../shared/format';
import { useSite } from '../../app-context';
import { cx } from '../../lib/class-names';
import { Link } from '../../router/Link';
import { AvatarMenuButton } from '../avatar-menu/AvatarMenuButton';
import { buttonClassName } from '../button/Button';
import { BellIcon, WriteIcon } from '../icons';
import { SusiLink } from '../susi/SusiLink';
import { useUnreadNotificationCount } from '../notifications/unread-count';
import { useHeaderData, type HeaderData } from './header-data';
import { SearchBox, SearchButton } from './SearchBox';
import { SiteLogo } from './SiteLogo';
import {
  NOTIFICATIONS_HREF,
  WRITE_HREF,
  isHomePage,
} from './site-pages';
import styles from './header.module.css';

export interface HeaderProps extends HeaderData {
  /** position: fixed at the top (a spacer keeps the page from sliding under it). */
  fixed?: boolean;
  /** The 41px 'Open in app' bar above the header on small screens; on by default when DOWNLOAD_APP_URL is set. */
  showMobileBar?: boolean;
  className?: string;
}

/**
 * The site header (57px). Desktop (md and up): logo, search box, Write, notifications and the
 * avatar menu, or Sign up / Sign in when logged out. Small screens: a search button instead
 * of the box, and the 'Open in app' bar above. Logged out, Sign up, Sign in and Write open the
 * sign-in modal (links to the sign-in page until the app hydrates). Which variant shows is CSS
 * only, so server and client render the same markup.
 */
export function Header({ fixed = false, showMobileBar: wantsMobileBar = true, className, ...props }: HeaderProps) {
  const { viewer, pageId, siteLinks } = useSite();
  // The bar's one link is the app's download page: without an app (DOWNLOAD_APP_URL), no bar.
  const appHref = siteLinks?.downloadApp;
  const showMobileBar = wantsMobileBar && appHref !== undefined;
  const data = { ...useHeaderData(), ...definedOnly(props) };
  // Live: server-sent events, polling where they do not get through (components/notifications).
  const unread = useUnreadNotificationCount(viewer !== null, data.unreadNotificationCount ?? 0);

  return (
    <>
      <div className={cx(styles.root, fixed && styles.fixed, className)} data-header="" data-fixed={fixed || undefined}>
        {showMobileBar && (
          // A landmark of its own: screen readers list it instead of leaving it outside the page's regions.
          <aside className={styles.mobileBar} aria-label="Get the app" data-mobile-bar="">
            <a href={appHref} className={styles.openInApp}>
              Open in app
            </a>
          </aside>
        )}
        <header className={styles.header}>
          <div className={styles.start}>
            <SiteLogo />
            <div className={styles.desktopOnly}>
              <SearchBox />
            </div>
          </div>
          <div className={styles.end}>
            <SearchButton className={cx(styles.iconLink, styles.smallOnly)} />
            {viewer ? (
              <Link href={WRITE_HREF} className={cx(styles.write, styles.desktopOnly)} data-write-link="">
                <WriteIcon />
                <span>Write</span>
              </Link>
            ) : (
              <SusiLink operation="register" redirect={WRITE_HREF} className={cx(styles.write, styles.desktopOnly)} data-write-link="">
                <WriteIcon />
                <span>Write</span>
              </SusiLink>
            )}
            {viewer ? (
              <Link
                href={NOTIFICATIONS_HREF}
                className={styles.iconLink}
                aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
                data-notifications-link=""
              >
                <BellIcon />
                {unread > 0 && (
                  <span className={styles.badge} aria-hidden="true" data-badge="">
                    {formatBadgeCount(unread)}
                  </span>
                )}
              </Link>
            ) : (
              <>
                <SusiLink operation="register" className={buttonClassName({ variant: 'accent', size: 'small' }, styles.signUp)} data-sign-up="">
                  {isHomePage(pageId) ? 'Get started' : 'Sign up'}
                </SusiLink>
                <SusiLink operation="login" className={styles.signIn} data-sign-in="">
                  Sign in
                </SusiLink>
              </>
            )}
            <AvatarMenuButton
              membershipTier={data.membershipTier}
              signOutHref={data.signOutHref}
              obscuredEmail={data.obscuredEmail}
              memberSince={data.memberSince}
              adminPublications={data.adminPublications}
              isPartnerProgramEnrolled={data.isPartnerProgramEnrolled}
            />
          </div>
        </header>
      </div>
      {fixed && <div className={cx(styles.spacer, !showMobileBar && styles.spacerNoBar)} aria-hidden="true" />}
    </>
  );
}

function definedOnly<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
