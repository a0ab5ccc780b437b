import type { PageDef } from '../../router/registry.js';
import { audienceOf, audienceQuery, isWriterAudience, type AudiencePageData } from './audience-query.js';

/**
 * subscription-stats: a publication newsletter's subscribers (its editors and owner) and
 * /@{username}/audience[/subscribers] (the writer). The audience is null for anyone else: 404.
 */
export const SUBSCRIPTION_STATS_PAGES: Record<string, PageDef> = {
  'subscription-stats': {
    module: 'src/web/pages/subscription-stats/SubscriptionStatsPage.tsx',
    load: () => import('./SubscriptionStatsPage.js'),
    preload: (params) => [audienceQuery(params, null)],
    outcome: ([data], params) => {
      if (params.details !== undefined && params.details !== 'subscribers') return { notFound: true };
      return audienceOf(data as AudiencePageData | undefined) ? {} : { notFound: true };
    },
    head: ([data], params, site) => {
      const d = data as AudiencePageData | undefined;
      const what = isWriterAudience(params) ? 'Audience' : `${d?.collection?.newsletterV3BySlug?.name ?? 'Newsletter'} subscribers`;
      return { title: `${what} – ${site.siteName}`, robots: 'noindex' };
    },
  },
};
