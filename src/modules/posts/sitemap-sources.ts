import { sql, type SQL } from 'drizzle-orm';
import { LISTED } from './listed.js';

/**
 * What the posts module puts in the sitemaps (modules/discovery): each source is a select of
 * `key` (the stable order sitemap pages are cut by), `path` and `lastmod`, with no grouping,
 * so a condition on `key` reaches the primary key's index through it.
 */

/**
 * Stories anyone may open: published, not in the trash, PUBLIC or LOCKED (a member-only
 * story's page is public: its preview and the paywall), not responses, by a writer whose
 * profile is shown (has a username, not deactivated or suspended). Unlisted and private
 * stories stay out: being found only by their link is what they are for. A story in a
 * publication lives at /{collectionSlug}/…: the publications part lists it there, once.
 */
export const storiesSitemapSource = (): SQL => sql`
  select p.id as key,
         '/@' || u.username || '/' || case when p.slug <> '' then p.slug || '-' else '' end || p.id as path,
         coalesce(p.latest_published_at, p.first_published_at) as lastmod
  from posts p join users u on u.id = p.creator_id
  where p.deleted_at is null and p.first_published_at is not null and p.in_response_to_post_id is null and p.in_response_to_catalog_id is null
    and p.visibility in ('PUBLIC', 'LOCKED') and p.collection_id is null
    and u.username is not null and u.deactivated_at is null and not u.is_suspended`;

/**
 * Writers' profiles: shown profiles (a username, not deactivated or suspended) with at least
 * one listed story, last modified by the newest. A reader's profile with nothing on it is
 * left for the links to find; a profile without a username has no lasting address.
 */
export const writersSitemapSource = (): SQL => sql`
  select u.id as key, '/@' || u.username as path, w.lastmod
  from users u
  cross join lateral (select max(p.first_published_at) as lastmod from posts p where p.creator_id = u.id and ${LISTED('p')}) w
  where w.lastmod is not null and u.username is not null and u.deactivated_at is null and not u.is_suspended`;

/**
 * Tags with a listed story by a shown writer (post_tags, kept by a trigger, holds the listed
 * ones), last modified by the newest: read newest first along post_tags_newest_idx, it stops
 * at the first shown writer's story however big the tag.
 */
export const tagsSitemapSource = (): SQL => sql`
  select t.slug as key, '/tag/' || t.slug as path, newest.lastmod
  from tags t
  cross join lateral (
    select pt.first_published_at as lastmod from post_tags pt join users u on u.id = pt.creator_id
    where pt.tag_slug = t.slug and u.deactivated_at is null and not u.is_suspended
    order by pt.first_published_at desc limit 1) newest
  where t.post_count > 0`;

/**
 * The site's own pages that list stories: the landing page and the topics, last modified
 * by the newest listed story. Never empty, so the sitemap index always has a part.
 */
export const sitePagesSitemapSource = (): SQL => sql`
  select v.key, v.path, (select max(p.first_published_at) from posts p where ${LISTED('p')}) as lastmod
  from (values ('1', '/'), ('2', '/explore-topics')) as v(key, path)`;
