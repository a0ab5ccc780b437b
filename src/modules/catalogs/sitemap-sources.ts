import { sql, type SQL } from 'drizzle-orm';

/**
 * A list's slugId in SQL, as catalogSlugId (queries.ts) and slugify (shared/slug.ts) make it:
 * accents removed (NFKD, combining marks dropped), lower case, runs of anything but a-z and
 * 0-9 as one hyphen, then the id; a predefined list's is its kind.
 */
const SLUG_ID = sql.raw(`case when c.predefined is not null then c.predefined else
  coalesce(nullif(trim(both '-' from regexp_replace(lower(regexp_replace(normalize(c.name, NFKD), '[\\u0300-\\u036f]', '', 'g')), '[^a-z0-9]+', '-', 'g')) || '-', '-'), '') || c.id end`);

/**
 * What the catalogs module puts in the sitemaps (modules/discovery; the shape is described in
 * posts/sitemap-sources.ts): public lists with at least one story, by a shown writer (a
 * username, not deactivated or suspended), at /@{username}/list/{slugId}, last modified when
 * the list or its items last changed. A private list is never in them.
 */
export const listsSitemapSource = (): SQL => sql`
  select c.id as key, '/@' || u.username || '/list/' || ${SLUG_ID} as path, c.updated_at as lastmod
  from catalogs c join users u on u.id = c.user_id
  where c.visibility = 0 and c.items_count > 0
    and u.username is not null and u.deactivated_at is null and not u.is_suspended`;
