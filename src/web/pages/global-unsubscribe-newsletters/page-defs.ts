import { NEWSLETTER_UNSUBSCRIBE_LINK_QUERY } from '../../graphql/email-settings-operations.js';
import type { PageDef } from '../../router/registry.js';

/**
 * global-unsubscribe-newsletters: the two unsubscribe-all pages (nothing to read before the
 * reader confirms) and a newsletter email's footer link, whose token must be this site's (else 404).
 */
export const GLOBAL_UNSUBSCRIBE_PAGES: Record<string, PageDef> = {
  'global-unsubscribe-newsletters': {
    module: 'src/web/pages/global-unsubscribe-newsletters/GlobalUnsubscribePage.tsx',
    load: () => import('./GlobalUnsubscribePage.js'),
    preload: (params) => (params.scope === 'newsletter' ? [{ query: NEWSLETTER_UNSUBSCRIBE_LINK_QUERY, variables: { token: params.token } }] : []),
    outcome: ([data], params) => (params.scope !== 'newsletter' || (data as { newsletterUnsubscribeLink?: unknown } | undefined)?.newsletterUnsubscribeLink ? {} : { notFound: true }),
    head: (_data, params, site) => ({ title: `${params.scope === 'newsletter' ? 'Unsubscribe' : 'Unsubscribe from newsletters'} – ${site.siteName}`, robots: 'noindex' }),
  },
};
