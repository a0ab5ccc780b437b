import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type TimeCursor } from './feed-cursor.js';
import { LISTED, NOT_DISMISSED, NOT_IN_MUTED_PUBLICATION, textArray, type FeedSources } from './feed-sources.js';

export interface FollowingRow {
  id: string;
  firstPublishedAt: Date;
  /** The followed source that brought it: a followed writer wins over a followed publication, which wins over a followed topic. */
  authorId: string | null;
  tagSlug: string | null;
  collectionId: string | null;
}

/**
 * The Following tab: the newest listed stories of followed writers, publications and topics,
 * newest first, ordered by (first_published_at, id) so ties page without duplicates or
 * gaps. Each source reads only its own newest `limit + 1` rows after the cursor through
 * an index (posts_creator_published_idx per writer, posts_listed_collection_idx per
 * publication, post_tags_newest_idx per topic), with muted writers and publications, the
 * reader's own stories and dismissed stories filtered inside that scan; the union of those per-source tops holds the global top `limit + 1`.
 */
export async function followingFeed(db: Db, src: FeedSources, limit: number, after: TimeCursor | null): Promise<{ rows: FollowingRow[]; next: TimeCursor | null }> {
  const publicationIds = src.publicationIds ?? [];
  if (src.authorIds.length === 0 && src.tagSlugs.length === 0 && publicationIds.length === 0) return { rows: [], next: null };
  const take = limit + 1;
  const afterP = after ? sql`and (p.first_published_at, p.id) < (${after.at.toISOString()}::timestamptz, ${after.id})` : sql``;
  const afterT = after ? sql`and (t.first_published_at, t.post_id) < (${after.at.toISOString()}::timestamptz, ${after.id})` : sql``;
  const mutedPublications = textArray(src.mutedPublicationIds ?? []);
  const { rows } = await db.execute<{ id: string; at: Date; author_id: string | null; tag_slug: string | null; collection_id: string | null }>(sql`
    with by_author as (
      select p.id, p.first_published_at as at, p.creator_id as author_id, null::text as tag_slug, null::text as collection_id
      from unnest(${textArray(src.authorIds)}) as a(id)
      cross join lateral (
        select p.id, p.first_published_at, p.creator_id from posts p
        where p.creator_id = a.id and ${LISTED('p')} ${afterP} and ${NOT_DISMISSED(src, 'p.id')}
          and (p.collection_id is null or p.collection_id <> all(${mutedPublications}))
        order by p.first_published_at desc, p.id desc
        limit ${take}
      ) p
    ),
    by_publication as (
      select p.id, p.first_published_at as at, null::text as author_id, null::text as tag_slug, p.collection_id
      from unnest(${textArray(publicationIds)}) as c(id)
      cross join lateral (
        select p.id, p.first_published_at, p.collection_id from posts p
        where p.collection_id = c.id and ${LISTED('p')} ${afterP} and ${NOT_DISMISSED(src, 'p.id')}
          and p.creator_id <> ${src.viewerId} and p.creator_id <> all(${textArray(src.mutedIds)})
        order by p.first_published_at desc, p.id desc
        limit ${take}
      ) p
    ),
    by_tag as (
      select t.post_id as id, t.first_published_at as at, null::text as author_id, t.tag_slug, null::text as collection_id
      from unnest(${textArray(src.tagSlugs)}) as f(slug)
      cross join lateral (
        select t.post_id, t.first_published_at, t.tag_slug from post_tags t
        where t.tag_slug = f.slug ${afterT}
          and t.creator_id <> ${src.viewerId} and t.creator_id <> all(${textArray(src.mutedIds)})
          and ${NOT_DISMISSED(src, 't.post_id')} ${NOT_IN_MUTED_PUBLICATION(src, 't.post_id')}
        order by t.first_published_at desc nulls last, t.post_id desc nulls last
        limit ${take}
      ) t
    )
    select distinct on (at, id) id, at, author_id, tag_slug, collection_id
    from (select * from by_author union all select * from by_publication union all select * from by_tag) s
    order by at desc, id desc, author_id nulls last, collection_id nulls last, tag_slug
    limit ${take}`);
  const list = rows.map((r) => ({ id: r.id, firstPublishedAt: new Date(r.at), authorId: r.author_id, tagSlug: r.tag_slug, collectionId: r.collection_id }));
  const page = list.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: list.length > limit && last ? { at: last.firstPublishedAt, id: last.id } : null };
}
