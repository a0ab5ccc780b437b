/**
 * RSS 2.0 feeds (spec routes ShowFeedUser `/feed/@{username}` and ShowFeedTag
 * `/feed/tag/{tagSlug}`): the latest stories of a writer or a tag. Only what anyone may
 * read is in them: published, listed (not unlisted or private), not responses, not trashed,
 * by writers whose profiles are shown. Member-only stories appear as their preview and a link.
 * Answers carry validators and 304 a reader that already has the current feed.
 */
import { and, desc, eq, inArray, isNull, not } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { cachePublicly, sharedCacheTimes, SURROGATE_KEYS } from '../../platform/http/cache-control.js';
import { sendWithValidators } from '../../platform/http/conditional-get.js';
import { FEED_LOGO_PATH, FEED_LOGO_SIZE, SITE_LANGUAGE } from '../../shared/brand.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { createAccountLoaders } from '../accounts/queries.js';
import { users } from '../accounts/tables.js';
import { previewParagraphs } from '../posts/policies.js';
import { posts } from '../posts/tables.js';
import { tagBySlug } from '../topics/queries.js';
import { publishedStoriesOf } from './queries.js';
import { memberOnlyNotice, renderParagraphsHtml, renderRss, type RssChannel, type RssItem } from './rss.js';
import { postTags } from './tables.js';

/** Stories per feed: readers poll often and keep what they saw. */
export const FEED_SIZE = 20;

const STORY_COLUMNS = {
  id: posts.id,
  title: posts.title,
  subtitle: posts.subtitle,
  slug: posts.slug,
  paragraphs: posts.paragraphs,
  tags: posts.tags,
  isLocked: posts.isLocked,
  visibility: posts.visibility,
  firstPublishedAt: posts.firstPublishedAt,
  latestPublishedAt: posts.latestPublishedAt,
};

type FeedStory = Awaited<ReturnType<typeof feedStories>>[number];
type Author = { name: string; username: string | null };

/** The writer's latest stories that belong in a public feed, newest first, with their bodies. */
export async function feedStories(db: Db, creatorId: string, limit = FEED_SIZE) {
  return db
    .select(STORY_COLUMNS)
    .from(posts)
    // LOCKED is the listed member-only visibility; UNLISTED and PRIVATE stay out, and so do responses.
    .where(and(...publishedStoriesOf(creatorId), isNull(posts.inResponseToPostId), isNull(posts.inResponseToCatalogId), inArray(posts.visibility, ['PUBLIC', 'LOCKED'])))
    .orderBy(desc(posts.firstPublishedAt))
    .limit(limit);
}

/**
 * A tag's latest listed stories with their writers, newest first: post_tags holds exactly the
 * listed ones (its index serves the order); hidden writers' stories are left out.
 */
export async function tagFeedStories(db: Db, tagSlug: string, limit = FEED_SIZE) {
  return db
    .select({ ...STORY_COLUMNS, authorName: users.name, authorUsername: users.username })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, postTags.creatorId))
    .where(and(eq(postTags.tagSlug, tagSlug), isNull(users.deactivatedAt), not(users.isSuspended)))
    .orderBy(desc(postTags.firstPublishedAt), desc(postTags.postId))
    .limit(limit);
}

export function registerFeedRoutes(app: FastifyInstance): void {
  const { config, db } = app;
  const origin = `${config.PUBLIC_PROTOCOL}://${config.mainHost}`;
  const site = config.SITE_NAME;

  const item = (story: FeedStory, author: Author): RssItem => {
    const link = `${origin}/${author.username ? `@${author.username}` : 'p'}/${story.slug ? `${story.slug}-` : ''}${story.id}`;
    const paragraphs = (Array.isArray(story.paragraphs) ? story.paragraphs : []) as Paragraph[];
    const memberOnly = story.isLocked || story.visibility === 'LOCKED';
    // Readers are not signed in: a member-only story shows what a logged-out reader sees.
    const contentHtml = memberOnly
      ? renderParagraphsHtml(previewParagraphs(paragraphs), origin) + memberOnlyNotice(link, site)
      : renderParagraphsHtml(paragraphs, origin);
    return {
      title: story.title || 'Untitled story',
      link,
      guid: `${origin}/p/${story.id}`,
      author: author.name,
      publishedAt: story.firstPublishedAt!,
      categories: story.tags,
      description: story.subtitle,
      contentHtml,
    };
  };

  /** The newest publication or edit among the stories: the feed's Last-Modified. */
  const newestOf = (stories: readonly FeedStory[]) =>
    stories.reduce<Date | null>((latest, s) => {
      const t = s.latestPublishedAt ?? s.firstPublishedAt;
      return t && (!latest || t > latest) ? t : latest;
    }, null);

  const send = (request: FastifyRequest, reply: FastifyReply, channel: Omit<RssChannel, 'generator' | 'image' | 'language'>, lastModified: Date | null) =>
    // Readers poll: they revalidate (ETag, Last-Modified) and get 304 until a story changes the feed.
    sendWithValidators(
      request,
      cachePublicly(reply.type('application/rss+xml; charset=utf-8'), sharedCacheTimes(config), SURROGATE_KEYS.feeds),
      renderRss({ ...channel, generator: site, language: SITE_LANGUAGE, image: { url: origin + FEED_LOGO_PATH, width: FEED_LOGO_SIZE, height: FEED_LOGO_SIZE } }),
      lastModified ?? undefined,
    );

  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Feed not found.');

  app.get('/feed/@:username', async (request: FastifyRequest<{ Params: { username: string } }>, reply) => {
    const user = await createAccountLoaders(db).userByUsername.load(request.params.username);
    // Deactivated and suspended writers' profiles are hidden, and so are their feeds.
    if (!user?.username || user.deactivatedAt || user.isSuspended) return notFound(reply);
    const profile = `${origin}/@${user.username}`;
    const stories = await feedStories(db, user.id);
    const newest = newestOf(stories);
    const title = `Stories by ${user.name} on ${site}`;
    const channel = { title, link: profile, selfLink: `${origin}/feed/@${user.username}`, description: user.bio || title, lastBuildDate: newest ?? user.createdAt };
    return send(request, reply, { ...channel, items: stories.map((s) => item(s, user)) }, newest ?? user.createdAt);
  });

  app.get('/feed/tag/:tagSlug', async (request: FastifyRequest<{ Params: { tagSlug: string } }>, reply) => {
    // Stories store tags as slugs in lower case: /feed/tag/JavaScript is the javascript feed.
    const tag = await tagBySlug(db, request.params.tagSlug.toLowerCase());
    if (!tag) return notFound(reply);
    const stories = await tagFeedStories(db, tag.slug);
    const newest = newestOf(stories);
    const page = `${origin}/tag/${encodeURIComponent(tag.slug)}`;
    const title = `${tag.displayTitle} on ${site}`;
    const channel = { title, link: page, selfLink: `${origin}/feed/tag/${encodeURIComponent(tag.slug)}`, description: `The newest stories about ${tag.displayTitle} on ${site}.`, lastBuildDate: newest };
    const items = stories.map((s) => item(s, { name: s.authorName, username: s.authorUsername }));
    return send(request, reply, { ...channel, items }, newest);
  });
}
