import type { ReactNode } from 'react';
import { useSite, type ShellViewer } from '../../app-context';
import { formatMonthYear, type DateInput } from '../../../shared/format';
import { cx } from '../../lib/class-names';
import { Link } from '../../router/Link';
import { SusiLink } from '../susi/SusiLink';
import { BookmarkIcon, PersonIcon, StarIcon, StoriesIcon, WriteIcon } from '../icons';
import type { AdminPublication, MembershipTier } from '../header/header-data';
import { FriendPopover } from '../upsell/FriendPopover';
import { avatarMenuSections, type MenuIcon, type MenuMembership } from './menu-items';
import { useMenuMembership } from './use-menu-membership';
import styles from './avatar-menu.module.css';

export interface AvatarMenuProps {
  viewer: ShellViewer | null;
  /** The reader's tier; read from the server when the menu opens unless given. */
  membershipTier?: MembershipTier;
  /** Whether they may reactivate or switch plan (spec §4); read with the tier unless given. */
  membershipRules?: Pick<MenuMembership, 'canReactivate' | 'canSwitchPlan'>;
  /** The sign-out route (with the xsrf token); a plain link, as it ends the session on the server. */
  signOutHref?: string;
  /** Shown under Sign out, already obscured ('a••••@example.com'). */
  obscuredEmail?: string;
  /** Shows the 'Member since {Month Year}' badge for members. */
  memberSince?: DateInput | null;
  adminPublications?: AdminPublication[];
  isPartnerProgramEnrolled?: boolean;
  /** Called when an item is chosen, so the popover can close ('modal': the item opens the sign-in modal). */
  onNavigate?(kind?: 'modal'): void;
}

const ICONS: Record<MenuIcon, ReactNode> = {
  write: <WriteIcon />,
  profile: <PersonIcon />,
  library: <BookmarkIcon />,
  stories: <StoriesIcon />,
};

export const DEFAULT_SIGN_OUT_HREF = '/m/signout';

/** The content of the avatar menu (264px popover), signed in or out. */
export function AvatarMenu({
  viewer,
  membershipTier,
  membershipRules,
  signOutHref = DEFAULT_SIGN_OUT_HREF,
  obscuredEmail,
  memberSince,
  adminPublications,
  isPartnerProgramEnrolled,
  onNavigate,
}: AvatarMenuProps) {
  const { siteLinks } = useSite();
  const loaded = useMenuMembership(viewer !== null && (membershipTier === undefined || adminPublications === undefined));
  const tier = membershipTier ?? loaded?.tier;
  const membership: MenuMembership | null = tier ? { tier, canReactivate: false, canSwitchPlan: false, ...(loaded ?? {}), ...membershipRules } : null;
  const sections = avatarMenuSections({ viewer, membership, adminPublications: adminPublications ?? loaded?.adminPublications, isPartnerProgramEnrolled, siteLinks });
  const isMember = tier === 'MEMBER' || tier === 'FRIEND';
  const sinceDate = memberSince ?? loaded?.memberSince;
  const since = isMember && sinceDate ? formatMonthYear(sinceDate) : '';

  return (
    <nav className={styles.menu} aria-label="Account" data-avatar-menu="">
      {sections.map((items, i) => (
        <ul key={items[0].key} className={cx(styles.section, i > 0 && styles.divided)}>
          {items.map((item) => (
            <li key={item.key} className={cx(item.smallScreensOnly && styles.smallOnly)} data-menu-item={item.key}>
              {item.susi ? (
                <SusiLink
                  operation={item.susi.operation}
                  redirect={item.susi.redirect}
                  className={cx(styles.item, item.icon && styles.withIcon, item.accent && styles.accent)}
                  onClick={() => onNavigate?.('modal')}
                >
                  {item.icon && ICONS[item.icon]}
                  <span>{item.label}</span>
                </SusiLink>
              ) : (
                <Link
                  href={item.href}
                  className={cx(styles.item, item.icon && styles.withIcon, item.accent && styles.accent)}
                  onClick={() => onNavigate?.()}
                >
                  {item.icon && ICONS[item.icon]}
                  <span>{item.label}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      ))}
      {viewer && (
        <div className={cx(styles.section, styles.divided)}>
          <a href={signOutHref} className={styles.signOut} data-menu-item="sign-out">
            <span className={styles.signOutLabel}>Sign out</span>
            {obscuredEmail && <span className={styles.email}>{obscuredEmail}</span>}
          </a>
          {since && (
            <p className={styles.memberSince} data-member-since="">
              <FriendPopover tier={tier ?? 'MEMBER'} label={tier === 'FRIEND' ? 'Friend' : 'About the Friend tier'}>
                <StarIcon size={16} className={styles.star} />
              </FriendPopover>
              Member since {since}
            </p>
          )}
        </div>
      )}
    </nav>
  );
}
