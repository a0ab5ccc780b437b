import { sql, type SQL } from 'drizzle-orm';

/**
 * What the publications module puts in the sitemaps (modules/discovery; the shape is
 * posts/sitemap-sources.ts'): each publication's home, last modified by its newest listed story
 * (or its creation), and its stories at their addresses under /{slug}/ (the stories part leaves
 * them out; the same stories it would list: PUBLIC or LOCKED, not responses). Keys are
 * 'p:' + publication id and 's:' + story id, so the two kinds never collide in the key order.
 */
export const publicationsSitemapSource = (): SQL => sql`
  select 'p:' || c.id as key, '/' || c.slug as path,
         coalesce((select max(p.first_published_at) from posts p
           where p.collection_id = c.id and p.deleted_at is null and p.first_published_at is not null and p.visibility = 'PUBLIC' and p.in_response_to_post_id is null), c.created_at) as lastmod
  from publications c
  union all
  select 's:' || p.id as key, '/' || c.slug || '/' || case when p.slug <> '' then p.slug || '-' else '' end || p.id as path,
         coalesce(p.latest_published_at, p.first_published_at) as lastmod
  from posts p join publications c on c.id = p.collection_id join users u on u.id = p.creator_id
  where p.deleted_at is null and p.first_published_at is not null and p.visibility in ('PUBLIC', 'LOCKED')
    and p.in_response_to_post_id is null and p.in_response_to_catalog_id is null
    and u.deactivated_at is null and not u.is_suspended`;
