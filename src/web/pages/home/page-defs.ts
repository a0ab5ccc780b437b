import { FEED_FIRST_PAGE, FOR_YOU_FEED_QUERY, HOME_SIDEBAR_QUERY, TOP_STORIES_QUERY } from '../../graphql/feeds-operations.js';
import type { PageDef } from '../../router/registry.js';

/** Variables of TopStoriesQuery for the route's params (no slug: the latest day with claps). */
export const topStoriesVariables = (params: Record<string, string>) => ({ monthDayYearSlug: params.monthDayYearSlug ?? null });

type TopStoriesResult = { topStories?: { day: string } | null };

const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

/** The reader's feeds: logged-in home and top stories of a day (the landing, home-lo, is in registry.ts). */
export const FEED_PAGES: Record<string, PageDef> = {
  home: {
    module: 'src/web/pages/home/HomePage.tsx',
    load: () => import('./HomePage.js'),
    // For you's first page and the sidebar render on the server; Following loads when its tab opens.
    preload: () => [{ query: FOR_YOU_FEED_QUERY, variables: FEED_FIRST_PAGE }, { query: HOME_SIDEBAR_QUERY }],
    head: (_data, _params, site) => ({ title: site.siteName, robots: 'noindex' }),
  },
  'top-stories': {
    module: 'src/web/pages/top-stories/TopStoriesPage.tsx',
    load: () => import('../top-stories/TopStoriesPage.js'),
    preload: (params) => [{ query: TOP_STORIES_QUERY, variables: topStoriesVariables(params) }],
    // A slug that is not a day (or a day to come) is not found.
    outcome: ([data]) => ((data as TopStoriesResult | undefined)?.topStories ? {} : { notFound: true }),
    head: ([data], _params, site) => {
      const day = (data as TopStoriesResult | undefined)?.topStories?.day;
      return { title: `Top stories${day ? ` of ${longDay(day)}` : ''} – ${site.siteName}`, description: `The stories readers clapped most on ${site.siteName}${day ? ` on ${longDay(day)}` : ''}.` };
    },
  },
};
