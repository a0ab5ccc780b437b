import { LIMITS } from '../../../shared/constants';
import type { ShellViewer } from '../../app-context';
import type { AdminPublication } from '../header/header-data';
import { SIGN_IN_HREF, SIGN_UP_HREF, WRITE_HREF } from '../header/site-pages';
import { profileHref } from '../../lib/profile-href.js';
import type { SiteLinks } from '../../../shared/site-links.js';

export type MenuIcon = 'write' | 'profile' | 'library' | 'stories';

export interface MenuItem {
  key: string;
  label: string;
  href: string;
  icon?: MenuIcon;
  /** Shown on small screens only (< 728px). */
  smallScreensOnly?: boolean;
  accent?: boolean;
  /** Opens the sign-in modal (logged out); `href` is the sign-in page it falls back to. */
  susi?: { operation: 'login' | 'register'; redirect?: string };
}

/** What the membership extras depend on; null or absent while unknown (then none show). */
export interface MenuMembership {
  tier: 'FREE' | 'MEMBER' | 'FRIEND';
  canReactivate: boolean;
  canSwitchPlan: boolean;
}

export interface MenuInput {
  viewer: ShellViewer | null;
  membership?: MenuMembership | null;
  adminPublications?: AdminPublication[];
  isPartnerProgramEnrolled?: boolean;
  /** Pages elsewhere (HELP_URL): Help shows only with its address. */
  siteLinks?: SiteLinks;
}

export { profileHref };

/**
 * The avatar menu as sections of items, in display order (spec §2.5). An item whose page is
 * not built is left out until it is: Stats; Help leads to HELP_URL when set
 * (the site has no help pages of its own). The membership extras show once the reader's
 * membership is known (membershipExtras).
 */
export function avatarMenuSections(input: MenuInput): MenuItem[][] {
  const { viewer } = input;
  if (!viewer) {
    return [
      [
        { key: 'sign-up', label: 'Sign up', href: SIGN_UP_HREF, susi: { operation: 'register' } },
        { key: 'sign-in', label: 'Sign in', href: SIGN_IN_HREF, susi: { operation: 'login' } },
        { key: 'write', label: 'Write', href: WRITE_HREF, icon: 'write', susi: { operation: 'register', redirect: WRITE_HREF } },
      ],
    ];
  }

  const main: MenuItem[] = [
    { key: 'write', label: 'Write', href: WRITE_HREF, icon: 'write', smallScreensOnly: true },
    { key: 'profile', label: 'Profile', href: profileHref(viewer), icon: 'profile' },
    { key: 'library', label: 'Library', href: '/me/lists', icon: 'library' },
    { key: 'stories', label: 'Stories', href: '/me/stories/drafts', icon: 'stories' },
  ];
  if (input.isPartnerProgramEnrolled) {
    main.push({ key: 'partner-program', label: 'Partner Program', href: '/me/partner/dashboard' });
  }

  const pubs = input.adminPublications ?? [];
  const publications: MenuItem[] = pubs
    .slice(0, LIMITS.maxMenuPublications)
    .map((p) => ({ key: `publication-${p.id}`, label: p.name, href: p.href }));
  if (pubs.length > LIMITS.maxMenuPublications) {
    const href = viewer.username ? `/@${viewer.username}/publications` : '/me/settings/publishing#managePublications';
    publications.push({ key: 'all-publications', label: 'See all publications', href });
  }

  const settings: MenuItem[] = [
    { key: 'settings', label: 'Settings', href: '/me/settings' },
    { key: 'refine-recommendations', label: 'Refine recommendations', href: '/me/following/suggestions' },
    // The user's publications page lists them with roles and open invitations (no username yet: the publishing settings).
    { key: 'manage-publications', label: 'Manage publications', href: viewer.username ? `/@${viewer.username}/publications` : '/me/settings/publishing#managePublications' },
  ];
  const help = input.siteLinks?.help;
  if (help) settings.push({ key: 'help', label: 'Help', href: help });

  return [main, publications, membershipExtras(input.membership), settings].filter((section) => section.length > 0);
}

export const MEMBERSHIP_MENU_LINKS = {
  plans: '/plans',
  reactivate: '/me/settings/membership#reactivateMembership',
  manageMembership: '/manage-membership',
  gift: '/gift-plans',
} as const;

/**
 * Spec §2.5 avatar menu extras: Become a member (hidden for a Member or Friend), Reactivate
 * Membership (a cancelled membership that may be, spec §4), Become a Friend (a Member who may
 * switch plan), Gift a membership.
 */
export function membershipExtras(membership: MenuMembership | null | undefined): MenuItem[] {
  if (!membership) return [];
  const items: MenuItem[] = [];
  if (membership.tier === 'FREE') items.push({ key: 'become-member', label: 'Become a member', href: MEMBERSHIP_MENU_LINKS.plans, accent: true });
  if (membership.canReactivate) items.push({ key: 'reactivate-membership', label: 'Reactivate Membership', href: MEMBERSHIP_MENU_LINKS.reactivate, accent: true });
  if (membership.tier === 'MEMBER' && membership.canSwitchPlan) items.push({ key: 'become-friend', label: 'Become a Friend', href: MEMBERSHIP_MENU_LINKS.manageMembership });
  items.push({ key: 'gift-membership', label: 'Gift a membership', href: MEMBERSHIP_MENU_LINKS.gift });
  return items;
}
