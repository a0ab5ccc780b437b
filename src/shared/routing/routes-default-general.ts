import type { RouteDef } from './types.js';

/** Spec §2.3 "Home and general" and "Onboarding". */
export const GENERAL_ROUTES: readonly RouteDef[] = [
  // The home page shows 'home-lo' to logged-out visitors (pages.ts LOGGED_OUT_HOME_PAGE_ID).
  { name: 'ShowHome', pattern: '/', pageId: 'home', pageType: 'home' },
  // '?autoplay' is read by the page; queries never select a route.
  { name: 'ShowLandingAbout', pattern: '/about', pageId: 'landing-about' },
  { name: 'ShowLandingB2b', pattern: '/business', pageId: 'landing-b2b' },
  { name: 'ShowLandingVerifiedAuthors', pattern: '/verified-authors', pageId: 'landing-verified-authors' },
  { name: 'ShowLandingCreators', pattern: '/creators', pageId: 'landing-creators' },
  // "Earn" is the partner program's marketing name.
  { name: 'ShowEarn', pattern: '/earn', pageId: null, redirect: { to: 'ShowLandingPartnerProgram', status: 301 } },
  { name: 'ShowDownloadApp', pattern: '/download-app', pageId: 'download-app' },
  { name: 'ShowJobs', pattern: '/jobs', pageId: 'landing-jobs' },
  { name: 'ShowHelp', pattern: '/help', pageId: 'help' },
  // Not in the spec, which names the footer's Privacy and Terms but no routes for them.
  { name: 'ShowTerms', pattern: '/terms', pageId: 'terms' },
  { name: 'ShowPrivacy', pattern: '/privacy', pageId: 'privacy' },
  { name: 'ShowNotAvailable', pattern: '/not-available', pageId: 'not-available' },
  { name: 'ShowUnrecognizedAccount', pattern: '/unrecognized-account', pageId: 'unrecognized-account' },
  { name: 'ShowSuspended', pattern: '/suspended', pageId: 'suspended' },
  { name: 'ShowCrupdatePassword', pattern: '/password', pageId: 'crupdate-password' },
  // Throws on render on purpose, to exercise the 500 screen in production.
  { name: 'ShowOhNoes', pattern: '/_/oh-noes', pageId: 'oh-noes' },
  { name: 'ShowInternalStatus', pattern: '/_/admin/internal-status', pageId: 'internal-status', access: 'admin' },
  { name: 'ShowAdminUser', pattern: '/_/admin/users/{id}', pageId: 'admin-user', access: 'staff' },

  // Onboarding starts with topics; '/get-started' stays a stable entry point if steps change.
  { name: 'ShowGetStarted', pattern: '/get-started', pageId: null, redirect: { to: 'ShowTopicsOnboarding', status: 302 } },
  { name: 'ShowTopicsOnboarding', pattern: '/get-started/topics', pageId: 'topics-onboarding' },
  { name: 'ShowOnboardingPlans', pattern: '/get-started/plans', pageId: 'onboarding-plans' },
];

const CALLBACK_PROVIDERS = ['google', 'apple', 'email', 'twitter', 'facebook', 'namecheap'] as const;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Spec §2.3 "Authentication". Callbacks, connects and tokens are answered by the server's auth
 * handlers (they set cookies and redirect), so they map to no page; Mastodon's callback is a page
 * because the reader confirms the linked account there.
 */
export const AUTH_ROUTES: readonly RouteDef[] = [
  { name: 'ShowSignIn', pattern: '/m/signin', pageId: 'sign-in' },
  ...CALLBACK_PROVIDERS.map(
    (provider): RouteDef => ({
      name: `ShowAuthCallback${capitalize(provider)}`,
      pattern: `/m/callback/${provider}`,
      pageId: null,
      serverHandled: true,
    }),
  ),
  { name: 'ShowAuthCallbackMastodon', pattern: '/m/callback/mastodon', pageId: 'mastodon-callback' },
  { name: 'ShowConnectGoogle', pattern: '/m/connect/google', pageId: null, serverHandled: true },
  { name: 'ShowConnectFacebook', pattern: '/m/connect/facebook', pageId: null, serverHandled: true },
  { name: 'ShowStartAuthApple', pattern: '/m/start-auth/apple', pageId: null, serverHandled: true },
  { name: 'ShowAuthToken', pattern: '/m/token', pageId: null, serverHandled: true },
  { name: 'ShowAcceptTerms', pattern: '/m/tos', pageId: 'accept-terms' },
  // Opening the app from the web goes through the download page, which deep-links when it can.
  { name: 'ShowOpenApp', pattern: '/m/app', pageId: null, redirect: { to: 'ShowDownloadApp', status: 302 } },
  { name: 'ShowGoodbye', pattern: '/m/goodbye', pageId: 'account-goodbye' },
  { name: 'ShowGettingStarted', pattern: '/m/getting-started', pageId: null, redirect: { to: 'ShowTopicsOnboarding', status: 302 } },
  { name: 'ShowShareSuccess', pattern: '/m/share/success', pageId: 'share-success' },
  { name: 'ShowOAuthAuthorize', pattern: '/m/oauth/authorize', pageId: 'oauth-authorize' },
  { name: 'ShowSignOut', pattern: '/m/signout/{xsrf}', pageId: null, serverHandled: true },
  { name: 'ShowAccountConfirm', pattern: '/m/account/confirm/{key}', pageId: null, serverHandled: true },
];

/** Spec §2.3 "Other". */
export const OTHER_ROUTES: readonly RouteDef[] = [
  { name: 'ShowYourNotifications', pattern: '/me/notifications', pageId: 'notifications' },
  // Activity was the old name of notifications.
  { name: 'ShowYourActivity', pattern: '/me/activity', pageId: null, redirect: { to: 'ShowYourNotifications', status: 301 } },
  { name: 'ShowApplications', pattern: '/me/applications', pageId: 'applications' },
  { name: 'ShowApplication', pattern: '/me/applications/{id}', pageId: 'applications' },
  { name: 'ShowImportMailingList', pattern: '/me/subscribers/import', pageId: 'import-mailing-list' },
  // Campaign landing pages live under '/l/'.
  { name: 'ShowTicks', pattern: '/l/ticks', pageId: 'ticks' },
  { name: 'ShowTheTrump45', pattern: '/l/the-trump-45', pageId: 'the-trump-45' },
  { name: 'ShowTribute', pattern: '/l/tribute', pageId: 'tribute' },
  { name: 'ShowEmbedList', pattern: '/embed/list/{catalogSlugId}', pageId: 'embed-catalog' },
  // Media embeds are iframes rendered by the media handler.
  { name: 'ShowMedia', pattern: '/media/{mediaResourceId}', pageId: null, serverHandled: true },
  { name: 'ShowMobileWebEditor', pattern: '/m-write', pageId: 'mobile-web-editor-redirect' },
  { name: 'ShowMobileWebEditorPost', pattern: '/m-write/{postId}', pageId: 'mobile-web-editor-redirect' },
  // RSS feeds ('/feed/...'): one route per feed kind so the handler gets typed params.
  { name: 'ShowFeedUser', pattern: '/feed/@{username}', pageId: null, serverHandled: true },
  { name: 'ShowFeedTag', pattern: '/feed/tag/{tagSlug}', pageId: null, serverHandled: true },
  { name: 'ShowFeedCollection', pattern: '/feed/{collectionSlug}', pageId: null, serverHandled: true },
  { name: 'ShowFeedCollectionTagged', pattern: '/feed/{collectionSlug}/tagged/{tagSlug}', pageId: null, serverHandled: true },
];
