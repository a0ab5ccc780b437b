import { IMPORT_MAILING_LIST_PAGE_QUERY } from '../../graphql/newsletter-import-operations.js';
import type { PageDef } from '../../router/registry.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';

type Data = { newsletterImportPage?: unknown };

/** /me/subscribers/import (import-mailing-list): the signed-in writer's; a signed-out reader signs in and comes back. */
export const IMPORT_MAILING_LIST_PAGES: Record<string, PageDef> = {
  'import-mailing-list': {
    module: 'src/web/pages/import-mailing-list/ImportMailingListPage.tsx',
    load: () => import('./ImportMailingListPage.js'),
    preload: () => [{ query: IMPORT_MAILING_LIST_PAGE_QUERY }],
    outcome: ([data], _params, pathname) => ((data as Data | undefined)?.newsletterImportPage ? {} : { redirect: signInToSettingsHref(pathname), temporary: true }),
    head: (_data, _params, site) => ({ title: `Import subscribers – ${site.siteName}`, robots: 'noindex' }),
  },
};
