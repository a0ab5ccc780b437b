import { PUBLICATION_CUSTOM_DOMAIN_QUERY, SETTINGS_CUSTOM_DOMAIN_QUERY } from '../../graphql/custom-domain-operations.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import type { PageDef } from '../../router/registry.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';

type ViewerData = { viewer?: { id: string } | null };
type PublicationData = { collection?: { name: string; viewerEdge: { isEditor: boolean } } | null };

/** The custom domain settings pages (spec §2.1 settings-custom-domain, publication-custom-domain-settings). */
export const CUSTOM_DOMAIN_PAGES: Record<string, PageDef> = {
  // /me/settings/custom-domain: signed out, the reader signs in and comes back.
  'settings-custom-domain': {
    module: 'src/web/pages/custom-domain-settings/SettingsCustomDomainPage.tsx',
    load: () => import('./SettingsCustomDomainPage.js'),
    preload: () => [{ query: SETTINGS_CUSTOM_DOMAIN_QUERY }],
    outcome: ([data], _params, pathname) => ((data as ViewerData | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true }),
    head: (_data, _params, site) => ({ title: `Custom domain – ${site.siteName}`, robots: 'noindex' }),
  },
  // /{slug}/settings/custom-domain: the publication's owner and editors; anyone else sees the 404 page.
  'publication-custom-domain-settings': {
    module: 'src/web/pages/custom-domain-settings/PublicationCustomDomainPage.tsx',
    load: () => import('./PublicationCustomDomainPage.js'),
    preload: (params) => [{ query: PUBLICATION_CUSTOM_DOMAIN_QUERY, variables: publicationVariables(params) }],
    outcome: ([data]) => ((data as PublicationData | undefined)?.collection?.viewerEdge.isEditor ? {} : { notFound: true }),
    head: ([data], _params, site) => ({ title: `Custom domain – ${(data as PublicationData | undefined)?.collection?.name ?? 'Publication'} – ${site.siteName}`, robots: 'noindex' }),
  },
};
