/**
 * A publication's RSS 2.0 feed: ShowFeedCollection `/feed/{collectionSlug}` on the main host,
 * and `/feed` and `/feed/tagged/{tagSlug}` on the publication's own domain (the
 * publication-domain route table). Its latest listed stories, newest first, with their bodies,
 * written with the feeds module's RSS writer (every user-written string escaped there).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { cachePublicly, sharedCacheTimes, SURROGATE_KEYS } from '../../platform/http/cache-control.js';
import { sendWithValidators } from '../../platform/http/conditional-get.js';
import { FEED_LOGO_PATH, FEED_LOGO_SIZE, SITE_LANGUAGE } from '../../shared/brand.js';
import { imageUrlFor } from '../../shared/images.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { tableForHost } from '../../shared/routing/host.js';
import { FEED_SIZE } from '../feeds/rss-http.js';
import { renderParagraphsHtml, renderRss } from '../feeds/rss.js';
import type { PublicationRow } from './model.js';
import { publicationByKey, publicationPostIds } from './queries.js';

interface FeedStory {
  id: string;
  title: string;
  subtitle: string;
  slug: string;
  paragraphs: unknown;
  tags: string[];
  firstPublishedAt: Date;
  latestPublishedAt: Date | null;
  authorName: string;
}

/** The stories of a publication's feed, in the order of `ids`, with their writers' names. */
async function feedStories(db: Db, ids: string[]): Promise<FeedStory[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute(sql`select p.id, p.title, p.subtitle, p.slug, p.paragraphs, p.tags, p.first_published_at as "firstPublishedAt",
      p.latest_published_at as "latestPublishedAt", u.name as "authorName"
    from posts p join users u on u.id = p.creator_id
    where p.id = any(${sql.param(ids)}::text[]) and u.deactivated_at is null and not u.is_suspended`);
  const byId = new Map((rows as unknown as FeedStory[]).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const asDate = (d: Date | string | null) => (d === null ? null : new Date(d));

/**
 * How the publication is found for the publication-domain routes: by the request's custom
 * domain. The custom-domains part supplies the lookup; without it no host names a publication.
 */
export type PublicationByDomain = (db: Db, domain: string) => Promise<PublicationRow | null>;

export function registerPublicationFeedRoutes(app: FastifyInstance, opts: { publicationByDomain?: PublicationByDomain } = {}): void {
  const { config, db } = app;
  const mainOrigin = `${config.PUBLIC_PROTOCOL}://${config.mainHost}`;
  const byDomain = opts.publicationByDomain ?? (async () => null);

  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Feed not found.');

  /** The feed of `publication` (with a tag: only its stories), its links based at `base`. */
  async function send(request: FastifyRequest, reply: FastifyReply, publication: PublicationRow, base: string, tag: string | null) {
    const page = await publicationPostIds(db, publication.id, { limit: FEED_SIZE, tag });
    const stories = await feedStories(db, page.ids);
    const newest = stories.reduce<Date | null>((latest, s) => {
      const t = asDate(s.latestPublishedAt ?? s.firstPublishedAt);
      return t && (!latest || t > latest) ? t : latest;
    }, null);
    const link = tag ? `${base}/tagged/${encodeURIComponent(tag)}` : base || mainOrigin;
    const logo = publication.avatarImageId ? `${mainOrigin}${imageUrlFor(publication.avatarImageId, { strategy: 'crop', width: FEED_LOGO_SIZE, height: FEED_LOGO_SIZE })}` : mainOrigin + FEED_LOGO_PATH;
    const title = tag ? `${publication.name}: ${tag}` : publication.name;
    const xml = renderRss({
      title,
      link,
      selfLink: `${request.protocol}://${request.host}${request.url.split('?')[0]}`,
      description: publication.description || `The latest stories of ${publication.name} on ${config.SITE_NAME}.`,
      generator: config.SITE_NAME,
      language: SITE_LANGUAGE,
      image: { url: logo, width: FEED_LOGO_SIZE, height: FEED_LOGO_SIZE },
      lastBuildDate: newest,
      items: stories.map((s) => {
        const storyLink = `${base}/${s.slug ? `${s.slug}-` : ''}${s.id}`;
        return {
          title: s.title || 'Untitled story',
          link: storyLink,
          guid: `${mainOrigin}/p/${s.id}`,
          author: s.authorName,
          publishedAt: new Date(s.firstPublishedAt),
          categories: s.tags,
          description: s.subtitle,
          contentHtml: renderParagraphsHtml((Array.isArray(s.paragraphs) ? s.paragraphs : []) as Paragraph[], mainOrigin),
        };
      }),
    });
    // Readers poll: they revalidate and get 304 until a story changes the feed.
    return sendWithValidators(request, cachePublicly(reply.type('application/rss+xml; charset=utf-8'), sharedCacheTimes(config), SURROGATE_KEYS.feeds), xml, newest ?? undefined);
  }

  const onDomain = async (request: FastifyRequest) => {
    const host = tableForHost(request.headers.host ?? '', config.mainHost);
    return host.kind === 'publication-domain' && host.domain ? byDomain(db, host.domain) : null;
  };

  app.get('/feed/:collectionSlug', async (request: FastifyRequest<{ Params: { collectionSlug: string } }>, reply) => {
    if (tableForHost(request.headers.host ?? '', config.mainHost).kind !== 'default') return notFound(reply);
    const publication = await publicationByKey(db, { slug: request.params.collectionSlug.slice(0, 100) });
    return publication ? send(request, reply, publication, `${mainOrigin}/${publication.slug}`, null) : notFound(reply);
  });
  app.get('/feed', async (request, reply) => {
    const publication = await onDomain(request);
    return publication ? send(request, reply, publication, `${request.protocol}://${request.host}`, null) : notFound(reply);
  });
  app.get('/feed/tagged/:tagSlug', async (request: FastifyRequest<{ Params: { tagSlug: string } }>, reply) => {
    const publication = await onDomain(request);
    return publication ? send(request, reply, publication, `${request.protocol}://${request.host}`, request.params.tagSlug.toLowerCase().slice(0, 100)) : notFound(reply);
  });
}
