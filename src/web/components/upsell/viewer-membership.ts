import type { ApolloClient } from '@apollo/client';
import { useEffect, useState } from 'react';
import type { MembershipTier } from '../../../shared/membership.js';
import type { UpsellMembershipStatus } from '../../../shared/upsell-banner.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { UPSELL_BANNER_QUERY, USE_REACTIVATE_MEMBERSHIP_UPSELL_QUERY } from '../../graphql/upsell-operations.js';

/** What the banners and the avatar menu's extras know of the signed-in reader's membership. */
export interface ViewerMembership {
  tier: MembershipTier;
  /** Server flags in effect (User.dismissableFlags). */
  dismissedFlags: string[];
  giftBannerEnabled: boolean;
  /** Null when they never paid, or when it could not be read (then no banner asks them to fix anything). */
  status: UpsellMembershipStatus | null;
}

type BannerData = {
  viewer?: { id: string; dismissableFlags: string[]; membership: { tier: MembershipTier } | null } | null;
  variantFlags?: { name: string; valueType: { value?: unknown } }[];
};
type StatusData = { viewer?: { membershipStatus?: (UpsellMembershipStatus & { paymentMethod: { __typename: string } | null }) | null } | null };

/**
 * Reads the reader's membership facts: two operations in one batch, so that the banners
 * still know the tier and flags should the membership status fail. Apollo keeps the answers
 * for the page (the avatar menu reads them again for free); a DismissFlag answer updates them.
 */
export async function loadViewerMembership(client: ApolloClient): Promise<ViewerMembership | null> {
  const [base, status] = await Promise.all([
    client.query({ query: UPSELL_BANNER_QUERY }),
    client.query({ query: USE_REACTIVATE_MEMBERSHIP_UPSELL_QUERY }).catch(() => ({ data: undefined })),
  ]);
  const data = base.data as BannerData | undefined;
  if (!data?.viewer) return null;
  const gift = data.variantFlags?.find((f) => f.name === 'enable_gift_banner');
  const membershipStatus = (status.data as StatusData | undefined)?.viewer?.membershipStatus ?? null;
  return {
    tier: data.viewer.membership?.tier ?? 'FREE',
    dismissedFlags: data.viewer.dismissableFlags ?? [],
    giftBannerEnabled: gift?.valueType.value === true,
    status: membershipStatus ? { ...membershipStatus, paymentMethod: (membershipStatus.paymentMethod as UpsellMembershipStatus['paymentMethod']) ?? null } : null,
  };
}

/**
 * The signed-in reader's membership facts, read once the page has hydrated (undefined until
 * then and while loading; null signed out or when unreadable). `version` reads them again.
 */
export function useViewerMembership(signedIn: boolean, version = 0): ViewerMembership | null | undefined {
  const loadData = useBrowserData();
  const [value, setValue] = useState<ViewerMembership | null | undefined>(undefined);
  useEffect(() => {
    if (!signedIn) {
      setValue(null);
      return;
    }
    let live = true;
    loadData()
      .then(({ client }) => loadViewerMembership(client))
      .then((v) => live && setValue(v))
      .catch(() => live && setValue(null));
    return () => void (live = false);
  }, [signedIn, loadData, version]);
  return value;
}
