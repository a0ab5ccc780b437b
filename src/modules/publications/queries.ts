import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isPublicationRole, PUBLICATION_COLUMNS, type PublicationRole, type PublicationRow } from './model.js';

const cols = sql.raw(PUBLICATION_COLUMNS);

/** How a publication is named in a path: /{slug} or /c/{id} (spec §2.3). */
export interface PublicationKey {
  slug?: string | null;
  id?: string | null;
}

/** A publication by its slug (any case) or id; null when there is none. */
export async function publicationByKey(db: Pick<Db, 'execute'>, key: PublicationKey): Promise<PublicationRow | null> {
  const where = key.id ? sql`id = ${key.id}` : key.slug ? sql`slug = ${key.slug.toLowerCase()}` : null;
  if (!where) return null;
  const { rows } = await db.execute(sql`select ${cols} from publications where ${where}`);
  return (rows[0] as unknown as PublicationRow | undefined) ?? null;
}

/** Publications by id, batched: a page of story cards costs one statement for their publications. */
export function createPublicationLoader(db: Db): DataLoader<string, PublicationRow | null> {
  return new DataLoader(async (ids) => {
    const { rows } = await db.execute(sql`select ${cols} from publications where id = any(${sql.param(ids)}::text[])`);
    const byId = new Map((rows as unknown as PublicationRow[]).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/** The viewer's role in each publication asked for (null: none), batched per request. */
export function createViewerRoleLoader(db: Db, viewerId: string): DataLoader<string, PublicationRole | null> {
  return new DataLoader(async (publicationIds) => {
    const { rows } = await db.execute(sql`select publication_id as "publicationId", role from publication_members
      where user_id = ${viewerId} and publication_id = any(${sql.param(publicationIds)}::text[])`);
    const byId = new Map((rows as { publicationId: string; role: string }[]).map((r) => [r.publicationId, isPublicationRole(r.role) ? r.role : null]));
    return publicationIds.map((id) => byId.get(id) ?? null);
  });
}

/** The role of one user in one publication (commands check it inside their transaction). */
export async function roleIn(db: Pick<Db, 'execute'>, publicationId: string, userId: string): Promise<PublicationRole | null> {
  const { rows } = await db.execute(sql`select role from publication_members where publication_id = ${publicationId} and user_id = ${userId}`);
  const role = (rows[0] as { role?: string } | undefined)?.role;
  return isPublicationRole(role) ? role : null;
}

/** Whether the viewer follows / mutes each publication, batched per request. */
export function createViewerEdgeLoader(db: Db, viewerId: string): DataLoader<string, { isFollowing: boolean; isMuting: boolean }> {
  return new DataLoader(async (publicationIds) => {
    const { rows } = await db.execute(sql`select p.id,
        exists (select 1 from publication_follows f where f.publication_id = p.id and f.user_id = ${viewerId}) as "isFollowing",
        exists (select 1 from publication_mutes m where m.publication_id = p.id and m.user_id = ${viewerId}) as "isMuting"
      from unnest(${sql.param(publicationIds)}::text[]) as p(id)`);
    const byId = new Map((rows as { id: string; isFollowing: boolean; isMuting: boolean }[]).map((r) => [r.id, r]));
    return publicationIds.map((id) => ({ isFollowing: byId.get(id)?.isFollowing ?? false, isMuting: byId.get(id)?.isMuting ?? false }));
  });
}

/** Publications where the user is owner or editor, newest role first (the avatar menu, spec §2.5: up to 3). */
export async function administeredPublications(db: Pick<Db, 'execute'>, userId: string, limit: number): Promise<PublicationRow[]> {
  const { rows } = await db.execute(sql`select ${sql.raw(PUBLICATION_COLUMNS.replace(/\n\s*/g, ' ').split(', ').map((c) => `p.${c}`).join(', '))}
    from publication_members m join publications p on p.id = m.publication_id
    where m.user_id = ${userId} and m.role in ('OWNER', 'EDITOR') order by m.created_at desc, p.id limit ${limit}`);
  return rows as unknown as PublicationRow[];
}

/** A story listed in a publication: public, published, not a response, not trashed. */
export const LISTED = sql`p.deleted_at is null and p.first_published_at is not null and p.visibility = 'PUBLIC' and p.in_response_to_post_id is null`;

export interface PublicationPostsPage {
  ids: string[];
  /** The cursor of the next page (the last story's time and id), or null at the end. */
  next: string | null;
}

/**
 * A publication's listed stories newest first (homepage sections, latest, tagged, archive, feeds),
 * optionally with a tag (a slug, as posts.tags holds them) or any of several, a time window [from, to) and a cursor from the last page.
 * One index range scan (posts_listed_collection_idx).
 */
export async function publicationPostIds(
  db: Pick<Db, 'execute'>,
  publicationId: string,
  opts: { limit: number; tag?: string | null; anyOfTags?: readonly string[]; from?: Date | null; to?: Date | null; after?: string | null },
): Promise<PublicationPostsPage> {
  const conditions = [sql`p.collection_id = ${publicationId}`, LISTED];
  if (opts.tag) conditions.push(sql`${opts.tag.toLowerCase()} = any(p.tags)`);
  if (opts.anyOfTags) conditions.push(sql`p.tags && ${sql.param(opts.anyOfTags.map((t) => t.toLowerCase()))}::text[]`);
  if (opts.from) conditions.push(sql`p.first_published_at >= ${opts.from.toISOString()}`);
  if (opts.to) conditions.push(sql`p.first_published_at < ${opts.to.toISOString()}`);
  const cursor = opts.after ? /^(\d+):([0-9a-f]+)$/.exec(opts.after) : null;
  if (cursor) conditions.push(sql`(p.first_published_at, p.id) < (to_timestamp(${Number(cursor[1]) / 1000}), ${cursor[2]})`);
  const { rows } = await db.execute(sql`select p.id, (extract(epoch from p.first_published_at) * 1000)::bigint as "at" from posts p
    where ${sql.join(conditions, sql` and `)} order by p.first_published_at desc, p.id desc limit ${opts.limit + 1}`);
  const list = rows as { id: string; at: string | number }[];
  const page = list.slice(0, opts.limit);
  const last = page[page.length - 1];
  return { ids: page.map((r) => r.id), next: list.length > opts.limit && last ? `${last.at}:${last.id}` : null };
}

/** The publication's featured stories in the editors' order (the caller keeps those the viewer may read). */
export async function featuredPostIds(db: Pick<Db, 'execute'>, publicationId: string, limit: number): Promise<string[]> {
  const { rows } = await db.execute(sql`select f.post_id from publication_featured_posts f join posts p on p.id = f.post_id
    where f.publication_id = ${publicationId} and p.collection_id = ${publicationId} and ${LISTED} order by f.position limit ${limit}`);
  return (rows as { post_id: string }[]).map((r) => r.post_id);
}
