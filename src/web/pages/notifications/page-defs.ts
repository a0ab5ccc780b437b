import { NOTIFICATIONS_FIRST_PAGE, NOTIFICATIONS_PAGE_QUERY } from '../../graphql/notifications-operations.js';
import type { PageDef } from '../../router/registry.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';

/** /me/notifications: signed-in readers only; a signed-out one signs in and comes back. */
export const NOTIFICATIONS_PAGES: Record<string, PageDef> = {
  notifications: {
    module: 'src/web/pages/notifications/NotificationsPage.tsx',
    load: () => import('./NotificationsPage.js'),
    preload: () => [{ query: NOTIFICATIONS_PAGE_QUERY, variables: NOTIFICATIONS_FIRST_PAGE }],
    outcome: ([data], _params, pathname) => ((data as { viewer?: unknown } | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true }),
    head: (_data, _params, site) => ({ title: `Notifications – ${site.siteName}`, robots: 'noindex' }),
  },
};
