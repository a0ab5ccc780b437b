import { GIFT_CHECKOUT_QUERY } from '../../graphql/gift-operations.js';
import type { PageDef } from '../../router/registry.js';
import type { GiftCheckoutData } from './checkout-data.js';

const checkoutOpen = (data: unknown) => (data as GiftCheckoutData | undefined)?.giftCheckout?.giftCheckoutEnabled !== false;

/** The gift pages (spec §2.3 Membership and gifts): landing, the two checkouts, redeem. */
export const GIFT_PAGES: Record<string, PageDef> = {
  'landing-gift': {
    module: 'src/web/pages/gift/LandingGiftPage.tsx',
    load: () => import('./LandingGiftPage.js'),
    preload: () => [{ query: GIFT_CHECKOUT_QUERY }],
    head: (_data, _params, site) => ({ title: `Give the gift of ${site.siteName}`, description: `Give a year of ${site.siteName} membership.` }),
  },
  // ShowLiteGiftCheckout. With the feature gate disable_lite_gift_page on, it is closed and sends readers to the landing.
  'gift-membership': {
    module: 'src/web/pages/gift/GiftMembershipPage.tsx',
    load: () => import('./GiftMembershipPage.js'),
    preload: () => [{ query: GIFT_CHECKOUT_QUERY }],
    outcome: ([data]) => (checkoutOpen(data) ? {} : { redirect: '/gift', temporary: true }),
    head: (_data, _params, site) => ({ title: `Gift a membership – ${site.siteName}`, robots: 'noindex' }),
  },
  'group-gift-membership': {
    module: 'src/web/pages/gift/GroupGiftPage.tsx',
    load: () => import('./GroupGiftPage.js'),
    preload: () => [{ query: GIFT_CHECKOUT_QUERY }],
    head: (_data, _params, site) => ({ title: `Group gift – ${site.siteName}`, robots: 'noindex' }),
  },
  'redeem-gift-membership': {
    module: 'src/web/pages/gift/RedeemGiftPage.tsx',
    load: () => import('./RedeemGiftPage.js'),
    head: (_data, _params, site) => ({ title: `Redeem a gift – ${site.siteName}`, robots: 'noindex' }),
  },
};
