import { describe, expect, it } from 'vitest';
import { PAGE_LAYOUTS } from '../pages.js';
import { ROUTE_TABLES, resolveRoute } from './index.js';

type Row = [url: string, name: string, pageId: string | null, params?: Record<string, string>];

const ID = '1a2b3c4d5e6f';

/** One concrete URL per path of spec §2.3, in the spec's order; optional segments expanded. */
const SPEC_PATHS: Record<string, Row[]> = {
  'Home and general': [
    ['/', 'ShowHome', 'home'],
    ['/about?autoplay=true', 'ShowLandingAbout', 'landing-about'],
    ['/business', 'ShowLandingB2b', 'landing-b2b'],
    ['/verified-authors', 'ShowLandingVerifiedAuthors', 'landing-verified-authors'],
    ['/creators', 'ShowLandingCreators', 'landing-creators'],
    ['/earn', 'ShowEarn', null],
    ['/download-app', 'ShowDownloadApp', 'download-app'],
    ['/jobs', 'ShowJobs', 'landing-jobs'],
    ['/help', 'ShowHelp', 'help'],
    ['/not-available', 'ShowNotAvailable', 'not-available'],
    ['/unrecognized-account', 'ShowUnrecognizedAccount', 'unrecognized-account'],
    ['/suspended', 'ShowSuspended', 'suspended'],
    ['/password', 'ShowCrupdatePassword', 'crupdate-password'],
    ['/_/oh-noes', 'ShowOhNoes', 'oh-noes'],
    ['/_/admin/internal-status', 'ShowInternalStatus', 'internal-status'],
    ['/_/admin/users/abc123', 'ShowAdminUser', 'admin-user', { id: 'abc123' }],
  ],
  Posts: [
    ['/new-story', 'ShowNewPost', 'new-story'],
    ['/new-story/repost/r1', 'ShowNewRepost', 'new-story', { repostId: 'r1' }],
    ['/new-story?inResponseToQuoteId=q1', 'ShowNewPost', 'new-story'],
    [`/p/${ID}`, 'ShowPost', 'post', { postId: ID }],
    [`/p/${ID}/edit`, 'ShowPostEdit', 'post-edit'],
    [`/p/${ID}/settings`, 'ShowPostSettings', 'post-settings'],
    [`/p/${ID}/info`, 'ShowPostInfo', 'post-info'],
    [`/p/${ID}/responses`, 'ShowPostResponses', 'post-responses'],
    [`/p/${ID}/responses/new`, 'ShowNewPostResponse', 'post-responses'],
    [`/p/${ID}/revert/v9/42`, 'ShowPostRevert', 'post-edit', { postId: ID, versionId: 'v9', baseRev: '42' }],
    ['/p/import', 'ShowPostImport', 'post-import'],
    ['/p/import-story', 'ShowPostImportStory', 'post-import'],
    [`/@ann/why-we-write-${ID}`, 'ShowPostUnderUser', 'post', { username: 'ann', postId: `why-we-write-${ID}` }],
    [`/the-pub/why-we-write-${ID}`, 'ShowPostUnderCollection', 'post', { collectionSlug: 'the-pub', postId: `why-we-write-${ID}` }],
  ],
  Design: [
    ['/me/design?unfold=header&action=edit', 'ShowUserDesignEditor', 'user-design-editor'],
    ['/the-pub/design', 'ShowCollectionDesignEditor', 'publication-design-editor'],
  ],
  Search: [
    ['/search?q=ink', 'ShowSearch', 'search', { category: 'posts' }],
    ['/search/users', 'ShowSearchCategory', 'search', { category: 'users' }],
    ['/search/publications', 'ShowSearchCategory', 'search', { category: 'publications' }],
    ['/search/tags', 'ShowSearchCategory', 'search', { category: 'tags' }],
    ['/search/posts', 'ShowSearchCategory', 'search', { category: 'posts' }],
    ['/search/lists', 'ShowSearchCategory', 'search', { category: 'lists' }],
    ['/the-pub/search', 'ShowCollectionSearch', 'search', { collectionSlug: 'the-pub', category: 'posts' }],
    ['/the-pub/search/users', 'ShowCollectionSearchCategory', 'search', { category: 'users' }],
  ],
  'Email settings': [
    ['/me/email-settings/u1/h4sh', 'ShowEmailSettings', 'email-settings', { userId: 'u1', hash: 'h4sh' }],
    ['/me/unsubscribe-all-author-newsletters', 'ShowUnsubscribeAllAuthorNewsletters', 'global-unsubscribe-newsletters'],
    ['/me/unsubscribe-all-newsletters', 'ShowUnsubscribeAllNewsletters', 'global-unsubscribe-newsletters'],
  ],
  Library: [
    ['/me/stories', 'ShowYourStoriesIndex', 'your-stories', { filterBy: 'drafts' }],
    ...(['drafts', 'public', 'responses', 'unlisted', 'deleted'].map(
      (f): Row => [`/me/stories/${f}`, 'ShowYourStories', 'your-stories', { filterBy: f }],
    )),
    ['/collections/staff-picks', 'ShowCollectionsLibraryList', 'collections-library', { catalogSlug: 'staff-picks' }],
    ['/me/lists', 'ShowYourLists', 'your-catalogs'],
    ['/me/lists/saved', 'ShowYourFollowedLists', 'your-followed-catalogs'],
    ['/me/lists/reading-history', 'ShowYourReadingHistory', 'your-reading-history'],
    [`/me/list/reading-list-${ID}`, 'ShowYourList', 'your-catalog'],
    ['/me/readinghistory', 'ShowCustomizeReadingHistory', 'customize-reading-history'],
    ['/collections', 'ShowCollectionsLibrary', 'collections-library'],
  ],
  Discovery: [
    ['/top-stories', 'ShowTopStories', 'top-stories'],
    ['/top-stories/june-1-2024', 'ShowTopStoriesDay', 'top-stories', { monthDayYearSlug: 'june-1-2024' }],
    ['/browse/top', 'ShowBrowseTop', null],
    ['/browse/top/june-1-2024', 'ShowBrowseTopDay', null],
    ['/me/following', 'ShowFollowsIndex', 'customize-following'],
    ['/me/following/writers', 'ShowFollowsEntity', 'customize-following', { entityName: 'writers' }],
    ['/me/following/topics', 'ShowFollowsTopics', null],
    ['/me/following/suggestions', 'ShowFollowsSuggestions', 'customize-suggestions'],
    [`/series/${ID}`, 'ShowSeries', 'series'],
    ['/me/series', 'ShowYourSeries', 'your-series'],
    ['/me/series/drafts', 'ShowYourSeriesFiltered', 'your-series'],
    ['/s/my-sequence', 'ShowSequenceLibrary', 'sequence-library', { sequenceSlug: 'my-sequence' }],
    [`/s/my-sequence/${ID}`, 'ShowSequencePost', 'post', { sequenceSlug: 'my-sequence', postId: ID }],
    ['/s/my-sequence/edit', 'ShowSequenceEdit', 'sequence-editor'],
    ['/s/new', 'ShowNewSequence', 'sequence-editor'],
    ['/explore-topics', 'ShowExploreTopics', 'explore-topics'],
    ['/topics', 'ShowTopics', null],
    ['/topic/technology', 'ShowTopic', 'legacy-topic-redirect', { topicSlug: 'technology' }],
    ['/topic/technology/edit', 'ShowTopicEdit', 'topic-editor'],
    ['/topic/technology/add-posts', 'ShowTopicAddPosts', 'topic-add-posts'],
  ],
  Tags: [
    ['/tag/js', 'ShowTagPosts', 'topic', { tagSlug: 'js' }],
    ['/tag/js/latest', 'ShowTagLatest', null],
    ['/tag/js/recommended', 'ShowTagRecommended', 'topic-recommended'],
    ['/tag/js/who-to-follow', 'ShowTagWhoToFollow', 'topic-who-to-follow'],
    ['/tag/js/top/year', 'ShowTopTagPosts', 'topic', { tagSlug: 'js', timePeriod: 'year' }],
    ['/tag/js/top-writers', 'ShowTagTopWriters', null],
    ['/tag/js/archive', 'ShowTagArchive', 'tag-archive'],
    ['/tag/js/archive/2024', 'ShowTagArchiveYearly', 'tag-archive', { year: '2024' }],
    ['/tag/js/archive/2024/06', 'ShowTagArchiveMonthly', 'tag-archive', { month: '06' }],
    ['/tag/js/archive/2024/06/01', 'ShowTagArchiveDaily', 'tag-archive', { day: '01' }],
    ['/tagged/js', 'ShowTagged', null, { tag: 'js' }],
  ],
  Stats: [
    ['/me/stats', 'ShowStats', 'stats-homepage'],
    [`/me/stats/post/${ID}`, 'ShowPostStats', 'stats-post', { postId: ID }],
    ['/@ann/stats', 'ShowUserStats', 'stats-homepage', { username: 'ann' }],
    [`/@ann/stats/post/${ID}`, 'ShowUserPostStats', 'stats-post', { username: 'ann', postId: ID }],
  ],
  Onboarding: [
    ['/get-started', 'ShowGetStarted', null],
    ['/get-started/topics', 'ShowTopicsOnboarding', 'topics-onboarding'],
    ['/get-started/plans', 'ShowOnboardingPlans', 'onboarding-plans'],
  ],
  'Author pages': [
    ['/@ann', 'ShowUser', 'user-profile', { username: 'ann', tab: 'HOME' }],
    ['/@ann/follow', 'ShowUserFollow', 'user-profile'],
    ['/@ann/edit', 'ShowUserEdit', 'user-profile'],
    ['/@ann/latest', 'ShowUserLatest', 'user-profile', { tab: 'LATEST' }],
    ['/@ann/has-recommended', 'ShowUserHasRecommended', 'user-profile', { tab: 'HAS_RECOMMENDED' }],
    ['/@ann/highlights', 'ShowUserHighlights', 'user-profile', { tab: 'HIGHLIGHTS' }],
    ['/@ann/series', 'ShowUserSeries', 'user-profile', { tab: 'SERIES' }],
    ['/@ann/followers', 'ShowUserFollowers', 'user-followers'],
    ['/@ann/following', 'ShowUserFollowing', 'user-following'],
    ['/@ann/about', 'ShowUserAbout', 'user-about'],
    ['/@ann/books', 'ShowUserBooks', 'user-books'],
    ['/@ann/lists', 'ShowUserLists', 'user-catalogs'],
    [`/@ann/list/reading-list-${ID}`, 'ShowUserList', 'user-catalog', { catalogSlugId: `reading-list-${ID}` }],
    ['/@ann/awards/top-writer', 'ShowUserAwards', 'user-awards', { kind: 'top-writer' }],
    ['/@ann/audience', 'ShowUserAudience', 'subscription-stats'],
    ['/@ann/audience/subscribers', 'ShowUserAudienceDetails', 'subscription-stats', { details: 'subscribers' }],
    ['/@ann/audience/stats/export', 'ShowUserAudienceExport', null],
    ['/@ann/responses', 'ShowUserResponses', 'user-profile', { tab: 'RESPONSES' }],
    ['/@ann/subscribe', 'ShowUserSubscribe', 'writer-subscription-promotion'],
    ['/@ann/partner/dashboard', 'ShowUserPartnerDashboard', 'partner-program-dashboard'],
    ['/@ann/partner/dashboard/earnings', 'ShowUserPartnerDashboardTab', 'partner-program-dashboard', { tab: 'earnings' }],
    ['/@ann/publications', 'ShowUserPublications', 'user-publications'],
    ['/@ann/recommended', 'ShowUserRecommended', null],
    ['/u/abc123def456', 'ShowUserById', 'user-profile', { id: 'abc123def456' }],
    ['/me/about', 'ShowYourAbout', 'user-about'],
  ],
  'Billing and partner program': [
    ['/me/billing-history/receipt/ch_1', 'ShowBillingReceipt', 'billing-receipt', { chargeId: 'ch_1' }],
    ['/me/settings/payout', 'ShowPayoutSettings', 'partner-program-payout-settings'],
    ['/me/settings/payout/bank/verify', 'ShowPayoutSettingsStep', 'partner-program-payout-settings', { step: 'bank/verify' }],
    ['/me/partner/enroll', 'ShowPartnerEnroll', 'partner-program-application'],
    ['/me/partner/enroll/terms', 'ShowPartnerEnrollStep', 'partner-program-application', { step: 'terms' }],
    ['/me/partner/unenroll', 'ShowPartnerUnenroll', 'partner-program-unenroll'],
    ['/me/partner/dashboard', 'ShowPartnerDashboard', 'partner-program-dashboard'],
    ['/me/partner/dashboard/stories', 'ShowPartnerDashboardTab', 'partner-program-dashboard', { tab: 'stories' }],
    ['/me/partner/taxes', 'ShowPartnerTaxes', 'partner-program-taxes'],
    ['/partner-program', 'ShowLandingPartnerProgram', 'landing-partner-program'],
    ['/partner-program-application', 'ShowPartnerProgramApplication', 'partner-program-application'],
    ['/partner-program/stripe/finish', 'ShowPartnerProgramStripeFinish', 'partner-program-stripe-finish'],
    ['/partner-program/stripe/reconnect', 'ShowPartnerProgramStripeReconnect', 'partner-program-stripe-reconnect'],
    ['/partner-program/stripe/reconnect/success', 'ShowPartnerProgramStripeReconnectSuccess', 'partner-program-stripe-reconnect-success'],
    ['/partner-program/payout/country', 'ShowPartnerProgramPayoutStep', 'partner-program-payout-settings', { step: 'country' }],
    ['/me/export/exp1', 'ShowExportDownload', null, { exportId: 'exp1' }],
  ],
  Publications: [
    ['/the-pub', 'ShowCollectionHome', 'publication-profile', { collectionSlug: 'the-pub' }],
    ['/c/abc123def456', 'ShowCollectionHomeById', 'publication-profile', { collectionId: 'abc123def456' }],
    ['/the-pub/about', 'ShowCollectionMasthead', 'publication-about'],
    ['/the-pub/settings', 'ShowCollectionSettings', 'publication-settings'],
    ['/the-pub/settings/about', 'ShowCollectionSettingsAbout', 'publication-settings', { tab: 'about' }],
    ['/the-pub/settings/custom-domain', 'ShowCollectionCustomDomainSettings', 'publication-custom-domain-settings'],
    ['/the-pub/settings/navigation', 'ShowCollectionSettingsNavigation', 'publication-settings'],
    ['/the-pub/settings/followers', 'ShowCollectionSettingsFollowers', 'publication-settings'],
    ['/the-pub/settings/feature-pages', 'ShowCollectionFeaturePages', 'publication-feature-pages'],
    ['/the-pub/settings/feature-pages/new', 'ShowCollectionNewFeaturePage', 'publication-feature-page-editor'],
    ['/the-pub/settings/feature-pages/design/edit', 'ShowCollectionEditFeaturePage', 'publication-feature-page-editor', { topicSlug: 'design' }],
    ['/the-pub/latest', 'ShowCollectionLatest', 'community-publication-latest'],
    ['/the-pub/trending', 'ShowCollectionTrending', 'community-publication-trending'],
    ['/the-pub/tagged/js', 'ShowCollectionTagged', 'publication-tagged', { tagSlug: 'js' }],
    ['/the-pub/design-notes/tagged/js', 'ShowCollectionFeatureTagged', 'publication-tagged', { featureSlug: 'design-notes', tagSlug: 'js' }],
    ['/the-pub/featured', 'ShowCollectionFeatured', 'community-publication-feature'],
    ['/the-pub/archive', 'ShowCollectionArchive', 'community-publication-archive'],
    ['/the-pub/archive/2024', 'ShowCollectionArchiveYearly', 'community-publication-archive', { year: '2024' }],
    ['/the-pub/archive/2024/06', 'ShowCollectionArchiveMonthly', 'community-publication-archive', { month: '06' }],
    ['/the-pub/archive/2024/06/01', 'ShowCollectionArchiveDaily', 'community-publication-archive', { day: '01' }],
    ['/the-pub/all', 'ShowCollectionAll', 'community-publication-latest'],
    ['/the-pub/all/3', 'ShowCollectionAllPage', 'community-publication-latest', { page: '3' }],
    ['/the-pub/followers', 'ShowLiteCollectionFollowers', 'publication-followers'],
    ['/the-pub/@ann/followers', 'ShowCollectionUserFollowers', 'user-followers', { username: 'ann' }],
    ['/the-pub/@ann/following', 'ShowCollectionUserFollowing', 'user-following', { username: 'ann' }],
    ['/the-pub/design/home', 'ShowCollectionFeaturePage', 'community-publication-feature', { topicSlug: 'design' }],
    ['/the-pub/home/s1', 'ShowCollectionHomeSection', 'community-publication-feature-section', { sectionId: 's1' }],
    ['/the-pub/stats', 'ShowCollectionStats', 'community-publication-stats'],
    ['/the-pub/stats/publication-digests', 'ShowCollectionDigestStats', 'publication-digest-stats'],
    ['/the-pub/manage/stories/featured', 'ShowCollectionManageFeaturedStories', 'community-publication-manage-featured-stories'],
    ['/the-pub/stories/published', 'ShowCollectionStories', 'publication-stories', { filterBy: 'published' }],
    ['/the-pub/stories/submissions', 'ShowCollectionSubmissions', 'publication-stories', { filterBy: 'submissions' }],
    ['/the-pub/new-newsletter', 'ShowCollectionNewNewsletter', 'publication-newsletter-settings'],
    ['/the-pub/newsletters/weekly', 'ShowCollectionNewsletterLandingPage', 'publication-newsletter-landing', { newsletterSlug: 'weekly' }],
    ['/the-pub/newsletters/weekly/settings', 'ShowCollectionNewsletterSettings', 'publication-newsletter-settings'],
    ['/the-pub/newsletters/weekly/stats', 'ShowCollectionNewsletterStats', 'subscription-stats'],
    ['/the-pub/newsletters/weekly/new-email', 'ShowCollectionNewsletterNewEmail', 'new-story'],
    ['/the-pub/newsletter', 'ShowCollectionNewsletterPromotionPage', 'publication-newsletter-promotion'],
    ['/the-pub/new-story', 'ShowCollectionNewPost', 'new-story'],
    ['/the-pub/edit', 'ShowCollectionEdit', null],
    ['/new-publication', 'ShowNewCollection', 'new-publication'],
    ['/c/abc123def456/about', 'ShowCollectionMastheadById', 'publication-about'],
    ['/c/abc123def456/tagged/js', 'ShowCollectionTaggedById', 'publication-tagged'],
    [`/c/abc123def456/why-${ID}`, 'ShowPostUnderCollectionById', 'post'],
  ],
  Authentication: [
    ['/m/signin', 'ShowSignIn', 'sign-in'],
    ['/m/callback/google', 'ShowAuthCallbackGoogle', null],
    ['/m/callback/apple', 'ShowAuthCallbackApple', null],
    ['/m/callback/email?token=t', 'ShowAuthCallbackEmail', null],
    ['/m/callback/twitter', 'ShowAuthCallbackTwitter', null],
    ['/m/callback/facebook', 'ShowAuthCallbackFacebook', null],
    ['/m/callback/namecheap', 'ShowAuthCallbackNamecheap', null],
    ['/m/callback/mastodon', 'ShowAuthCallbackMastodon', 'mastodon-callback'],
    ['/m/connect/google', 'ShowConnectGoogle', null],
    ['/m/connect/facebook', 'ShowConnectFacebook', null],
    ['/m/start-auth/apple', 'ShowStartAuthApple', null],
    ['/m/token', 'ShowAuthToken', null],
    ['/m/tos', 'ShowAcceptTerms', 'accept-terms'],
    ['/m/app', 'ShowOpenApp', null],
    ['/m/goodbye', 'ShowGoodbye', 'account-goodbye'],
    ['/m/getting-started', 'ShowGettingStarted', null],
    ['/m/share/success', 'ShowShareSuccess', 'share-success'],
    ['/m/oauth/authorize', 'ShowOAuthAuthorize', 'oauth-authorize'],
    ['/m/signout/x5rf', 'ShowSignOut', null, { xsrf: 'x5rf' }],
    ['/m/account/confirm/k3y', 'ShowAccountConfirm', null, { key: 'k3y' }],
  ],
  'Membership and gifts': [
    ['/membership', 'ShowSubscriptionsLanding', 'landing-membership'],
    ['/plans', 'ShowPay', 'plans'],
    ['/plans/confirmation/yearly', 'ShowPayConfirmation', 'plans-confirmation', { membershipType: 'yearly' }],
    ['/discount', 'ShowDiscountPlans', 'discount-plans'],
    ['/gift', 'ShowGiftLanding', 'landing-gift'],
    ['/gift-plans', 'ShowLiteGiftCheckout', 'gift-membership'],
    ['/group-gift', 'ShowGroupGift', 'group-gift-membership'],
    ['/redeem-gift', 'ShowRedeemGift', 'redeem-gift-membership'],
    ['/welcome-member', 'ShowWelcomeMember', 'welcome-member'],
    ['/manage-membership', 'ShowManageMembershipPage', 'manage-membership'],
    ['/manage-membership/confirmation/monthly', 'ShowManageMembershipConfirmationPage', 'manage-membership-confirmation'],
    ['/me/membership/cancel', 'ShowCancelMembership', 'cancel-membership'],
    ['/mobile-verification', 'ShowMobileVerification', 'mobile-verification'],
    ['/mobile-verification/code', 'ShowMobileVerificationStep', 'mobile-verification', { step: 'code' }],
    ['/mastodon', 'ShowMastodonForMembersPage', 'mastodon-for-members'],
  ],
  Settings: [
    ['/me/settings', 'ShowSettings', 'settings', { setting: 'account' }],
    ...(['account', 'publishing', 'notifications', 'membership', 'security'].map(
      (s): Row => [`/me/settings/${s}`, 'ShowSettingsTab', 'settings', { setting: s }],
    )),
    ['/me/settings#membership', 'ShowSettings', 'settings'],
    ['/me/settings/payment/update', 'ShowPaymentMethod', 'update-payment'],
    ['/me/settings/custom-domain', 'ShowSettingsCustomDomain', 'settings-custom-domain'],
    ['/me/settings/mute', 'ShowMutedSettings', 'customize-muted'],
    ['/me/settings/mute/publications', 'ShowMutedSettingsTab', 'customize-muted', { activeTab: 'publications' }],
  ],
  Other: [
    ['/me/notifications', 'ShowYourNotifications', 'notifications'],
    ['/me/activity', 'ShowYourActivity', null],
    ['/me/applications', 'ShowApplications', 'applications'],
    ['/me/applications/app1', 'ShowApplication', 'applications', { id: 'app1' }],
    ['/me/subscribers/import', 'ShowImportMailingList', 'import-mailing-list'],
    ['/l/ticks', 'ShowTicks', 'ticks'],
    ['/l/the-trump-45', 'ShowTheTrump45', 'the-trump-45'],
    ['/l/tribute', 'ShowTribute', 'tribute'],
    [`/embed/list/reading-list-${ID}`, 'ShowEmbedList', 'embed-catalog'],
    ['/media/m1', 'ShowMedia', null, { mediaResourceId: 'm1' }],
    ['/m-write', 'ShowMobileWebEditor', 'mobile-web-editor-redirect'],
    [`/m-write/${ID}`, 'ShowMobileWebEditorPost', 'mobile-web-editor-redirect'],
    ['/feed/@ann', 'ShowFeedUser', null, { username: 'ann' }],
    ['/feed/tag/js', 'ShowFeedTag', null, { tagSlug: 'js' }],
    ['/feed/the-pub', 'ShowFeedCollection', null, { collectionSlug: 'the-pub' }],
    ['/feed/the-pub/tagged/js', 'ShowFeedCollectionTagged', null],
    ['/s/abc123', 'ShowSequenceLibrary', 'sequence-library', { sequenceSlug: 'abc123' }],
  ],
};

describe('spec §2.3 path table (default host)', () => {
  for (const [group, rows] of Object.entries(SPEC_PATHS)) {
    describe(group, () => {
      it.each(rows)('%s → %s', (url, name, pageId, params) => {
        const match = resolveRoute('default', url);
        expect(match, url).not.toBeNull();
        expect(match!.name).toBe(name);
        expect(match!.pageId).toBe(pageId);
        if (params) expect(match!.params).toMatchObject(params);
      });
    });
  }
});

describe('route tables', () => {
  const tables = Object.entries(ROUTE_TABLES);

  it.each(tables)('every page id named by the %s table exists', (_kind, table) => {
    const missing = table.routes.map((r) => r.def.pageId).filter((id) => id !== null && !(id in PAGE_LAYOUTS));
    expect(missing).toEqual([]);
  });

  it.each(tables)('every route in the %s table either renders a page, redirects or is server handled', (_kind, table) => {
    const orphans = table.routes.filter((r) => r.def.pageId === null && !r.def.redirect && !r.def.serverHandled);
    expect(orphans.map((r) => r.def.name)).toEqual([]);
  });

  it('every route of the other hosts also exists on the main host, so links can fall back to it', () => {
    for (const kind of ['user-domain', 'publication-domain'] as const) {
      const missing = ROUTE_TABLES[kind].routes.map((r) => r.def.name).filter((n) => !ROUTE_TABLES.default.get(n));
      expect(missing, kind).toEqual([]);
    }
  });

  it('every named route of spec §2.4 exists on the main host', () => {
    const named = [
      'ShowHome', 'ShowNewPost', 'ShowPost', 'ShowPostUnderUser', 'ShowPostUnderCollection', 'ShowSequencePost',
      'ShowSequenceLibrary', 'ShowCollectionHome', 'ShowCollectionMasthead', 'ShowCollectionTagged',
      'ShowCollectionArchive', 'ShowTagPosts', 'ShowTopic', 'ShowExploreTopics', 'ShowSearch', 'ShowUser',
      'ShowUserAbout', 'ShowUserList', 'ShowUserLists', 'ShowUserBooks', 'ShowUserFollowers', 'ShowUserFollowing',
      'ShowYourLists', 'ShowYourFollowedLists', 'ShowYourNotifications', 'ShowYourStories', 'ShowStats',
      'ShowPartnerDashboard', 'ShowSettings', 'ShowSettingsTab', 'ShowFollowsIndex', 'ShowPay', 'ShowPaymentMethod',
      'ShowManageMembershipPage', 'ShowManageMembershipConfirmationPage', 'ShowSubscriptionsLanding',
      'ShowMastodonForMembersPage', 'ShowLandingVerifiedAuthors', 'ShowLandingPartnerProgram', 'ShowLiteGiftCheckout',
      'ShowGiftLanding', 'ShowLiteCollectionFollowers', 'ShowCollectionNewsletterLandingPage',
      'ShowCollectionNewsletterPromotionPage',
    ];
    expect(named.filter((n) => !ROUTE_TABLES.default.get(n))).toEqual([]);
    // The yearly, monthly and daily archives, and the sign-out route with its xsrf param.
    for (const n of ['ShowCollectionArchiveYearly', 'ShowCollectionArchiveMonthly', 'ShowCollectionArchiveDaily']) {
      expect(ROUTE_TABLES.default.get(n)).toBeDefined();
    }
    expect(ROUTE_TABLES.default.get('ShowSignOut')?.paramNames).toEqual(['xsrf']);
  });

  it('every page id of spec §2.1 is reached by a route, except those a page swaps in', () => {
    const reached = new Set(ROUTE_TABLES.default.routes.map((r) => r.def.pageId));
    const swappedIn = new Set([
      'home-lo',
      'community-publication-profile',
      'community-publication-about',
      'community-publication-tagged',
      'community-publication-newsletter-promotion',
    ]);
    const unreached = Object.keys(PAGE_LAYOUTS).filter((id) => !reached.has(id as never) && !swappedIn.has(id) && id !== 'not-found');
    expect(unreached).toEqual([]);
  });
});
