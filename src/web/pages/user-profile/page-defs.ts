import type { PageDef, PageOutcome } from '../../router/registry.js';
import { userHead } from '../../router/head.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';
import { pageVariables, profileLookup } from '../../components/profile/profile-lookup.js';
import { PEOPLE_LISTS, tabList, type PeopleSide } from '../../components/profile/profile-tabs.js';
import { USER_PROFILE_PAGE_QUERY, VIEWER_ABOUT_QUERY } from '../../graphql/profiles-operations.js';
import { PROFILE_SERIES_QUERY } from '../../graphql/profile-series-operations.js';

/**
 * The profile pages (spec §2.3 author pages): user-profile, user-about, user-followers,
 * user-following. Each preloads the user (by username, or by id on /u/{id}) and what its
 * main column lists; an unknown or deactivated user is the 404 page.
 */
type UserData = { userResult?: { __typename: string; name?: string; username?: string | null } };

const userOfData = (data: unknown) => {
  const u = (data as UserData | undefined)?.userResult;
  return u && u.__typename === 'User' ? u : null;
};

/**
 * An unknown user is 404. /u/{id} of a user with a username is one address too many:
 * it redirects (301) to /@{username} (spec §2.2 profile URL).
 */
function userOutcome(data: unknown, params: Record<string, string>): PageOutcome {
  const user = userOfData(data);
  if (!user) return { notFound: true };
  if (params.username === undefined && params.id !== undefined && user.username) return { redirect: `/@${encodeURIComponent(user.username)}` };
  return {};
}

export const userProfilePage: PageDef = {
  module: 'src/web/pages/user-profile/UserProfilePage.tsx',
  load: () => import('./UserProfilePage.js'),
  preload: (params) => {
    const lookup = profileLookup(params);
    const list = tabList(params.tab);
    // The SERIES tab lists the writer's series (modules/series).
    if (params.tab === 'SERIES') return [{ query: USER_PROFILE_PAGE_QUERY, variables: lookup }, { query: PROFILE_SERIES_QUERY, variables: lookup }];
    return [{ query: USER_PROFILE_PAGE_QUERY, variables: lookup }, ...(list ? [{ query: list.query, variables: { ...pageVariables(lookup), ...list.extra } }] : [])];
  },
  // /@{username}/edit opens the profile settings (they are the profile's editor).
  outcome: ([data], params) => {
    const outcome = userOutcome(data, params);
    if (outcome.notFound || outcome.redirect || params.intent !== 'edit') return outcome;
    return { redirect: '/me/settings#profileInformation', temporary: true };
  },
  head: ([data], _params, site) => userHead(data, site),
  publicCache: true,
};

const isYourAbout = (params: Record<string, string>) => params.username === undefined && params.id === undefined;

export const userAboutPage: PageDef = {
  module: 'src/web/pages/user-about/UserAboutPage.tsx',
  load: () => import('../user-about/UserAboutPage.js'),
  preload: (params) => (isYourAbout(params) ? [{ query: VIEWER_ABOUT_QUERY }] : [{ query: USER_PROFILE_PAGE_QUERY, variables: profileLookup(params) }]),
  // /me/about is the signed-in reader's own: signed out, they sign in and come back.
  outcome: ([data], params, pathname) => {
    if (!isYourAbout(params)) return userOutcome(data, params);
    return (data as { viewer?: unknown } | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true };
  },
  head: ([data], params, site) => {
    if (!isYourAbout(params)) return userHead(data, site, '/about', (name) => `About ${name} – ${site.siteName}`);
    return { title: `About ${(data as { viewer?: { name?: string } } | undefined)?.viewer?.name ?? ''} – ${site.siteName}`, robots: 'noindex' };
  },
};

function peoplePage(side: PeopleSide, module: string, load: PageDef['load']): PageDef {
  return {
    module,
    load,
    preload: (params) => {
      const lookup = profileLookup(params);
      return [{ query: USER_PROFILE_PAGE_QUERY, variables: lookup }, { query: PEOPLE_LISTS[side].query, variables: pageVariables(lookup) }];
    },
    outcome: ([data], params) => userOutcome(data, params),
    head: ([data], _params, site) => userHead(data, site, `/${side}`, (name) => `${side === 'followers' ? 'Followers of' : 'People followed by'} ${name} – ${site.siteName}`),
    publicCache: true,
  };
}

export const userFollowersPage = peoplePage('followers', 'src/web/pages/user-followers/UserFollowersPage.tsx', () => import('../user-followers/UserFollowersPage.js'));
export const userFollowingPage = peoplePage('following', 'src/web/pages/user-following/UserFollowingPage.tsx', () => import('../user-following/UserFollowingPage.js'));

/** The profile's pages, loaded with them (src/web/router/lazy-pages.ts). */
export const PROFILE_PAGES: Record<string, PageDef> = {
  'user-profile': userProfilePage,
  'user-about': userAboutPage,
  'user-followers': userFollowersPage,
  'user-following': userFollowingPage,
};
