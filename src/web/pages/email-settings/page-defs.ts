import { READER_EMAIL_SETTINGS_QUERY } from '../../graphql/email-settings-operations.js';
import type { PageDef } from '../../router/registry.js';

/** /me/email-settings/{userId}/{hash}: a pair that is not signed by this site is a 404. */
export const EMAIL_SETTINGS_PAGES: Record<string, PageDef> = {
  'email-settings': {
    module: 'src/web/pages/email-settings/EmailSettingsPage.tsx',
    load: () => import('./EmailSettingsPage.js'),
    preload: (params) => [{ query: READER_EMAIL_SETTINGS_QUERY, variables: { userId: params.userId, hash: params.hash } }],
    outcome: ([data]) => ((data as { readerEmailSettings?: unknown } | undefined)?.readerEmailSettings ? {} : { notFound: true }),
    head: (_data, _params, site) => ({ title: `Email settings – ${site.siteName}`, robots: 'noindex' }),
  },
};
