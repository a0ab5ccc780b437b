import { CONNECTED_ACCOUNTS_QUERY, INTEGRATION_TOKENS_QUERY, SETTINGS_PAGE_QUERY, VIEWER_SESSIONS_QUERY } from '../../graphql/operations.js';
import { SECURITY_SETTINGS_QUERY } from '../../graphql/password-operations.js';
import { YOUR_STORIES_PAGE_QUERY } from '../../graphql/your-stories-operations.js';
import { NOTIFICATION_SETTINGS_QUERY } from '../../graphql/notifications-operations.js';
import { MEMBERSHIP_SETTINGS_QUERY } from '../../graphql/manage-membership-operations.js';
import { READER_EMAIL_SETTINGS_QUERY } from '../../graphql/email-settings-operations.js';
import { isYourStoriesFilter, yourStoriesVariables } from '../../components/trash/your-stories-tabs.js';
import { postIdFromSlug } from '../../../shared/routing/post-id.js';
import type { PageDef, PageModule } from '../../router/registry.js';
import { isSettingsTab, signInToSettingsHref } from './settings-tabs.js';

type ViewerData = { viewer?: { id: string } | null };

/** Signed-in readers only: a signed-out one is sent to sign in and brought back. */
const settingsPage: PageDef = {
  module: 'src/web/pages/settings/SettingsPage.tsx',
  load: () => import('./SettingsPage.js'),
  preload: (params) => [
    { query: SETTINGS_PAGE_QUERY },
    ...(params.setting === 'security' ? [{ query: VIEWER_SESSIONS_QUERY }, { query: CONNECTED_ACCOUNTS_QUERY }, { query: INTEGRATION_TOKENS_QUERY }] : []),
    ...(params.setting === 'notifications' ? [{ query: NOTIFICATION_SETTINGS_QUERY }] : []),
    ...(params.setting === 'notifications' ? [{ query: READER_EMAIL_SETTINGS_QUERY }] : []),
    ...(params.setting === 'membership' ? [{ query: MEMBERSHIP_SETTINGS_QUERY }] : []),
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

/** The signed-in reader's own pages: settings, their stories, the password and the writing pages. */
export const ACCOUNT_PAGES: Record<string, PageDef> = {
  settings: settingsPage,
  'new-story': writingPage('src/web/pages/new-story/NewStoryPage.tsx', () => import('../new-story/NewStoryPage.js'), 'New story', (p) => isPostParam(p.repostId)),
  'post-edit': writingPage('src/web/pages/post-edit/PostEditPage.tsx', () => import('../post-edit/PostEditPage.js'), 'Edit story', (p) => isPostParam(p.postId) && isRevParam(p.versionId) && isRevParam(p.baseRev)),
  'post-settings': writingPage('src/web/pages/post-settings/PostSettingsPage.tsx', () => import('../post-settings/PostSettingsPage.js'), 'Story settings', (p) => isPostParam(p.postId)),
  'post-import': writingPage('src/web/pages/post-import/PostImportPage.tsx', () => import('../post-import/PostImportPage.js'), 'Import a story', () => true),
  // /me/stories[/{filterBy}]: the viewer's own stories; signed-out readers sign in and come back.
  'your-stories': {
    module: 'src/web/pages/your-stories/YourStoriesPage.tsx',
    load: () => import('../your-stories/YourStoriesPage.js'),
    preload: (params) => (isYourStoriesFilter(params.filterBy) ? [{ query: YOUR_STORIES_PAGE_QUERY, variables: yourStoriesVariables(params.filterBy) }] : []),
    outcome: ([data], params, pathname) => {
      if (!isYourStoriesFilter(params.filterBy)) return { notFound: true };
      return (data as { yourStoriesCounts?: unknown } | undefined)?.yourStoriesCounts ? {} : { redirect: signInToSettingsHref(pathname), temporary: true };
    },
    head: (_data, _params, site) => ({ title: `Your stories – ${site.siteName}`, robots: 'noindex' }),
  },
  'crupdate-password': {
    module: 'src/web/pages/crupdate-password/CrupdatePasswordPage.tsx',
    load: () => import('../crupdate-password/CrupdatePasswordPage.js'),
    preload: () => [{ query: SECURITY_SETTINGS_QUERY }],
    // Signed-out readers sign in first and come back here.
    outcome: ([data]) => ((data as { viewer?: unknown } | undefined)?.viewer ? {} : { redirect: '/m/signin?operation=login&redirect=%2Fpassword', temporary: true }),
    head: (_data, _params, site) => ({ title: `Password – ${site.siteName}`, robots: 'noindex' }),
  },
};
