import type { DocumentNode } from 'graphql';
import type { ComponentType } from 'react';
import { HOME_LO_QUERY, NOT_FOUND_SCREEN_QUERY, PAGE_USER_QUERY, POST_PAGE_QUERY } from '../graphql/operations.js';
import { postIdFromSlug } from '../../shared/routing/post-id.js';
import type { SiteInfo } from '../app-context.js';
import type { KeptPart } from '../lib/server-fragments.js';
import { postHead, type HeadTags } from './head.js';
import { shareImage, sharingMeta, webSiteLd } from './sharing.js';
import { POST_ENGAGEMENT_QUERY } from '../graphql/engagement-operations.js';
import { POST_RESPONSES_PAGE_QUERY, THREADED_POST_RESPONSES_QUERY } from '../graphql/responses-operations.js';
import { firstPageVariables } from '../pages/post/responses/first-page.js';
import { lazyGroupOf } from './lazy-pages.js';
import { HOME_LO_TRENDING_QUERY } from '../graphql/feeds-operations.js';
import { SERIES_NAV_QUERY } from '../graphql/series-nav-operations.js';

export interface PageProps {
  pageId: string;
  params: Record<string, string>;
}

export interface PageModule {
  default: ComponentType<PageProps>;
  /** Right column of the two-column layout. */
  Sidebar?: ComponentType<PageProps>;
}

export interface PreloadQuery {
  query: DocumentNode;
  variables?: Record<string, unknown>;
}

export interface PageOutcome {
  notFound?: boolean;
  /** A canonical URL to redirect to (301). */
  redirect?: string;
  /** Redirect with 302: it depends on who asks (a signed-out reader), not on the URL. */
  temporary?: boolean;
}

export interface PageDef {
  /** Source path of the page module: the build manifest's key, for modulepreload and CSS. */
  module: string;
  load(): Promise<PageModule>;
  /** The GraphQL queries the page needs, run before rendering (server) or navigating (client). */
  preload?(params: Record<string, string>): PreloadQuery[];
  /** What the preloaded data means for the response: not found, or a canonical redirect. */
  outcome?(data: unknown[], params: Record<string, string>, pathname: string, search?: string): PageOutcome;
  head?(data: unknown[], params: Record<string, string>, site: SiteInfo & { origin: string }): HeadTags;
  /** Parts of the embedded state that are the same for every reader of one version (server-fragments.ts). */
  keptState?(data: unknown[]): KeptPart[];
  /**
   * The page is the same for every logged-out reader (nothing from the visitor's cookie,
   * country or history), so the server may answer them from its page cache.
   */
  publicCache?: boolean;
  /**
   * The data came back held until the page is opened (asked for ahead of a click: a metered
   * story's text, modules/metering): opening the page asks again.
   */
  heldBack?(data: unknown[]): boolean;
  /**
   * Other sites may show the page in an iframe (the list embed page): its answers to
   * signed-out readers say frame-ancestors *. Signed-in readers' answers never do.
   */
  embeddable?: boolean;
}

/** The ?sk= of a friend link (modules/metering) in a query string, to keep across a redirect. */
function friendLinkQuery(search: string | undefined): string {
  const key = search ? new URLSearchParams(search).get('sk') : null;
  return key ? `?sk=${encodeURIComponent(key)}` : '';
}

type PostResult = { postResult?: { __typename: string; uniqueSlug?: string; creator?: { username?: string | null }; collection?: { id: string; slug: string } | null } };
type UserResult = { userResult?: { __typename: string } };

const postPage: PageDef = {
  module: 'src/web/pages/post/PostPage.tsx',
  load: () => import('../pages/post/PostPage.js'),
  // The first page of responses comes with the story, so it is server-rendered too.
  preload: (params) => {
    const postId = postIdFromSlug(params.postId ?? '') ?? '';
    const pageQueries = [{ query: POST_PAGE_QUERY, variables: { postId } }, { query: THREADED_POST_RESPONSES_QUERY, variables: firstPageVariables(postId) }, { query: POST_ENGAGEMENT_QUERY, variables: { postId } }];
    // /s/{sequenceSlug}/{postId}: the series bar's data too (only there: a plain story asks nothing more).
    return params.sequenceSlug !== undefined ? [...pageQueries, { query: SERIES_NAV_QUERY, variables: { sequenceSlug: params.sequenceSlug } }] : pageQueries;
  },
  outcome: ([data, , , series], params, pathname, search) => {
    const post = (data as PostResult | undefined)?.postResult;
    if (!post || post.__typename !== 'Post') return { notFound: true };
    // Read inside its series, the story keeps the series address; not a part of it (or a series the reader may not see), it is 404.
    if (params.sequenceSlug !== undefined) return seriesPartOutcome(series, params.sequenceSlug, (post as { id?: string }).id);
    const username = post.creator?.username;
    // A story in a publication lives under it (/{collectionSlug}/{uniqueSlug}): /@user/… and a wrong
    // or old publication slug go there; /{collectionSlug}/… that names it and /c/{collectionId}/… stay.
    const collection = post.collection;
    if (collection && (params.collectionId === collection.id || params.collectionSlug?.toLowerCase() === collection.slug)) return {};
    const canonical = post.collection ? `/${post.collection.slug}/${post.uniqueSlug}` : username ? `/@${username}/${post.uniqueSlug}` : null;
    // A writer's friend link (?sk=…) still opens the story at its canonical address.
    return canonical && decodeURIComponent(pathname) !== canonical ? { redirect: canonical + friendLinkQuery(search) } : {};
  },
  head: ([data], _params, site) => postHead(data, site),
  heldBack: ([data]) => (data as { postResult?: { content?: { metering?: { heldUntilOpened?: boolean } | null } } } | undefined)?.postResult?.content?.metering?.heldUntilOpened === true,
  // The story's paragraphs, most of the page's state, are the same for every reader of a revision.
  keptState: ([data]) => {
    const content = (data as { postResult?: { content?: { version?: unknown; bodyModel?: unknown } } } | undefined)?.postResult?.content;
    return content && typeof content.version === 'string' && content.bodyModel ? [{ holder: content, prop: 'bodyModel', key: `story-body:${content.version}` }] : [];
  },
  publicCache: true,
};

type SeriesNavResult = { sequence?: { slug: string; posts: { id: string }[] } | null };

/** /s/{sequenceSlug}/{postId}: the story in its series; an old slug of the series goes to the current one. */
function seriesPartOutcome(data: unknown, sequenceSlug: string, postId: string | undefined): PageOutcome {
  const sequence = (data as SeriesNavResult | undefined)?.sequence;
  if (!sequence || !postId || !sequence.posts.some((p) => p.id === postId)) return { notFound: true };
  return sequence.slug !== sequenceSlug ? { redirect: `/s/${sequence.slug}/${postId}` } : {};
}

type PostTitleResult = { postResult?: { __typename: string; title?: string; creator?: { name?: string } } };

/** /p/{postId}/responses[/new]: a story's discussion on a page of its own. */
const postResponsesPage: PageDef = {
  module: 'src/web/pages/post-responses/PostResponsesPage.tsx',
  load: () => import('../pages/post-responses/PostResponsesPage.js'),
  preload: (params) => {
    const postId = postIdFromSlug(params.postId ?? '') ?? '';
    return [{ query: POST_RESPONSES_PAGE_QUERY, variables: { postId } }, { query: THREADED_POST_RESPONSES_QUERY, variables: firstPageVariables(postId) }];
  },
  outcome: ([data]) => ((data as PostTitleResult | undefined)?.postResult?.__typename === 'Post' ? {} : { notFound: true }),
  head: ([data], params, site) => {
    const post = (data as PostTitleResult | undefined)?.postResult;
    const postId = postIdFromSlug(params.postId ?? '');
    return {
      title: `Responses to ${post?.title || 'a story'} by ${post?.creator?.name ?? ''} – ${site.siteName}`,
      description: `Read the responses to ${post?.title || 'this story'} and add yours.`,
      ...(postId ? { canonical: `${site.origin}/p/${postId}/responses` } : {}),
    };
  },
};


/** The pages built so far; every other page id renders its layout with 'coming soon'. */
export const PAGES: Record<string, PageDef> = {
  // topic, topic-recommended, topic-who-to-follow, tag-archive, explore-topics, legacy-topic-redirect, topics-onboarding
  'home-lo': {
    module: 'src/web/pages/home-lo/HomeLoPage.tsx',
    load: () => import('../pages/home-lo/HomeLoPage.js'),
    preload: () => [{ query: HOME_LO_QUERY }, { query: HOME_LO_TRENDING_QUERY }],
    head: (_data, _params, site) => {
      const title = `${site.siteName} – Where good ideas find you.`;
      const description = `Read and share ideas from independent voices on ${site.siteName}.`;
      const url = `${site.origin}/`;
      return {
        title,
        description,
        canonical: url,
        meta: sharingMeta(site, { type: 'website', title, description, url, image: shareImage(site).url }),
        jsonLd: { '@context': 'https://schema.org', ...webSiteLd(site), description },
      };
    },
    publicCache: true,
  },
  post: postPage,
  'post-responses': postResponsesPage,
  'account-goodbye': {
    module: 'src/web/pages/account-goodbye/AccountGoodbyePage.tsx',
    load: () => import('../pages/account-goodbye/AccountGoodbyePage.js'),
    head: (_data, _params, site) => ({ title: `Goodbye – ${site.siteName}`, robots: 'noindex' }),
  },
  suspended: {
    module: 'src/web/pages/suspended/SuspendedPage.tsx',
    load: () => import('../pages/suspended/SuspendedPage.js'),
    head: (_data, _params, site) => ({ title: `Account suspended – ${site.siteName}`, robots: 'noindex' }),
  },
  'sign-in': {
    module: 'src/web/pages/sign-in/SignInPage.tsx',
    load: () => import('../pages/sign-in/SignInPage.js'),
    head: (_data, _params, site) => ({ title: `Sign in – ${site.siteName}`, robots: 'noindex' }),
  },
  'unrecognized-account': {
    module: 'src/web/pages/unrecognized-account/UnrecognizedAccountPage.tsx',
    load: () => import('../pages/unrecognized-account/UnrecognizedAccountPage.js'),
    head: (_data, _params, site) => ({ title: `Unrecognized account – ${site.siteName}`, robots: 'noindex' }),
  },
  'not-found': {
    module: 'src/web/pages/not-found/NotFoundPage.tsx',
    load: () => import('../pages/not-found/NotFoundPage.js'),
    preload: () => [{ query: NOT_FOUND_SCREEN_QUERY }],
    // Spec §2.2: the 404 page is titled 'unknown'.
    head: () => ({ title: 'unknown', robots: 'noindex' }),
  },
};

/**
 * A page that is routed but not built: its layout with 'coming soon'. Pages about a
 * user still 404 for an unknown username, and pages about a publication 404 for every
 * slug, since no publication exists until publications land (spec §2.2: a missing
 * publication shows the 404 page).
 */
export const COMING_SOON: PageDef = {
  module: 'src/web/pages/coming-soon/ComingSoonPage.tsx',
  load: () => import('../pages/coming-soon/ComingSoonPage.js'),
  preload: (params) => (params.username !== undefined ? [{ query: PAGE_USER_QUERY, variables: { username: params.username } }] : []),
  outcome: ([data], params) => {
    if (params.collectionSlug !== undefined) return { notFound: true };
    if (params.username !== undefined && (data as UserResult | undefined)?.userResult?.__typename !== 'User') return { notFound: true };
    return {};
  },
  head: (_data, _params, site) => ({ title: site.siteName, robots: 'noindex' }),
};

/** The definition of a page id: the registry's own, or its lazy group's (lazy-pages.ts). */
export async function loadPageDef(pageId: string): Promise<PageDef> {
  const group = lazyGroupOf(pageId);
  if (group) return (await group.load())[pageId] ?? COMING_SOON;
  return PAGES[pageId] ?? COMING_SOON;
}

/** The chunk holding a page's definition when it is not in the first script (for modulepreload). */
export const pageDefModule = (pageId: string): string | null => lazyGroupOf(pageId)?.module ?? null;
