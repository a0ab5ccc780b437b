import type { DocumentNode } from 'graphql';
import type { ComponentType } from 'react';
import { CONNECTED_ACCOUNTS_QUERY, SECURITY_SETTINGS_QUERY, HOME_LO_QUERY, INTEGRATION_TOKENS_QUERY, NOT_FOUND_SCREEN_QUERY, PAGE_USER_QUERY, POST_PAGE_QUERY, SETTINGS_PAGE_QUERY, VIEWER_SESSIONS_QUERY } from '../graphql/operations.js';
import { isSettingsTab, signInToSettingsHref } from '../pages/settings/settings-tabs.js';
import { postIdFromSlug } from '../../shared/routing/post-id.js';
import type { SiteInfo } from '../app-context.js';
import { postHead, type HeadTags } from './head.js';
import { userAboutPage, userFollowersPage, userFollowingPage, userProfilePage } from '../pages/user-profile/page-defs.js';
import { YOUR_STORIES_PAGE_QUERY } from '../graphql/library-operations.js';
import { isYourStoriesFilter, yourStoriesVariables } from '../components/trash/your-stories-tabs.js';
import { POST_ENGAGEMENT_QUERY } from '../graphql/engagement-operations.js';
import { POST_RESPONSES_PAGE_QUERY, THREADED_POST_RESPONSES_QUERY } from '../graphql/responses-operations.js';
import { firstPageVariables } from '../pages/post/responses/first-page.js';
import { isSearchCategory } from '../lib/search-categories.js';
import { TOPIC_PAGES } from '../pages/topic/page-defs.js';
import { FEED_PAGES } from '../pages/home/page-defs.js';
import { HOME_LO_TRENDING_QUERY } from '../graphql/feeds-operations.js';
import { CUSTOMIZE_PAGES } from '../pages/customize-following/page-defs.js';
import { NOTIFICATIONS_PAGES } from '../pages/notifications/page-defs.js';
import { NOTIFICATION_SETTINGS_QUERY } from '../graphql/notifications-operations.js';

export interface PageProps {
  pageId: string;
  params: Record<string, string>;
}

export interface PageModule {
  default: ComponentType<PageProps>;
  /** Right column of the two-column layout. */
  Sidebar?: ComponentType<PageProps>;
}

export interface PreloadQuery {
  query: DocumentNode;
  variables?: Record<string, unknown>;
}

export interface PageOutcome {
  notFound?: boolean;
  /** A canonical URL to redirect to (301). */
  redirect?: string;
  /** Redirect with 302: it depends on who asks (a signed-out reader), not on the URL. */
  temporary?: boolean;
}

export interface PageDef {
  /** Source path of the page module: the build manifest's key, for modulepreload and CSS. */
  module: string;
  load(): Promise<PageModule>;
  /** The GraphQL queries the page needs, run before rendering (server) or navigating (client). */
  preload?(params: Record<string, string>): PreloadQuery[];
  /** What the preloaded data means for the response: not found, or a canonical redirect. */
  outcome?(data: unknown[], params: Record<string, string>, pathname: string): PageOutcome;
  head?(data: unknown[], params: Record<string, string>, site: SiteInfo & { origin: string }): HeadTags;
  /**
   * The page is the same for every logged-out reader (nothing from the visitor's cookie,
   * country or history), so the server may answer them from its page cache.
   */
  publicCache?: boolean;
}

type PostResult = { postResult?: { __typename: string; uniqueSlug?: string; creator?: { username?: string | null } } };
type UserResult = { userResult?: { __typename: string } };

const postPage: PageDef = {
  module: 'src/web/pages/post/PostPage.tsx',
  load: () => import('../pages/post/PostPage.js'),
  // The first page of responses comes with the story, so it is server-rendered too.
  preload: (params) => {
    const postId = postIdFromSlug(params.postId ?? '') ?? '';
    return [{ query: POST_PAGE_QUERY, variables: { postId } }, { query: THREADED_POST_RESPONSES_QUERY, variables: firstPageVariables(postId) }, { query: POST_ENGAGEMENT_QUERY, variables: { postId } }];
  },
  outcome: ([data], _params, pathname) => {
    const post = (data as PostResult | undefined)?.postResult;
    if (!post || post.__typename !== 'Post') return { notFound: true };
    const username = post.creator?.username;
    const canonical = username ? `/@${username}/${post.uniqueSlug}` : null;
    return canonical && decodeURIComponent(pathname) !== canonical ? { redirect: canonical } : {};
  },
  head: ([data], _params, site) => postHead(data, site),
  publicCache: true,
};

type PostTitleResult = { postResult?: { __typename: string; title?: string; creator?: { name?: string } } };

/** /p/{postId}/responses[/new]: a story's discussion on a page of its own. */
const postResponsesPage: PageDef = {
  module: 'src/web/pages/post-responses/PostResponsesPage.tsx',
  load: () => import('../pages/post-responses/PostResponsesPage.js'),
  preload: (params) => {
    const postId = postIdFromSlug(params.postId ?? '') ?? '';
    return [{ query: POST_RESPONSES_PAGE_QUERY, variables: { postId } }, { query: THREADED_POST_RESPONSES_QUERY, variables: firstPageVariables(postId) }];
  },
  outcome: ([data]) => ((data as PostTitleResult | undefined)?.postResult?.__typename === 'Post' ? {} : { notFound: true }),
  head: ([data], _params, site) => {
    const post = (data as PostTitleResult | undefined)?.postResult;
    return { title: `Responses to ${post?.title || 'a story'} by ${post?.creator?.name ?? ''} – ${site.siteName}`, description: `Read the responses to ${post?.title || 'this story'} and add yours.` };
  },
};

type ViewerData = { viewer?: { id: string } | null };

/** Signed-in readers only: a signed-out one is sent to sign in and brought back. */
const settingsPage: PageDef = {
  module: 'src/web/pages/settings/SettingsPage.tsx',
  load: () => import('../pages/settings/SettingsPage.js'),
  preload: (params) => [
    { query: SETTINGS_PAGE_QUERY },
    ...(params.setting === 'security' ? [{ query: VIEWER_SESSIONS_QUERY }, { query: CONNECTED_ACCOUNTS_QUERY }, { query: INTEGRATION_TOKENS_QUERY }] : []),
    ...(params.setting === 'notifications' ? [{ query: NOTIFICATION_SETTINGS_QUERY }] : []),
  ],
  outcome: ([data], params, pathname) => {
    if (!isSettingsTab(params.setting)) return { notFound: true };
    return (data as ViewerData | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true };
  },
  head: (_data, _params, site) => ({ title: `Settings – ${site.siteName}`, robots: 'noindex' }),
};

/**
 * The writing pages (editor, story settings, import) are for signed-in writers: a
 * signed-out reader signs in and comes back. They read their story in the browser when
 * they open, so the reading path's JavaScript carries none of their documents; the
 * signed-in check reuses a small viewer query it already has.
 */
function writingPage(module: string, load: () => Promise<PageModule>, title: string, valid: (params: Record<string, string>) => boolean): PageDef {
  return {
    module,
    load,
    preload: () => [{ query: SECURITY_SETTINGS_QUERY }],
    outcome: ([data], params, pathname) => {
      if (!valid(params)) return { notFound: true };
      return (data as ViewerData | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true };
    },
    head: (_data, _params, site) => ({ title: `${title} – ${site.siteName}`, robots: 'noindex' }),
  };
}

const isPostParam = (param: string | undefined) => param === undefined || postIdFromSlug(param) !== null;
const isRevParam = (param: string | undefined) => param === undefined || /^[1-9][0-9]{0,8}$/.test(param);

/** The pages built so far; every other page id renders its layout with 'coming soon'. */
export const PAGES: Record<string, PageDef> = {
  // topic, topic-recommended, topic-who-to-follow, tag-archive, explore-topics, legacy-topic-redirect, topics-onboarding
  ...TOPIC_PAGES,
  'home-lo': {
    module: 'src/web/pages/home-lo/HomeLoPage.tsx',
    load: () => import('../pages/home-lo/HomeLoPage.js'),
    preload: () => [{ query: HOME_LO_QUERY }, { query: HOME_LO_TRENDING_QUERY }],
    head: (_data, _params, site) => ({ title: `${site.siteName} – Where good ideas find you.`, description: `Read and share ideas from independent voices on ${site.siteName}.` }),
    publicCache: true,
  },
  // home (logged in) and top-stories (/top-stories[/{monthDayYearSlug}]; /browse/top redirects there).
  ...FEED_PAGES,
  post: postPage,
  'post-responses': postResponsesPage,
  'user-profile': userProfilePage,
  // /me/following[/{entityName}], /me/following/suggestions, /me/settings/mute[/{activeTab}].
  ...CUSTOMIZE_PAGES,
  'user-about': userAboutPage,
  'user-followers': userFollowersPage,
  'user-following': userFollowingPage,
  settings: settingsPage,
  // /me/notifications (page id notifications).
  ...NOTIFICATIONS_PAGES,
  'new-story': writingPage('src/web/pages/new-story/NewStoryPage.tsx', () => import('../pages/new-story/NewStoryPage.js'), 'New story', (p) => isPostParam(p.repostId)),
  'post-edit': writingPage('src/web/pages/post-edit/PostEditPage.tsx', () => import('../pages/post-edit/PostEditPage.js'), 'Edit story', (p) => isPostParam(p.postId) && isRevParam(p.versionId) && isRevParam(p.baseRev)),
  'post-settings': writingPage('src/web/pages/post-settings/PostSettingsPage.tsx', () => import('../pages/post-settings/PostSettingsPage.js'), 'Story settings', (p) => isPostParam(p.postId)),
  'post-import': writingPage('src/web/pages/post-import/PostImportPage.tsx', () => import('../pages/post-import/PostImportPage.js'), 'Import a story', () => true),
  // /me/stories[/{filterBy}]: the viewer's own stories; signed-out readers sign in and come back.
  'your-stories': {
    module: 'src/web/pages/your-stories/YourStoriesPage.tsx',
    load: () => import('../pages/your-stories/YourStoriesPage.js'),
    preload: (params) => (isYourStoriesFilter(params.filterBy) ? [{ query: YOUR_STORIES_PAGE_QUERY, variables: yourStoriesVariables(params.filterBy) }] : []),
    outcome: ([data], params, pathname) => {
      if (!isYourStoriesFilter(params.filterBy)) return { notFound: true };
      return (data as { yourStoriesCounts?: unknown } | undefined)?.yourStoriesCounts ? {} : { redirect: signInToSettingsHref(pathname), temporary: true };
    },
    head: (_data, _params, site) => ({ title: `Your stories – ${site.siteName}`, robots: 'noindex' }),
  },
  'crupdate-password': {
    module: 'src/web/pages/crupdate-password/CrupdatePasswordPage.tsx',
    load: () => import('../pages/crupdate-password/CrupdatePasswordPage.js'),
    preload: () => [{ query: SECURITY_SETTINGS_QUERY }],
    // Signed-out readers sign in first and come back here.
    outcome: ([data]) => ((data as { viewer?: unknown } | undefined)?.viewer ? {} : { redirect: '/m/signin?operation=login&redirect=%2Fpassword', temporary: true }),
    head: (_data, _params, site) => ({ title: `Password – ${site.siteName}`, robots: 'noindex' }),
  },
  'account-goodbye': {
    module: 'src/web/pages/account-goodbye/AccountGoodbyePage.tsx',
    load: () => import('../pages/account-goodbye/AccountGoodbyePage.js'),
    head: (_data, _params, site) => ({ title: `Goodbye – ${site.siteName}`, robots: 'noindex' }),
  },
  suspended: {
    module: 'src/web/pages/suspended/SuspendedPage.tsx',
    load: () => import('../pages/suspended/SuspendedPage.js'),
    head: (_data, _params, site) => ({ title: `Account suspended – ${site.siteName}`, robots: 'noindex' }),
  },
  'sign-in': {
    module: 'src/web/pages/sign-in/SignInPage.tsx',
    load: () => import('../pages/sign-in/SignInPage.js'),
    head: (_data, _params, site) => ({ title: `Sign in – ${site.siteName}`, robots: 'noindex' }),
  },
  'unrecognized-account': {
    module: 'src/web/pages/unrecognized-account/UnrecognizedAccountPage.tsx',
    load: () => import('../pages/unrecognized-account/UnrecognizedAccountPage.js'),
    head: (_data, _params, site) => ({ title: `Unrecognized account – ${site.siteName}`, robots: 'noindex' }),
  },
  // /search[/{category}]?q=: results load in the browser; publication search 404s until publications exist.
  search: {
    module: 'src/web/pages/search/SearchPage.tsx',
    load: () => import('../pages/search/SearchPage.js'),
    outcome: (_data, params) => (params.collectionSlug !== undefined || !isSearchCategory(params.category) ? { notFound: true } : {}),
    head: (_data, _params, site) => ({ title: `Search – ${site.siteName}`, robots: 'noindex' }),
  },
  'not-found': {
    module: 'src/web/pages/not-found/NotFoundPage.tsx',
    load: () => import('../pages/not-found/NotFoundPage.js'),
    preload: () => [{ query: NOT_FOUND_SCREEN_QUERY }],
    // Spec §2.2: the 404 page is titled 'unknown'.
    head: () => ({ title: 'unknown', robots: 'noindex' }),
  },
};

/**
 * A page that is routed but not built: its layout with 'coming soon'. Pages about a
 * user still 404 for an unknown username, and pages about a publication 404 for every
 * slug, since no publication exists until publications land (spec §2.2: a missing
 * publication shows the 404 page).
 */
export const COMING_SOON: PageDef = {
  module: 'src/web/pages/coming-soon/ComingSoonPage.tsx',
  load: () => import('../pages/coming-soon/ComingSoonPage.js'),
  preload: (params) => (params.username !== undefined ? [{ query: PAGE_USER_QUERY, variables: { username: params.username } }] : []),
  outcome: ([data], params) => {
    if (params.collectionSlug !== undefined) return { notFound: true };
    if (params.username !== undefined && (data as UserResult | undefined)?.userResult?.__typename !== 'User') return { notFound: true };
    return {};
  },
  head: (_data, _params, site) => ({ title: site.siteName, robots: 'noindex' }),
};

export const pageDef = (pageId: string): PageDef => PAGES[pageId] ?? COMING_SOON;
