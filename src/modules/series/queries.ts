import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { canSeeSequence, SEQUENCE_COLUMNS, sequenceIdFromSlug, type SequenceRow, type SeriesFilter } from './model.js';

const cols = sql.raw(SEQUENCE_COLUMNS);

/** How many series a writer's lists show (a writer with more pages through /me/series). */
export const SERIES_LIST_LIMIT = 50;
/** The writer's stories the editor offers, newest first. */
export const CANDIDATES_LIMIT = 200;

/** A series by slug or bare id, if the viewer may see it (drafts: the writer only). */
export async function sequenceForViewer(db: Db, slugOrId: string, viewerId: string | null): Promise<SequenceRow | null> {
  const id = sequenceIdFromSlug(slugOrId);
  if (!id) return null;
  const { rows } = await db.execute(sql`select ${cols} from sequences where id = ${id}`);
  const row = rows[0] as unknown as SequenceRow | undefined;
  return row && canSeeSequence(row, viewerId) ? row : null;
}

/**
 * The series holding each story (a story is part of at most one), batched: a list of cards
 * asking Post.sequence costs one statement. The caller checks who may see it.
 */
export function createSequenceOfPostLoader(db: Db): DataLoader<string, SequenceRow | null> {
  return new DataLoader(async (postIds) => {
    const { rows } = await db.execute(sql`select i.post_id as "postId", ${sql.raw(SEQUENCE_COLUMNS.replace(/\n\s*/g, ' ').split(', ').map((c) => `s.${c}`).join(', '))}
      from sequence_items i join sequences s on s.id = i.sequence_id where i.post_id = any(${sql.param(postIds)}::text[])`);
    const byPost = new Map((rows as unknown as (SequenceRow & { postId: string })[]).map((r) => [r.postId, r]));
    return postIds.map((id) => byPost.get(id) ?? null);
  });
}

/** The stories of a series in reading order (the caller keeps those the viewer may read). */
export async function sequencePostIds(db: Db, sequenceId: string): Promise<string[]> {
  const { rows } = await db.execute(sql`select post_id from sequence_items where sequence_id = ${sequenceId} order by position`);
  return (rows as { post_id: string }[]).map((r) => r.post_id);
}

/** The writer's own series for /me/series[/{filterBy}], last changed first. */
export async function viewerSequences(db: Db, viewerId: string, filter: SeriesFilter | null): Promise<SequenceRow[]> {
  const where = filter === 'drafts' ? sql`and published_at is null` : filter === 'public' ? sql`and published_at is not null` : sql``;
  const { rows } = await db.execute(sql`select ${cols} from sequences where user_id = ${viewerId} ${where} order by updated_at desc, id limit ${SERIES_LIST_LIMIT}`);
  return rows as unknown as SequenceRow[];
}

/** A writer's published series (their profile's SERIES tab), newest first; the writer sees their drafts too. */
export async function userSequences(db: Db, userId: string, viewerId: string | null): Promise<SequenceRow[]> {
  const drafts = userId === viewerId ? sql`` : sql`and published_at is not null`;
  const { rows } = await db.execute(sql`select ${cols} from sequences where user_id = ${userId} ${drafts} order by coalesce(published_at, created_at) desc, id limit ${SERIES_LIST_LIMIT}`);
  return rows as unknown as SequenceRow[];
}

/**
 * The stories a writer may put in a new series: published, their own, not responses, not
 * trashed, not private, and in no series yet (the editor adds back the parts of the series it edits).
 */
export async function seriesCandidateIds(db: Db, viewerId: string): Promise<string[]> {
  const { rows } = await db.execute(sql`select p.id from posts p where p.creator_id = ${viewerId} and p.deleted_at is null and p.first_published_at is not null
    and p.in_response_to_post_id is null and p.visibility <> 'PRIVATE' and not exists (select 1 from sequence_items i where i.post_id = p.id)
    order by p.first_published_at desc, p.id limit ${CANDIDATES_LIMIT}`);
  return (rows as { id: string }[]).map((r) => r.id);
}

export async function isFollowingSequence(db: Db, sequenceId: string, viewerId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from sequence_follows where sequence_id = ${sequenceId} and user_id = ${viewerId}`);
  return rows.length > 0;
}
