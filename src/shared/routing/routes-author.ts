import { mountFamily, type FamilyRouteDef } from './family.js';
import type { RouteDef } from './types.js';

/**
 * Author pages (spec §2.3 "Author pages" and the per-author stats paths). Profile tabs are routes
 * of the one user-profile page; `defaults.tab` carries the spec's profile-tab enum value.
 */
const AUTHOR_FAMILY: readonly FamilyRouteDef[] = [
  { name: 'ShowUser', suffix: '', pageId: 'user-profile', defaults: { tab: 'HOME' }, pageType: 'user_profile_page' },
  // Follow and edit intents open on the profile so a signed-out visitor lands somewhere useful.
  { name: 'ShowUserFollow', suffix: '/follow', pageId: 'user-profile', defaults: { tab: 'HOME', intent: 'follow' } },
  { name: 'ShowUserEdit', suffix: '/edit', pageId: 'user-profile', defaults: { tab: 'HOME', intent: 'edit' } },
  { name: 'ShowUserLatest', suffix: '/latest', pageId: 'user-profile', defaults: { tab: 'LATEST' } },
  { name: 'ShowUserHasRecommended', suffix: '/has-recommended', pageId: 'user-profile', defaults: { tab: 'HAS_RECOMMENDED' } },
  { name: 'ShowUserHighlights', suffix: '/highlights', pageId: 'user-profile', defaults: { tab: 'HIGHLIGHTS' } },
  { name: 'ShowUserSeries', suffix: '/series', pageId: 'user-profile', defaults: { tab: 'SERIES' } },
  { name: 'ShowUserResponses', suffix: '/responses', pageId: 'user-profile', defaults: { tab: 'RESPONSES' } },
  // Older links used '/recommended' for the has-recommended tab.
  { name: 'ShowUserRecommended', suffix: '/recommended', pageId: null, redirect: { to: 'ShowUserHasRecommended', status: 301 } },
  { name: 'ShowUserFollowers', suffix: '/followers', pageId: 'user-followers' },
  { name: 'ShowUserFollowing', suffix: '/following', pageId: 'user-following' },
  { name: 'ShowUserAbout', suffix: '/about', pageId: 'user-about' },
  { name: 'ShowUserBooks', suffix: '/books', pageId: 'user-books', pageType: 'user_books' },
  { name: 'ShowUserLists', suffix: '/lists', pageId: 'user-catalogs', pageType: 'user_lists' },
  { name: 'ShowUserList', suffix: '/list/{catalogSlugId}', pageId: 'user-catalog' },
  { name: 'ShowUserAwards', suffix: '/awards/{kind}', pageId: 'user-awards' },
  // Audience is the writer's subscriber view, the same screen as a newsletter's subscription stats.
  { name: 'ShowUserAudience', suffix: '/audience', pageId: 'subscription-stats' },
  { name: 'ShowUserAudienceDetails', suffix: '/audience/{details}', pageId: 'subscription-stats' },
  { name: 'ShowUserAudienceExport', suffix: '/audience/stats/export', pageId: null, serverHandled: true },
  { name: 'ShowUserSubscribe', suffix: '/subscribe', pageId: 'writer-subscription-promotion' },
  { name: 'ShowUserPartnerDashboard', suffix: '/partner/dashboard', pageId: 'partner-program-dashboard' },
  { name: 'ShowUserPartnerDashboardTab', suffix: '/partner/dashboard/{tab}', pageId: 'partner-program-dashboard' },
  { name: 'ShowUserPublications', suffix: '/publications', pageId: 'user-publications' },
  { name: 'ShowUserStats', suffix: '/stats', pageId: 'stats-homepage' },
  { name: 'ShowUserPostStats', suffix: '/stats/post/{postId}', pageId: 'stats-post' },
  // Order is irrelevant to matching: a literal tab above always beats this param.
  { name: 'ShowPostUnderUser', suffix: '/{postId}', pageId: 'post', pageType: 'post_page' },
];

export const DEFAULT_AUTHOR_ROUTES: readonly RouteDef[] = [
  ...mountFamily('/@{username}', AUTHOR_FAMILY),
  // Spec §2.2: a profile without a username is reached by id.
  { name: 'ShowUserById', pattern: '/u/{id}', pageId: 'user-profile', defaults: { tab: 'HOME' } },
  { name: 'ShowYourAbout', pattern: '/me/about', pageId: 'user-about' },
];

/** A profile subdomain (ann.example.com) serves the same family at its root; the host supplies username. */
export const USER_DOMAIN_ROUTES: readonly RouteDef[] = [
  ...mountFamily('', AUTHOR_FAMILY),
  { name: 'ShowFeedUser', pattern: '/feed', pageId: null, serverHandled: true },
];
