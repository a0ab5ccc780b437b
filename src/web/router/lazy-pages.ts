import type { PageDef } from './registry.js';

/**
 * Page definitions kept out of the first script. A definition names its GraphQL documents,
 * and the registry holding them all made every reader download every page's documents
 * with the first page (the story page's JavaScript budget, spec of the reading path). These
 * groups load with their page instead; the server names the group's chunk in the page's
 * modulepreload tags, so hydration does not wait for it.
 */
export interface LazyPageGroup {
  /** The group's source path: the build manifest's key, for modulepreload. */
  module: string;
  /** The page ids it defines (checked against the module by a test). */
  pageIds: readonly string[];
  load(): Promise<Record<string, PageDef>>;
}

function group(module: string, pageIds: readonly string[], load: () => Promise<Record<string, PageDef>>): LazyPageGroup {
  let loaded: Promise<Record<string, PageDef>> | null = null;
  return { module, pageIds, load: () => (loaded ??= load()) };
}

export const LAZY_PAGE_GROUPS: readonly LazyPageGroup[] = [
  // home (logged in) and top-stories (/top-stories[/{monthDayYearSlug}]; /browse/top redirects there).
  group('src/web/pages/home/page-defs.ts', ['home', 'top-stories'], () => import('../pages/home/page-defs.js').then((m) => m.FEED_PAGES)),
  group('src/web/pages/topic/page-defs.ts', ['topic', 'topic-recommended', 'topic-who-to-follow', 'tag-archive', 'explore-topics', 'legacy-topic-redirect', 'topics-onboarding'], () =>
    import('../pages/topic/page-defs.js').then((m) => m.TOPIC_PAGES),
  ),
  group('src/web/pages/user-profile/page-defs.ts', ['user-profile', 'user-about', 'user-followers', 'user-following'], () => import('../pages/user-profile/page-defs.js').then((m) => m.PROFILE_PAGES)),
  // /me/following[/{entityName}], /me/following/suggestions, /me/settings/mute[/{activeTab}].
  group('src/web/pages/customize-following/page-defs.ts', ['customize-following', 'customize-suggestions', 'customize-muted'], () =>
    import('../pages/customize-following/page-defs.js').then((m) => m.CUSTOMIZE_PAGES),
  ),
  // The signed-in reader's own pages: settings, their stories, the password and the writing pages.
  group('src/web/pages/settings/page-defs.ts', ['settings', 'new-story', 'post-edit', 'post-settings', 'post-import', 'your-stories', 'crupdate-password'], () =>
    import('../pages/settings/page-defs.js').then((m) => m.ACCOUNT_PAGES),
  ),
  // /terms and /privacy: the site's Markdown documents.
  group('src/web/pages/site-document/page-defs.ts', ['terms', 'privacy'], () => import('../pages/site-document/page-defs.js').then((m) => m.SITE_DOCUMENT_PAGE_DEFS)),
  // /me/notifications (page id notifications).
  group('src/web/pages/notifications/page-defs.ts', ['notifications'], () => import('../pages/notifications/page-defs.js').then((m) => m.NOTIFICATIONS_PAGES)),
  // Buying a membership: /plans, /plans/confirmation/{membershipType}, /discount, /get-started/plans, /welcome-member, /membership.
  group('src/web/pages/plans/page-defs.ts', ['plans', 'plans-confirmation', 'discount-plans', 'onboarding-plans', 'welcome-member', 'landing-membership'], () => import('../pages/plans/page-defs.js').then((m) => m.PLANS_PAGES)),
  // Managing a membership: switch plan (+ confirmation), cancel, payment method, receipts.
  group('src/web/pages/manage-membership/page-defs.ts', ['manage-membership', 'manage-membership-confirmation', 'cancel-membership', 'update-payment', 'billing-receipt'], () =>
    import('../pages/manage-membership/page-defs.js').then((m) => m.MANAGE_MEMBERSHIP_PAGES),
  ),
  // /me/lists/reading-history (the library tab) and /me/readinghistory (Refine recommendations).
  group('src/web/pages/your-reading-history/page-defs.ts', ['your-reading-history', 'customize-reading-history'], () =>
    import('../pages/your-reading-history/page-defs.js').then((m) => m.READING_HISTORY_PAGES),
  ),
  // Lists: /me/lists, /me/lists/saved, /@{username}/lists, /collections[/{catalogSlug}].
  group('src/web/pages/your-catalogs/page-defs.ts', ['your-catalogs', 'your-followed-catalogs', 'user-catalogs', 'collections-library'], () => import('../pages/your-catalogs/page-defs.js').then((m) => m.LISTS_PAGES)),
  // Series: /s/{sequenceSlug}, /s/new, /s/{sequenceSlug}/edit, /me/series[/{filterBy}], /series/{postId}.
  group('src/web/pages/sequence-library/page-defs.ts', ['sequence-library', 'sequence-editor', 'your-series', 'series'], () => import('../pages/sequence-library/page-defs.js').then((m) => m.SERIES_PAGES)),
  group('src/web/pages/publication-home/page-defs.ts', ['publication-profile', 'community-publication-profile', 'community-publication-feature-section', 'publication-design-editor', 'community-publication-manage-featured-stories'], () => import('../pages/publication-home/page-defs.js').then((m) => m.PUBLICATION_DESIGN_PAGES)),
  group('src/web/pages/custom-domain-settings/page-defs.ts', ['settings-custom-domain', 'publication-custom-domain-settings'], () => import('../pages/custom-domain-settings/page-defs.js').then((m) => m.CUSTOM_DOMAIN_PAGES)),
  group('src/web/pages/publication-followers/page-defs.ts', ['publication-followers'], () => import('../pages/publication-followers/page-defs.js').then((m) => m.PUBLICATION_SOCIAL_PAGES)),
  group('src/web/pages/publication-stories/page-defs.ts', ['publication-stories'], () => import('../pages/publication-stories/page-defs.js').then((m) => m.PUBLICATION_STORIES_PAGES)),
  group('src/web/pages/gift/page-defs.ts', ['landing-gift', 'gift-membership', 'group-gift-membership', 'redeem-gift-membership'], () => import('../pages/gift/page-defs.js').then((m) => m.GIFT_PAGES)),
  // A list: the owner's page (/me/list/{catalogSlugId}), its public page and its embed.
  group('src/web/pages/your-catalog/page-defs.ts', ['your-catalog', 'user-catalog', 'embed-catalog'], () => import('../pages/your-catalog/page-defs.js').then((m) => m.CATALOG_PAGES)),
  // Publication reader pages: about, latest, /all, trending, tagged, feature pages, /featured, archive; the editors' feature pages.
  group('src/web/pages/publication-about/page-defs.ts', ['publication-about', 'community-publication-about', 'community-publication-latest', 'community-publication-trending', 'publication-tagged', 'community-publication-tagged', 'community-publication-feature', 'community-publication-archive', 'publication-feature-pages', 'publication-feature-page-editor'], () =>
    import('../pages/publication-about/page-defs.js').then((m) => m.PUBLICATION_READER_PAGES),
  ),
  // /{collectionSlug}/stats: a publication's stats, for its editors.
  group('src/web/pages/publication-stats/page-defs.ts', ['community-publication-stats'], () => import('../pages/publication-stats/page-defs.js').then((m) => m.PUBLICATION_STATS_PAGES)),
  group('src/web/pages/publication-admin/page-defs.ts', ['new-publication', 'publication-settings', 'user-publications'], () => import('../pages/publication-admin/page-defs.js').then((m) => m.PUBLICATION_ADMIN_PAGES)),
  group('src/web/pages/search/page-defs.ts', ['search'], () => import('../pages/search/page-defs.js').then((m) => m.SEARCH_PAGES)),
  // A publication's newsletter: /{slug}/new-newsletter, /{slug}/newsletters/{newsletterSlug}[/settings], /{slug}/newsletter.
  group('src/web/pages/publication-newsletter/page-defs.ts', ['publication-newsletter-settings', 'publication-newsletter-landing', 'publication-newsletter-promotion', 'community-publication-newsletter-promotion'], () => import('../pages/publication-newsletter/page-defs.js').then((m) => m.PUBLICATION_NEWSLETTER_PAGES)),
  // Subscribers: /{slug}/newsletters/{newsletterSlug}/stats (editors) and /@{username}/audience[/{details}] (the writer).
  group('src/web/pages/subscription-stats/page-defs.ts', ['subscription-stats'], () => import('../pages/subscription-stats/page-defs.js').then((m) => m.SUBSCRIPTION_STATS_PAGES)),
  // /me/email-settings/{userId}/{hash}: a reader's newsletters and email choices, by signed link.
  group('src/web/pages/email-settings/page-defs.ts', ['email-settings'], () => import('../pages/email-settings/page-defs.js').then((m) => m.EMAIL_SETTINGS_PAGES)),
  // /me/unsubscribe-all-author-newsletters, /me/unsubscribe-all-newsletters and a newsletter email's footer link.
  group('src/web/pages/global-unsubscribe-newsletters/page-defs.ts', ['global-unsubscribe-newsletters'], () => import('../pages/global-unsubscribe-newsletters/page-defs.js').then((m) => m.GLOBAL_UNSUBSCRIBE_PAGES)),
  group('src/web/pages/writer-subscription-promotion/page-defs.ts', ['writer-subscription-promotion'], () => import('../pages/writer-subscription-promotion/page-defs.js').then((m) => m.WRITER_SUBSCRIPTION_PAGES)),
  group('src/web/pages/import-mailing-list/page-defs.ts', ['import-mailing-list'], () => import('../pages/import-mailing-list/page-defs.js').then((m) => m.IMPORT_MAILING_LIST_PAGES)),
];

const byPageId = new Map(LAZY_PAGE_GROUPS.flatMap((g) => g.pageIds.map((id) => [id, g] as const)));

/** The lazy group defining `pageId`, if any. */
export const lazyGroupOf = (pageId: string): LazyPageGroup | undefined => byPageId.get(pageId);
