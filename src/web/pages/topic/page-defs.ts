import type { DocumentNode } from 'graphql';
import type { PageDef, PageOutcome } from '../../router/registry.js';
import type { HeadTags } from '../../router/head.js';
import { shareImage, sharingMeta, webSiteLd, type Site } from '../../router/sharing.js';
import { EXPLORE_TOPICS_PAGE_SIZE, EXPLORE_TOPICS_QUERY, LEGACY_TOPIC_QUERY, TAG_ARCHIVE_QUERY, TOPIC_PAGE_QUERY, TOPIC_PAGE_SIZE, TOPIC_RECOMMENDED_QUERY, TOPIC_WHO_TO_FOLLOW_QUERY, TOPICS_ONBOARDING_QUERY } from '../../graphql/topics-operations.js';
import { archiveTitle, archiveVariables } from '../tag-archive/archive-params.js';

type TagData = { tagResult?: { __typename: string; normalizedTagSlug?: string; displayTitle?: string; archive?: { year: number | null; month: number | null; day: number | null } | null } };
const tagOf = (data: unknown) => (data as TagData | undefined)?.tagResult;
const topicVariables = (params: Record<string, string>) => ({ tagSlug: params.tagSlug ?? '', paging: { limit: TOPIC_PAGE_SIZE } });

/**
 * An unknown tag is a 404; a slug written otherwise than stories store it (/tag/JavaScript)
 * redirects to the canonical address, the rest of the path kept.
 */
function tagOutcome(data: unknown, params: Record<string, string>, pathname: string): PageOutcome {
  const tag = tagOf(data);
  if (tag?.__typename !== 'Tag' || !tag.normalizedTagSlug) return { notFound: true };
  const written = params.tagSlug ?? '';
  if (written === tag.normalizedTagSlug) return {};
  const rest = decodeURIComponent(pathname).split('/').slice(3).join('/');
  return { redirect: `/tag/${tag.normalizedTagSlug}${rest ? `/${rest}` : ''}` };
}

/**
 * A tag page's head: canonical under /tag/{slug}, the tag's feed as its alternate, and a
 * CollectionPage about the tag for search engines.
 */
function tagHead(data: unknown, site: Site, path: string, title: string, description?: string): HeadTags {
  const tag = tagOf(data);
  if (tag?.__typename !== 'Tag' || !tag.normalizedTagSlug) return { title };
  const slug = encodeURIComponent(tag.normalizedTagSlug);
  const url = `${site.origin}/tag/${slug}${path}`;
  return {
    title,
    description,
    canonical: url,
    feed: { href: `${site.origin}/feed/tag/${slug}`, title: `${tag.displayTitle} on ${site.siteName}` },
    meta: sharingMeta(site, { type: 'website', title, description, url, image: shareImage(site).url }),
    jsonLd: { '@context': 'https://schema.org', '@type': 'CollectionPage', name: title, description, url, about: { '@type': 'Thing', name: tag.displayTitle }, isPartOf: webSiteLd(site) },
  };
}

function tagPage(module: string, load: PageDef['load'], query: DocumentNode, path: string, title: (tag: string) => string, description: (tag: string) => string): PageDef {
  return {
    module,
    load,
    preload: (params) => [{ query, variables: topicVariables(params) }],
    outcome: ([data], params, pathname) => tagOutcome(data, params, pathname),
    head: ([data], _params, site) => {
      const name = tagOf(data)?.displayTitle ?? '';
      return tagHead(data, site, path, `${title(name)} – ${site.siteName}`, description(name));
    },
  };
}

/** The topics pages (spec §2.2 topic routing, §2.3 Tags, Discovery, Onboarding). */
export const TOPIC_PAGES: Record<string, PageDef> = {
  topic: tagPage(
    'src/web/pages/topic/TopicPage.tsx',
    () => import('./TopicPage.js'),
    TOPIC_PAGE_QUERY,
    '',
    (t) => `The newest stories about ${t}`,
    (t) => `Read the newest stories about ${t}, and follow the topic.`,
  ),
  'topic-recommended': tagPage(
    'src/web/pages/topic-recommended/TopicRecommendedPage.tsx',
    () => import('../topic-recommended/TopicRecommendedPage.js'),
    TOPIC_RECOMMENDED_QUERY,
    '/recommended',
    (t) => `Recommended stories about ${t}`,
    (t) => `The stories about ${t} readers recommend lately.`,
  ),
  'topic-who-to-follow': tagPage(
    'src/web/pages/topic-who-to-follow/TopicWhoToFollowPage.tsx',
    () => import('../topic-who-to-follow/TopicWhoToFollowPage.js'),
    TOPIC_WHO_TO_FOLLOW_QUERY,
    '/who-to-follow',
    (t) => `Who to follow in ${t}`,
    (t) => `Writers whose stories about ${t} readers applaud most.`,
  ),
  'tag-archive': {
    module: 'src/web/pages/tag-archive/TagArchivePage.tsx',
    load: () => import('../tag-archive/TagArchivePage.js'),
    preload: (params) => [{ query: TAG_ARCHIVE_QUERY, variables: archiveVariables(params, TOPIC_PAGE_SIZE) }],
    // A date that does not exist (or is not a number) has no archive: 404.
    outcome: ([data], params, pathname) => (tagOf(data)?.__typename === 'Tag' && !tagOf(data)?.archive ? { notFound: true } : tagOutcome(data, params, pathname)),
    head: ([data], _params, site) => {
      const tag = tagOf(data);
      const a = tag?.archive;
      const date = [a?.year, a?.month, a?.day].filter((n): n is number => typeof n === 'number').map((n) => String(n).padStart(2, '0'));
      return tagHead(data, site, `/archive${date.map((d) => `/${d}`).join('')}`, `${archiveTitle(tag?.displayTitle ?? '', a?.year ?? null, a?.month ?? null, a?.day ?? null)} – ${site.siteName}`);
    },
  },
  'explore-topics': {
    module: 'src/web/pages/explore-topics/ExploreTopicsPage.tsx',
    load: () => import('../explore-topics/ExploreTopicsPage.js'),
    preload: () => [{ query: EXPLORE_TOPICS_QUERY, variables: { paging: { limit: EXPLORE_TOPICS_PAGE_SIZE } } }],
    head: (_data, _params, site) => ({ title: `Explore topics – ${site.siteName}`, description: `Find topics to read and follow on ${site.siteName}.`, canonical: `${site.origin}/explore-topics` }),
  },
  // Topics were folded into tags: /topic/{topicSlug} forwards to the tag for good.
  'legacy-topic-redirect': {
    module: 'src/web/pages/legacy-topic-redirect/LegacyTopicRedirectPage.tsx',
    load: () => import('../legacy-topic-redirect/LegacyTopicRedirectPage.js'),
    preload: (params) => [{ query: LEGACY_TOPIC_QUERY, variables: { tagSlug: params.topicSlug ?? '' } }],
    outcome: ([data]) => {
      const tag = tagOf(data);
      return tag?.__typename === 'Tag' && tag.normalizedTagSlug ? { redirect: `/tag/${tag.normalizedTagSlug}` } : { notFound: true };
    },
  },
  // Onboarding is for a signed-in reader: signed out, sign up first and come back here.
  'topics-onboarding': {
    module: 'src/web/pages/topics-onboarding/TopicsOnboardingPage.tsx',
    load: () => import('../topics-onboarding/TopicsOnboardingPage.js'),
    preload: () => [{ query: TOPICS_ONBOARDING_QUERY }],
    outcome: ([data]) => ((data as { viewer?: unknown } | undefined)?.viewer ? {} : { redirect: '/m/signin?operation=register&redirect=%2Fget-started%2Ftopics', temporary: true }),
    head: (_data, _params, site) => ({ title: `Pick your topics – ${site.siteName}`, robots: 'noindex' }),
  },
};
