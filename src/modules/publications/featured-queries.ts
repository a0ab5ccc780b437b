import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

export interface FeaturedPostRow {
  id: string;
  postId: string;
  position: number;
  featuredAt: number;
}

/** Spec §3 PublicationFeaturedPost rows in the editors' order (stories since removed from the publication left out). */
export async function featuredPostsOf(db: Pick<Db, 'execute'>, publicationId: string): Promise<FeaturedPostRow[]> {
  const { rows } = await db.execute(sql`select f.publication_id || ':' || f.post_id as id, f.post_id as "postId", f.position, (extract(epoch from f.featured_at) * 1000)::float8 as "featuredAt"
    from publication_featured_posts f join posts p on p.id = f.post_id
    where f.publication_id = ${publicationId} and p.collection_id = ${publicationId} and p.deleted_at is null order by f.position, f.featured_at`);
  return (rows as unknown as FeaturedPostRow[]).map((r, i) => ({ ...r, position: i + 1 }));
}

export interface FeaturingEventRow {
  id: string;
  postId: string;
  kind: string;
  actorId: string | null;
  createdAt: number;
}

/** Spec §3 PublicationFeaturingEvent rows, newest first. */
export async function featuringEventsOf(db: Pick<Db, 'execute'>, publicationId: string, limit: number): Promise<FeaturingEventRow[]> {
  const { rows } = await db.execute(sql`select id::text as id, post_id as "postId", kind, actor_id as "actorId", (extract(epoch from created_at) * 1000)::float8 as "createdAt"
    from publication_featuring_events where publication_id = ${publicationId} order by created_at desc, id desc limit ${limit}`);
  return rows as unknown as FeaturingEventRow[];
}
