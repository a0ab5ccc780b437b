import type { PageDef, PageModule } from '../../router/registry.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';
import { CUSTOMIZE_FOLLOWING_QUERY, CUSTOMIZE_MUTED_QUERY, CUSTOMIZE_SUGGESTIONS_QUERY, INDEX_PEOPLE, PEOPLE_PAGE_SIZE } from '../../graphql/social-operations.js';
import type { DocumentNode } from 'graphql';

type ViewerData = { viewer?: { id: string } | null };

const FOLLOWING_ENTITIES = [undefined, 'people', 'publications'];
const MUTED_TABS = [undefined, 'writers', 'publications'];
/** The index shows the first few people; /me/following/people a full page. */
export const followingVariables = (entityName: string | undefined) => ({ peopleLimit: entityName === 'people' ? PEOPLE_PAGE_SIZE : INDEX_PEOPLE });

/**
 * A Refine recommendations page: the viewer's own, so a signed-out reader signs in and
 * comes back (302), an unknown tab is a 404, and nothing is indexed.
 */
function customizePage(opts: {
  module: string;
  load: () => Promise<PageModule>;
  query: DocumentNode;
  variables?: (params: Record<string, string>) => Record<string, unknown>;
  param: string;
  allowed: (string | undefined)[];
  title: string;
}): PageDef {
  return {
    module: opts.module,
    load: opts.load,
    preload: (params) => [{ query: opts.query, variables: opts.variables?.(params) }],
    outcome: ([data], params, pathname) => {
      if (!opts.allowed.includes(params[opts.param])) return { notFound: true };
      return (data as ViewerData | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true };
    },
    head: (_data, _params, site) => ({ title: `${opts.title} – ${site.siteName}`, robots: 'noindex' }),
  };
}

/** customize-following, customize-suggestions, customize-muted (added to PAGES in registry.ts). */
export const CUSTOMIZE_PAGES: Record<string, PageDef> = {
  'customize-following': customizePage({
    module: 'src/web/pages/customize-following/CustomizeFollowingPage.tsx',
    load: () => import('./CustomizeFollowingPage.js'),
    query: CUSTOMIZE_FOLLOWING_QUERY,
    variables: (params) => followingVariables(params.entityName),
    param: 'entityName',
    allowed: FOLLOWING_ENTITIES,
    title: 'Following',
  }),
  'customize-suggestions': customizePage({
    module: 'src/web/pages/customize-suggestions/CustomizeSuggestionsPage.tsx',
    load: () => import('../customize-suggestions/CustomizeSuggestionsPage.js'),
    query: CUSTOMIZE_SUGGESTIONS_QUERY,
    param: 'none',
    allowed: [undefined],
    title: 'Suggestions',
  }),
  'customize-muted': customizePage({
    module: 'src/web/pages/customize-muted/CustomizeMutedPage.tsx',
    load: () => import('../customize-muted/CustomizeMutedPage.js'),
    query: CUSTOMIZE_MUTED_QUERY,
    param: 'activeTab',
    allowed: MUTED_TABS,
    title: 'Muted',
  }),
};
