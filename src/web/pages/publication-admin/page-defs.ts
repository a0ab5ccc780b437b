import { NEW_PUBLICATION_QUERY, PUBLICATION_SETTINGS_QUERY, USER_PUBLICATIONS_QUERY } from '../../graphql/publication-admin-operations.js';
import { profileLookup } from '../../components/profile/profile-lookup.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import type { PageDef } from '../../router/registry.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';

type ViewerData = { viewer?: { id: string } | null };
type SettingsData = ViewerData & { collection?: { name: string; viewerEdge: { isEditor: boolean } } | null };

const signedIn = (data: unknown, pathname: string) => ((data as ViewerData | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true });

/** Running a publication (spec §2.3): /new-publication, /{slug}/settings[/{tab}], /@{username}/publications. */
export const PUBLICATION_ADMIN_PAGES: Record<string, PageDef> = {
  // /new-publication: signed out, the visitor signs in and comes back.
  'new-publication': {
    module: 'src/web/pages/publication-admin/NewPublicationPage.tsx',
    load: () => import('./NewPublicationPage.js'),
    preload: () => [{ query: NEW_PUBLICATION_QUERY }],
    outcome: ([data], _params, pathname) => signedIn(data, pathname),
    head: (_data, _params, site) => ({ title: `New publication – ${site.siteName}`, robots: 'noindex' }),
  },
  // /{slug}/settings, /settings/about, /settings/navigation, /settings/followers: editors and the owner; to others it is a missing page.
  'publication-settings': {
    module: 'src/web/pages/publication-admin/PublicationSettingsPage.tsx',
    load: () => import('./PublicationSettingsPage.js'),
    preload: (params) => [{ query: PUBLICATION_SETTINGS_QUERY, variables: publicationVariables(params) }],
    outcome: ([data], _params, pathname) => {
      const d = data as SettingsData | undefined;
      if (!d?.viewer) return d?.collection ? signedIn(data, pathname) : { notFound: true };
      return d.collection?.viewerEdge.isEditor ? {} : { notFound: true };
    },
    head: ([data], _params, site) => ({ title: `${(data as SettingsData | undefined)?.collection?.name ?? 'Publication'} settings – ${site.siteName}`, robots: 'noindex' }),
  },
  // /@{username}/publications: the publications they work on; for themselves, their open invitations too.
  'user-publications': {
    module: 'src/web/pages/publication-admin/UserPublicationsPage.tsx',
    load: () => import('./UserPublicationsPage.js'),
    preload: (params) => [{ query: USER_PUBLICATIONS_QUERY, variables: profileLookup(params) }],
    outcome: ([data]) => ((data as { userResult?: { __typename: string } } | undefined)?.userResult?.__typename === 'User' ? {} : { notFound: true }),
    head: ([data], _params, site) => {
      const u = (data as { userResult?: { name?: string } } | undefined)?.userResult;
      return { title: `${u?.name ?? 'Their'} publications – ${site.siteName}`, robots: 'noindex' };
    },
  },
};
