/**
 * `GET /feed/@{username}` (spec route ShowFeedUser): a writer's latest stories as RSS 2.0.
 * Only what anyone may read is in it: published, listed (not unlisted or private), not
 * responses, not trashed. Member-only stories appear as their preview and a link.
 */
import { and, desc, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { cachePublicly, sharedCacheTimes, SURROGATE_KEYS } from '../../platform/http/cache-control.js';
import { sendWithValidators } from '../../platform/http/conditional-get.js';
import { imageUrl } from '../../shared/images.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { createAccountLoaders } from '../accounts/queries.js';
import { previewParagraphs } from '../posts/policies.js';
import { posts } from '../posts/tables.js';
import { publishedStoriesOf } from './queries.js';
import { memberOnlyNotice, renderParagraphsHtml, renderRss, type RssItem } from './rss.js';

/** Stories per feed: readers poll often and keep what they saw. */
export const FEED_SIZE = 20;

/** The writer's latest stories that belong in a public feed, newest first, with their bodies. */
export async function feedStories(db: Db, creatorId: string, limit = FEED_SIZE) {
  return db
    .select({
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
    })
    .from(posts)
    // LOCKED is the listed member-only visibility; UNLISTED and PRIVATE stay out, and so do responses.
    .where(and(...publishedStoriesOf(creatorId), isNull(posts.inResponseToPostId), inArray(posts.visibility, ['PUBLIC', 'LOCKED'])))
    .orderBy(desc(posts.firstPublishedAt))
    .limit(limit);
}

export function registerFeedRoutes(app: FastifyInstance): void {
  const { config, db } = app;
  const origin = `${config.PUBLIC_PROTOCOL}://${config.mainHost}`;
  const site = config.SITE_NAME;

  app.get('/feed/@:username', async (request: FastifyRequest<{ Params: { username: string } }>, reply) => {
    const user = await createAccountLoaders(db).userByUsername.load(request.params.username);
    // Deactivated and suspended writers' profiles are hidden, and so are their feeds.
    if (!user?.username || user.deactivatedAt || user.isSuspended) {
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Feed not found.');
    }
    const profile = `${origin}/@${user.username}`;
    const stories = await feedStories(db, user.id);
    const items: RssItem[] = stories.map((story) => {
      const link = `${profile}/${story.slug ? `${story.slug}-` : ''}${story.id}`;
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
        author: user.name,
        publishedAt: story.firstPublishedAt!,
        categories: story.tags,
        description: story.subtitle,
        contentHtml,
      };
    });
    const newest = stories.reduce<Date | null>((latest, s) => {
      const t = s.latestPublishedAt ?? s.firstPublishedAt;
      return t && (!latest || t > latest) ? t : latest;
    }, null);
    const title = `Stories by ${user.name} on ${site}`;
    const body = renderRss({
      title,
      link: profile,
      selfLink: `${origin}/feed/@${user.username}`,
      description: user.bio || title,
      generator: site,
      image: user.imageId ? origin + imageUrl(user.imageId, 128) : null,
      lastBuildDate: newest ?? user.createdAt,
      items,
    });
    // Readers poll: they revalidate (ETag, Last-Modified) and get 304 until a story changes it.
    cachePublicly(reply.type('application/rss+xml; charset=utf-8'), sharedCacheTimes(config), SURROGATE_KEYS.feeds);
    return sendWithValidators(request, reply, body, newest ?? user.createdAt);
  });
}
