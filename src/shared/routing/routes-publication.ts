import { mountFamily, type FamilyRouteDef } from './family.js';
import type { RouteDef } from './types.js';

/**
 * Publication pages (spec §2.3 "Publications under /{collectionSlug}"). Profile, about, tagged
 * and newsletter promotion name the classic page id; the page registry swaps in the
 * community-publication variant under enable_lite_publications (pages.ts
 * LITE_PUBLICATION_VARIANTS). Pages with only a community variant name it directly.
 */
const PUBLICATION_FAMILY: readonly FamilyRouteDef[] = [
  { name: 'ShowCollectionHome', suffix: '', pageId: 'publication-profile', pageType: 'collection_home' },
  // "Masthead" is the publication's about page.
  { name: 'ShowCollectionMasthead', suffix: '/about', pageId: 'publication-about' },

  // Settings.
  { name: 'ShowCollectionSettings', suffix: '/settings', pageId: 'publication-settings', defaults: { tab: 'general' } },
  { name: 'ShowCollectionSettingsAbout', suffix: '/settings/about', pageId: 'publication-settings', defaults: { tab: 'about' } },
  { name: 'ShowCollectionCustomDomainSettings', suffix: '/settings/custom-domain', pageId: 'publication-custom-domain-settings' },
  { name: 'ShowCollectionSettingsNavigation', suffix: '/settings/navigation', pageId: 'publication-settings', defaults: { tab: 'navigation' } },
  { name: 'ShowCollectionSettingsFollowers', suffix: '/settings/followers', pageId: 'publication-settings', defaults: { tab: 'followers' } },
  { name: 'ShowCollectionFeaturePages', suffix: '/settings/feature-pages', pageId: 'publication-feature-pages' },
  { name: 'ShowCollectionNewFeaturePage', suffix: '/settings/feature-pages/new', pageId: 'publication-feature-page-editor' },
  { name: 'ShowCollectionEditFeaturePage', suffix: '/settings/feature-pages/{topicSlug}/edit', pageId: 'publication-feature-page-editor' },
  // The old settings address; settings moved under /settings.
  { name: 'ShowCollectionEdit', suffix: '/edit', pageId: null, redirect: { to: 'ShowCollectionSettings', status: 301 } },
  { name: 'ShowCollectionDesignEditor', suffix: '/design', pageId: 'publication-design-editor' },

  // Reading.
  { name: 'ShowCollectionLatest', suffix: '/latest', pageId: 'community-publication-latest' },
  { name: 'ShowCollectionTrending', suffix: '/trending', pageId: 'community-publication-trending' },
  // "All stories" is the latest list paged by number, kept for old pagination links.
  { name: 'ShowCollectionAll', suffix: '/all', pageId: 'community-publication-latest' },
  { name: 'ShowCollectionAllPage', suffix: '/all/{page}', pageId: 'community-publication-latest' },
  { name: 'ShowCollectionTagged', suffix: '/tagged/{tagSlug}', pageId: 'publication-tagged', pageType: 'collection_tagged' },
  { name: 'ShowCollectionFeatureTagged', suffix: '/{featureSlug}/tagged/{tagSlug}', pageId: 'publication-tagged', pageType: 'collection_tagged' },
  { name: 'ShowCollectionFeatured', suffix: '/featured', pageId: 'community-publication-feature' },
  { name: 'ShowCollectionFeaturePage', suffix: '/{topicSlug}/home', pageId: 'community-publication-feature' },
  { name: 'ShowCollectionHomeSection', suffix: '/home/{sectionId}', pageId: 'community-publication-feature-section' },
  { name: 'ShowCollectionArchive', suffix: '/archive', pageId: 'community-publication-archive', pageType: 'collection_archive' },
  { name: 'ShowCollectionArchiveYearly', suffix: '/archive/{year}', pageId: 'community-publication-archive', pageType: 'collection_archive' },
  { name: 'ShowCollectionArchiveMonthly', suffix: '/archive/{year}/{month}', pageId: 'community-publication-archive', pageType: 'collection_archive' },
  { name: 'ShowCollectionArchiveDaily', suffix: '/archive/{year}/{month}/{day}', pageId: 'community-publication-archive', pageType: 'collection_archive' },
  { name: 'ShowLiteCollectionFollowers', suffix: '/followers', pageId: 'publication-followers' },
  { name: 'ShowCollectionUserFollowers', suffix: '/@{username}/followers', pageId: 'user-followers' },
  { name: 'ShowCollectionUserFollowing', suffix: '/@{username}/following', pageId: 'user-following' },
  { name: 'ShowCollectionSearch', suffix: '/search', pageId: 'search', defaults: { category: 'posts' } },
  { name: 'ShowCollectionSearchCategory', suffix: '/search/{category}', pageId: 'search' },

  // Editors' tools.
  { name: 'ShowCollectionStats', suffix: '/stats', pageId: 'community-publication-stats' },
  { name: 'ShowCollectionDigestStats', suffix: '/stats/publication-digests', pageId: 'publication-digest-stats' },
  { name: 'ShowCollectionManageFeaturedStories', suffix: '/manage/stories/featured', pageId: 'community-publication-manage-featured-stories' },
  { name: 'ShowCollectionSubmissions', suffix: '/stories/submissions', pageId: 'publication-stories', defaults: { filterBy: 'submissions' } },
  { name: 'ShowCollectionStories', suffix: '/stories/{filterBy}', pageId: 'publication-stories' },
  { name: 'ShowCollectionNewPost', suffix: '/new-story', pageId: 'new-story' },

  // Newsletters.
  { name: 'ShowCollectionNewsletterPromotionPage', suffix: '/newsletter', pageId: 'publication-newsletter-promotion' },
  { name: 'ShowCollectionNewNewsletter', suffix: '/new-newsletter', pageId: 'publication-newsletter-settings' },
  { name: 'ShowCollectionNewsletterLandingPage', suffix: '/newsletters/{newsletterSlug}', pageId: 'publication-newsletter-landing' },
  { name: 'ShowCollectionNewsletterSettings', suffix: '/newsletters/{newsletterSlug}/settings', pageId: 'publication-newsletter-settings' },
  { name: 'ShowCollectionNewsletterStats', suffix: '/newsletters/{newsletterSlug}/stats', pageId: 'subscription-stats' },
  // A newsletter email is written as a story and sent on publish.
  { name: 'ShowCollectionNewsletterNewEmail', suffix: '/newsletters/{newsletterSlug}/new-email', pageId: 'new-story' },

  { name: 'ShowPostUnderCollection', suffix: '/{postId}', pageId: 'post', pageType: 'post_page' },
];

const byId = (name: string) => `${name}ById`;

export const DEFAULT_PUBLICATION_ROUTES: readonly RouteDef[] = [
  ...mountFamily('/{collectionSlug}', PUBLICATION_FAMILY),
  // Spec §2.3 "(or /c/{id})": every publication path also exists by id, for links that must
  // survive a slug change.
  ...mountFamily('/c/{collectionId}', PUBLICATION_FAMILY, byId),
  { name: 'ShowNewCollection', pattern: '/new-publication', pageId: 'new-publication' },
];

/** A publication's own domain serves the family at its root; the page finds the publication by host. */
export const PUBLICATION_DOMAIN_ROUTES: readonly RouteDef[] = [
  ...mountFamily('', PUBLICATION_FAMILY),
  { name: 'ShowFeedCollection', pattern: '/feed', pageId: null, serverHandled: true },
  { name: 'ShowFeedCollectionTagged', pattern: '/feed/tagged/{tagSlug}', pageId: null, serverHandled: true },
];
