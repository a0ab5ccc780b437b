import type { PageDef, PageOutcome } from '../../router/registry.js';
import { userHead } from '../../router/head.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';
import { profileLookup } from '../../components/profile/profile-lookup.js';
import { USER_PROFILE_PAGE_QUERY } from '../../graphql/profiles-operations.js';
import { COLLECTION_LIST_QUERY, FEATURED_LISTS_QUERY, USER_LISTS_QUERY, YOUR_FOLLOWED_LISTS_QUERY, YOUR_LISTS_QUERY } from '../../graphql/lists-library-operations.js';

/**
 * The lists pages (spec §2.1, §2.3 Library): your-catalogs (/me/lists), your-followed-catalogs
 * (/me/lists/saved), user-catalogs (/@{username}/lists) and collections-library
 * (/collections[/{catalogSlug}]).
 */

/** A library page is the signed-in reader's: signed out, they sign in and come back. */
const signedInOnly = (data: unknown, pathname: string): PageOutcome =>
  (data as { viewer?: unknown } | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true };

const yourCatalogsPage: PageDef = {
  module: 'src/web/pages/your-catalogs/YourCatalogsPage.tsx',
  load: () => import('./YourCatalogsPage.js'),
  preload: () => [{ query: YOUR_LISTS_QUERY }],
  outcome: ([data], _params, pathname) => signedInOnly(data, pathname),
  head: (_data, _params, site) => ({ title: `Your library – ${site.siteName}`, robots: 'noindex' }),
};

const yourFollowedCatalogsPage: PageDef = {
  module: 'src/web/pages/your-followed-catalogs/YourFollowedCatalogsPage.tsx',
  load: () => import('../your-followed-catalogs/YourFollowedCatalogsPage.js'),
  preload: () => [{ query: YOUR_FOLLOWED_LISTS_QUERY }],
  outcome: ([data], _params, pathname) => signedInOnly(data, pathname),
  head: (_data, _params, site) => ({ title: `Saved lists – ${site.siteName}`, robots: 'noindex' }),
};

type UserData = { userResult?: { __typename: string; username?: string | null } };

const userCatalogsPage: PageDef = {
  module: 'src/web/pages/user-catalogs/UserCatalogsPage.tsx',
  load: () => import('../user-catalogs/UserCatalogsPage.js'),
  preload: (params) => {
    const lookup = profileLookup(params);
    return [{ query: USER_PROFILE_PAGE_QUERY, variables: lookup }, { query: USER_LISTS_QUERY, variables: lookup }];
  },
  outcome: ([data], params) => {
    const user = (data as UserData | undefined)?.userResult;
    if (user?.__typename !== 'User') return { notFound: true };
    // /u/{id}/lists of a user with a username: one address too many (as the other profile pages).
    return params.username === undefined && user.username ? { redirect: `/@${encodeURIComponent(user.username)}/lists` } : {};
  },
  head: ([data], _params, site) => userHead(data, site, '/lists', (name) => `${name}’s lists – ${site.siteName}`),
};

type CollectionData = { catalogById?: { slugId: string; creator: { username: string | null } } | null };

const collectionsLibraryPage: PageDef = {
  module: 'src/web/pages/collections-library/CollectionsLibraryPage.tsx',
  load: () => import('../collections-library/CollectionsLibraryPage.js'),
  preload: (params) => (params.catalogSlug !== undefined ? [{ query: COLLECTION_LIST_QUERY, variables: { catalogId: params.catalogSlug } }] : [{ query: FEATURED_LISTS_QUERY }]),
  // /collections/{catalogSlug} is the address of a list: its page is the writer's /@{username}/list/{slugId}.
  outcome: ([data], params) => {
    if (params.catalogSlug === undefined) return {};
    const list = (data as CollectionData | undefined)?.catalogById;
    const username = list?.creator.username;
    return list && username ? { redirect: `/@${encodeURIComponent(username)}/list/${list.slugId}`, temporary: true } : { notFound: true };
  },
  head: (_data, _params, site) => ({ title: `Collections – ${site.siteName}`, description: `Lists of stories readers of ${site.siteName} follow the most.` }),
};

/** Loaded with the pages (src/web/router/lazy-pages.ts). */
export const LISTS_PAGES: Record<string, PageDef> = {
  'your-catalogs': yourCatalogsPage,
  'your-followed-catalogs': yourFollowedCatalogsPage,
  'user-catalogs': userCatalogsPage,
  'collections-library': collectionsLibraryPage,
};
