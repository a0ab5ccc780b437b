import type { DocumentNode } from 'graphql';
import type { PageDef, PageModule } from '../../router/registry.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';
import { CUSTOMIZE_READING_HISTORY_QUERY, HISTORY_PAGE_SIZE, READING_HISTORY_QUERY } from '../../graphql/reading-operations.js';

type ViewerData = { viewer?: { id: string } | null };

/** The reader's own page: a signed-out reader signs in and comes back (302); nothing is indexed. */
function ownPage(module: string, load: () => Promise<PageModule>, query: DocumentNode, variables: Record<string, unknown> | undefined, title: string): PageDef {
  return {
    module,
    load,
    preload: () => [{ query, variables }],
    outcome: ([data], _params, pathname) => ((data as ViewerData | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true }),
    head: (_data, _params, site) => ({ title: `${title} – ${site.siteName}`, robots: 'noindex' }),
  };
}

/** your-reading-history (/me/lists/reading-history) and customize-reading-history (/me/readinghistory). */
export const READING_HISTORY_PAGES: Record<string, PageDef> = {
  'your-reading-history': ownPage(
    'src/web/pages/your-reading-history/YourReadingHistoryPage.tsx',
    () => import('./YourReadingHistoryPage.js'),
    READING_HISTORY_QUERY,
    { limit: HISTORY_PAGE_SIZE },
    'Reading history',
  ),
  'customize-reading-history': ownPage(
    'src/web/pages/customize-reading-history/CustomizeReadingHistoryPage.tsx',
    () => import('../customize-reading-history/CustomizeReadingHistoryPage.js'),
    CUSTOMIZE_READING_HISTORY_QUERY,
    undefined,
    'Reading history',
  ),
};
