import type { ApolloClient } from '@apollo/client';
import { useEffect, useState } from 'react';
import type { MembershipTier } from '../../../shared/membership.js';
import type { UpsellMembershipStatus } from '../../../shared/upsell-banner.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { USE_REACTIVATE_MEMBERSHIP_UPSELL_QUERY } from '../../graphql/upsell-operations.js';

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
  viewer?: {
    id: string;
    dismissableFlags: string[];
    membership: { tier: MembershipTier } | null;
    membershipStatus?: (UpsellMembershipStatus & { paymentMethod: { __typename: string } | null }) | null;
  } | null;
  variantFlags?: { name: string; valueType: { value?: unknown } }[];
};

/**
 * Reads the reader's membership facts in one operation (UseReactivateMembershipUpsellQuery).
 * With errorPolicy 'all' a membership status that fails to resolve comes back null beside the
 * rest, so the banners still know the tier and flags. Apollo keeps the answer for the page (the
 * avatar menu reads it again for free); a DismissFlag answer updates it.
 */
export async function loadViewerMembership(client: ApolloClient): Promise<ViewerMembership | null> {
  const { data } = (await client.query({ query: USE_REACTIVATE_MEMBERSHIP_UPSELL_QUERY, errorPolicy: 'all' })) as { data?: BannerData };
  if (!data?.viewer) return null;
  const gift = data.variantFlags?.find((f) => f.name === 'enable_gift_banner');
  const membershipStatus = data.viewer.membershipStatus ?? null;
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
