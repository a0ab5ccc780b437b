import { useEffect, useState } from 'react';
import type { MembershipTier } from '../../../shared/membership.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { AVATAR_MENU_QUERY, USE_REACTIVATE_MEMBERSHIP_UPSELL_QUERY } from '../../graphql/upsell-operations.js';
import type { AdminPublication } from '../header/header-data';
import type { MenuMembership } from './menu-items.js';

export interface MenuMembershipData extends MenuMembership {
  memberSince: number | null;
  /** Up to 4 publications the reader owns or edits: 3 show, a 4th makes 'See all publications'. */
  adminPublications: AdminPublication[];
}

type MenuData = { viewer?: { membership?: { tier: MembershipTier; memberSince: number | null } | null; adminCollections?: { id: string; name: string; slug: string }[] } | null };
type StatusData = { viewer?: { membershipStatus?: { canReactivate: boolean; canSwitchPlan: boolean } | null } | null };

/**
 * The signed-in reader's membership for the menu's extras and its 'Member since' badge, read
 * when the menu first opens (spec §7 AvatarMenuQuery; the status is the banner's, kept by
 * Apollo), and the publications it administers, in the same query. Undefined while unknown.
 */
export function useMenuMembership(signedIn: boolean): MenuMembershipData | undefined {
  const loadData = useBrowserData();
  const [value, setValue] = useState<MenuMembershipData | undefined>(undefined);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    loadData()
      .then(({ client }) =>
        Promise.all([
          client.query({ query: AVATAR_MENU_QUERY }),
          client.query({ query: USE_REACTIVATE_MEMBERSHIP_UPSELL_QUERY, errorPolicy: 'all' }).catch(() => ({ data: undefined })),
        ]),
      )
      .then(([menu, status]) => {
        const viewer = (menu.data as MenuData | undefined)?.viewer;
        if (!live || !viewer) return;
        const s = (status.data as StatusData | undefined)?.viewer?.membershipStatus;
        setValue({
          tier: viewer.membership?.tier ?? 'FREE',
          memberSince: viewer.membership?.memberSince ?? null,
          canReactivate: s?.canReactivate ?? false,
          canSwitchPlan: s?.canSwitchPlan ?? false,
          adminPublications: (viewer.adminCollections ?? []).map((p) => ({ id: p.id, name: p.name, href: `/${p.slug}` })),
        });
      })
      .catch(() => {}); // The menu works without its extras.
    return () => void (live = false);
  }, [signedIn, loadData]);
  return value;
}
