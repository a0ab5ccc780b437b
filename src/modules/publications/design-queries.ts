import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { afterIo } from '../../platform/db/batch-schedule.js';

/** What one homepage section lists: its publication, source, tags and how many stories (one more tells overflow). */
export interface SectionRequest {
  publicationId: string;
  source: 'LATEST' | 'TAG' | 'FEATURED';
  tags: readonly string[];
  limit: number;
  /** Stories to skip (the section's own page, /{slug}/home/{sectionId}). */
  offset?: number;
}

export interface SectionPosts {
  ids: string[];
  hasOverflow: boolean;
}

const keyOf = (r: SectionRequest) => JSON.stringify([r.publicationId, r.source, [...r.tags].sort(), r.limit, r.offset ?? 0]);

/** A story listed in a publication: public, published, not a response, not trashed (as queries.ts LISTED). */
const LISTED = sql`p.deleted_at is null and p.first_published_at is not null and p.visibility = 'PUBLIC' and p.in_response_to_post_id is null`;

/**
 * Every section of the request's homepages in one statement: each section is a row of a
 * recordset joined laterally to its stories (the posts_listed_collection_idx range scan of
 * publicationPostIds, or the featured order), so a homepage of twelve sections costs what one costs.
 */
async function sectionPostIds(db: Pick<Db, 'execute'>, requests: readonly SectionRequest[]): Promise<SectionPosts[]> {
  const spec = requests.map((r, i) => ({ i, pub: r.publicationId, featured: r.source === 'FEATURED', tags: r.source === 'TAG' ? r.tags : null, lim: r.limit + 1, off: r.offset ?? 0 }));
  const { rows } = await db.execute(sql`select s.i, x.id from jsonb_to_recordset(${JSON.stringify(spec)}::jsonb) as s(i int, pub text, featured boolean, tags text[], lim int, off int)
    cross join lateral (
      (select p.id, f.position as pos, p.first_published_at as at from publication_featured_posts f join posts p on p.id = f.post_id
        where s.featured and f.publication_id = s.pub and p.collection_id = s.pub and ${LISTED}
        order by f.position limit s.lim offset s.off)
      union all
      (select p.id, null, p.first_published_at from posts p where not s.featured and p.collection_id = s.pub and ${LISTED} and (s.tags is null or p.tags && s.tags)
        order by p.first_published_at desc, p.id desc limit s.lim offset s.off)
    ) x order by s.i, x.pos nulls last, x.at desc, x.id desc`);
  const byIndex = requests.map(() => [] as string[]);
  for (const r of rows as { i: number; id: string }[]) byIndex[r.i]!.push(r.id);
  return requests.map((req, i) => ({ ids: byIndex[i]!.slice(0, req.limit), hasOverflow: byIndex[i]!.length > req.limit }));
}

/** Sections' stories batched per request (every section of a homepage in one statement). */
export function createSectionPostsLoader(db: Db): DataLoader<SectionRequest, SectionPosts, string> {
  return new DataLoader((requests) => sectionPostIds(db, requests), { cacheKeyFn: keyOf, batchScheduleFn: afterIo });
}
