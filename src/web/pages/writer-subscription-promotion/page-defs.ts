import { userHead } from '../../router/head.js';
import type { PageDef } from '../../router/registry.js';
import { profileLookup } from '../../components/profile/profile-lookup.js';
import { WRITER_SUBSCRIPTION_PAGE_QUERY } from '../../graphql/subscribe-operations.js';

type Data = { userResult?: { __typename: string } | null };

/** /@{username}/subscribe (spec §2.3 ShowUserSubscribe, top-nav layout): the writer's newsletter promotion. */
export const WRITER_SUBSCRIPTION_PAGES: Record<string, PageDef> = {
  'writer-subscription-promotion': {
    module: 'src/web/pages/writer-subscription-promotion/WriterSubscriptionPromotionPage.tsx',
    load: () => import('./WriterSubscriptionPromotionPage.js'),
    preload: (params) => [{ query: WRITER_SUBSCRIPTION_PAGE_QUERY, variables: profileLookup(params) }],
    outcome: ([data]) => ((data as Data | undefined)?.userResult?.__typename === 'User' ? {} : { notFound: true }),
    head: ([data], _params, site) => userHead(data, site, '/subscribe', (name) => `Subscribe to ${name} – ${site.siteName}`),
  },
};
