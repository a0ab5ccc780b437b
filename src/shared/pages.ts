/**
 * Page ids and their layouts (spec §2.1). The page id is the contract between the route tables
 * (src/shared/routing) and the page registry (src/web/router): a route names a page id, the
 * registry renders that page inside the layout given here.
 */

export type LayoutKind = 'two-column' | 'top-nav' | 'basic' | 'wordmark' | 'publication' | 'not-found';

/** Spec §2.1, list by list, in the spec's order so the two can be compared line by line. */
const SPEC_PAGE_LAYOUTS = {
  // Two-column layout.
  home: 'two-column',
  notifications: 'two-column',
  'user-profile': 'two-column',
  'user-about': 'two-column',
  'user-books': 'two-column',
  'user-catalogs': 'two-column',
  'user-catalog': 'two-column',
  'user-followers': 'two-column',
  'user-following': 'two-column',
  'publication-profile': 'two-column',
  'publication-about': 'two-column',
  'publication-followers': 'two-column',
  'publication-tagged': 'two-column',
  search: 'two-column',
  'your-stories': 'two-column',
  'your-catalogs': 'two-column',
  'your-catalog': 'two-column',
  'your-followed-catalogs': 'two-column',
  'your-reading-history': 'two-column',
  'customize-following': 'two-column',
  'customize-muted': 'two-column',
  'customize-reading-history': 'two-column',
  'customize-suggestions': 'two-column',
  settings: 'two-column',
  'global-unsubscribe-newsletters': 'two-column',

  // Top-navigation layout.
  post: 'top-nav',
  'cancel-membership': 'top-nav',
  'collections-library': 'top-nav',
  'explore-topics': 'top-nav',
  'import-mailing-list': 'top-nav',
  'mobile-verification': 'top-nav',
  'partner-program-dashboard': 'top-nav',
  'post-settings': 'top-nav',
  'publication-custom-domain-settings': 'top-nav',
  'publication-digest-stats': 'top-nav',
  'publication-newsletter-settings': 'top-nav',
  'publication-newsletter-landing': 'top-nav',
  'publication-newsletter-promotion': 'top-nav',
  series: 'top-nav',
  'settings-custom-domain': 'top-nav',
  'stats-homepage': 'top-nav',
  'stats-post': 'top-nav',
  'subscription-stats': 'top-nav',
  'tag-archive': 'top-nav',
  ticks: 'top-nav',
  'the-trump-45': 'top-nav',
  topic: 'top-nav',
  'topic-recommended': 'top-nav',
  'topic-who-to-follow': 'top-nav',
  tribute: 'top-nav',
  'update-payment': 'top-nav',
  'writer-subscription-promotion': 'top-nav',
  'two-factor-auth': 'top-nav',

  // Basic layout (no navigation).
  'billing-receipt': 'basic',
  'embed-catalog': 'basic',
  'home-lo': 'basic',
  'internal-status': 'basic',
  'landing-about': 'basic',
  'landing-b2b': 'basic',
  'landing-gift': 'basic',
  'landing-membership': 'basic',
  'landing-partner-program': 'basic',
  'landing-verified-authors': 'basic',
  'legacy-topic-redirect': 'basic',
  'mastodon-callback': 'basic',
  'mastodon-for-members': 'basic',
  'mobile-web-editor-redirect': 'basic',
  'partner-program-application': 'basic',
  'partner-program-payout-settings': 'basic',
  'partner-program-stripe-finish': 'basic',
  'partner-program-stripe-reconnect': 'basic',
  'partner-program-stripe-reconnect-success': 'basic',
  'partner-program-unenroll': 'basic',
  'publication-design-editor': 'basic',
  'redeem-gift-membership': 'basic',
  'sign-in': 'basic',
  'user-design-editor': 'basic',

  // Wordmark layout.
  'crupdate-password': 'wordmark',
  'discount-plans': 'wordmark',
  'download-app': 'wordmark',
  'gift-membership': 'wordmark',
  'group-gift-membership': 'wordmark',
  'manage-membership': 'wordmark',
  'manage-membership-confirmation': 'wordmark',
  'not-available': 'wordmark',
  'onboarding-plans': 'wordmark',
  plans: 'wordmark',
  'plans-confirmation': 'wordmark',
  'share-success': 'wordmark',
  'topics-onboarding': 'wordmark',
  'unrecognized-account': 'wordmark',
  'welcome-member': 'wordmark',

  // Publication layout (navigation and upsell banner).
  'community-publication-about': 'publication',
  'community-publication-archive': 'publication',
  'community-publication-feature': 'publication',
  'community-publication-feature-section': 'publication',
  'community-publication-latest': 'publication',
  'community-publication-manage-featured-stories': 'publication',
  'community-publication-newsletter-promotion': 'publication',
  'community-publication-profile': 'publication',
  'community-publication-stats': 'publication',
  'community-publication-tagged': 'publication',
  'community-publication-trending': 'publication',
} as const satisfies Record<string, LayoutKind>;

/**
 * Page ids not named by the spec. The spec's path table (§2.3) lists paths whose page it does not
 * name; these ids give them one. Layouts follow what the screen is: an editor draws its own
 * toolbar (basic), account and auth notices are short brand pages (wordmark), tools and lists sit
 * under the top navigation, reader-facing profile tabs keep the sidebar (two-column).
 */
const ADDED_PAGE_LAYOUTS = {
  'not-found': 'not-found',
  // Writing.
  'new-story': 'basic',
  'post-edit': 'basic',
  'post-info': 'top-nav',
  'post-responses': 'top-nav',
  'post-import': 'top-nav',
  'sequence-library': 'top-nav',
  'sequence-editor': 'top-nav',
  'your-series': 'two-column',
  // Discovery.
  'top-stories': 'top-nav',
  'topic-editor': 'top-nav',
  'topic-add-posts': 'top-nav',
  // Authors.
  'user-awards': 'two-column',
  'user-publications': 'two-column',
  // Publications.
  'new-publication': 'top-nav',
  'publication-settings': 'top-nav',
  'publication-feature-pages': 'top-nav',
  'publication-feature-page-editor': 'top-nav',
  'publication-stories': 'top-nav',
  // Account, auth and membership.
  'email-settings': 'wordmark',
  'accept-terms': 'wordmark',
  'account-goodbye': 'wordmark',
  'oauth-authorize': 'wordmark',
  suspended: 'wordmark',
  applications: 'top-nav',
  'partner-program-taxes': 'basic',
  // General and staff.
  help: 'top-nav',
  // The site's Terms of Service and Privacy Policy (Markdown from config: modules/site-documents).
  terms: 'top-nav',
  privacy: 'top-nav',
  'landing-creators': 'basic',
  'landing-jobs': 'basic',
  'oh-noes': 'basic',
  'admin-user': 'top-nav',
} as const satisfies Record<string, LayoutKind>;

const ALL_PAGE_LAYOUTS = { ...SPEC_PAGE_LAYOUTS, ...ADDED_PAGE_LAYOUTS };

export type PageId = keyof typeof ALL_PAGE_LAYOUTS;

/** Typed as a string record so callers can index it with any candidate id and handle misses. */
export const PAGE_LAYOUTS: Readonly<Record<string, LayoutKind>> = Object.freeze(ALL_PAGE_LAYOUTS);

/** Ids this project added beyond §2.1, so tooling and tests can tell them apart from the spec's. */
export const ADDED_PAGE_IDS: readonly PageId[] = Object.freeze(Object.keys(ADDED_PAGE_LAYOUTS) as PageId[]);

export const NOT_FOUND_PAGE_ID = 'not-found' satisfies PageId;

/** The route for '/' names 'home'; the home page swaps to this id when the viewer is logged out. */
export const LOGGED_OUT_HOME_PAGE_ID = 'home-lo' satisfies PageId;

/**
 * Spec §2.2: with the flag enable_lite_publications on, these publication pages render their
 * community-publication variant. Routes name the classic id; the page registry applies this map.
 */
export const LITE_PUBLICATION_VARIANTS: Readonly<Partial<Record<PageId, PageId>>> = Object.freeze({
  'publication-profile': 'community-publication-profile',
  'publication-about': 'community-publication-about',
  'publication-tagged': 'community-publication-tagged',
  'publication-newsletter-promotion': 'community-publication-newsletter-promotion',
});

/** Spec §2.1: the wordmark layout drops its bottom margin on these pages. */
export const WORDMARK_NO_BOTTOM_MARGIN: ReadonlySet<string> = new Set(['download-app']);

export function isPageId(pageId: string): pageId is PageId {
  return Object.prototype.hasOwnProperty.call(PAGE_LAYOUTS, pageId);
}

/** Spec §8: an unknown page id is a programming error, reported with the spec's text. */
export function layoutForPage(pageId: string): LayoutKind {
  if (!isPageId(pageId)) throw new Error(`Expected ${pageId} page to exist.`);
  return PAGE_LAYOUTS[pageId];
}
