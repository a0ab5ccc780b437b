import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emitDomainEvent } from '../../platform/events/outbox.js';
import { newId } from '../../platform/ids.js';
import { isOwnUpload } from '../media/queries.js';
import { canSeeSequence, invalidSequenceInput, SEQUENCE_COLUMNS, type SequenceInput, type SequenceRow, SERIES_MESSAGES } from './model.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type SeriesOutcome =
  | { kind: 'ok'; sequence: SequenceRow }
  | { kind: 'not-found'; message: string }
  | { kind: 'bad-request'; message: string }
  | { kind: 'unauthorized'; message: string };

/** Thrown inside a transaction to roll it back and answer with this outcome. */
class Refusal extends Error {
  constructor(readonly outcome: SeriesOutcome) {
    super(outcome.kind);
  }
}

const cols = sql.raw(SEQUENCE_COLUMNS);

async function rows<T>(tx: Pick<Db, 'execute'> | Tx, query: SQL): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

/** Runs the work in one transaction; a Refusal rolls it back, and so does a story claimed by another series meanwhile. */
async function inTransaction(db: Db, work: (tx: Tx) => Promise<SeriesOutcome>): Promise<SeriesOutcome> {
  try {
    return await db.transaction(work);
  } catch (e) {
    if (e instanceof Refusal) return e.outcome;
    // sequence_items_post_idx: two saves racing for one story; the loser is told as if it had lost the check.
    if ((e as { code?: string; cause?: { code?: string } }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') {
      return { kind: 'bad-request', message: SERIES_MESSAGES.inOtherSeries };
    }
    throw e;
  }
}

/** The series, locked for the rest of the transaction, if the viewer is its writer. */
async function lockOwned(tx: Tx, viewerId: string, sequenceId: string): Promise<SequenceRow> {
  const [row] = await rows<SequenceRow>(tx, sql`select ${cols} from sequences where id = ${sequenceId} for update`);
  // Staff have no special power here: a draft is 404 to them as to anyone but its writer.
  if (!row || !canSeeSequence(row, viewerId)) throw new Refusal({ kind: 'not-found', message: SERIES_MESSAGES.notFound });
  if (row.userId !== viewerId) throw new Refusal({ kind: 'unauthorized', message: SERIES_MESSAGES.notOwner });
  return row;
}

/**
 * Makes the series' parts exactly `postIds`, in that order: the writer's own published stories
 * (not responses, not trashed, not private), each in no other series. Stories new to a published
 * series are announced to its followers (one event per story, handled after commit).
 */
async function setParts(tx: Tx, sequence: SequenceRow, postIds: readonly string[]): Promise<SequenceRow> {
  if (postIds.length > 0) {
    const eligible = await rows<{ id: string }>(
      tx,
      sql`select id from posts where id = any(${sql.param(postIds)}::text[]) and creator_id = ${sequence.userId}
        and deleted_at is null and first_published_at is not null and in_response_to_post_id is null and visibility <> 'PRIVATE'`,
    );
    if (eligible.length !== postIds.length) throw new Refusal({ kind: 'bad-request', message: SERIES_MESSAGES.notEligible });
    const elsewhere = await rows(tx, sql`select 1 from sequence_items where post_id = any(${sql.param(postIds)}::text[]) and sequence_id <> ${sequence.id} limit 1`);
    if (elsewhere.length > 0) throw new Refusal({ kind: 'bad-request', message: SERIES_MESSAGES.inOtherSeries });
  }
  const before = new Set((await rows<{ post_id: string }>(tx, sql`select post_id from sequence_items where sequence_id = ${sequence.id}`)).map((r) => r.post_id));
  await tx.execute(sql`delete from sequence_items where sequence_id = ${sequence.id} and not (post_id = any(${sql.param(postIds)}::text[]))`);
  if (postIds.length > 0) {
    await tx.execute(sql`insert into sequence_items (sequence_id, post_id, position)
      select ${sequence.id}, p.id, p.n from unnest(${sql.param(postIds)}::text[]) with ordinality as p(id, n)
      on conflict (sequence_id, post_id) do update set position = excluded.position`);
  }
  const [updated] = await rows<SequenceRow>(tx, sql`update sequences set items_count = ${postIds.length}, updated_at = now() where id = ${sequence.id} returning ${cols}`);
  if (updated!.publishedAt !== null) {
    for (const postId of postIds) if (!before.has(postId)) await emitDomainEvent(tx, { type: 'sequence.part-added', payload: { sequenceId: sequence.id, postId } });
  }
  return updated!;
}

/** The first problem with the input, including a cover image that is not the viewer's own upload. */
async function refusedInput(db: Db, viewerId: string, input: SequenceInput): Promise<SeriesOutcome | null> {
  const invalid = invalidSequenceInput(input);
  if (invalid) return { kind: 'bad-request', message: invalid };
  if (input.coverImageId != null && !(await isOwnUpload(db, input.coverImageId, viewerId))) return { kind: 'bad-request', message: SERIES_MESSAGES.cover };
  return null;
}

/** A new draft series of the viewer's with its first parts (sequence-editor at /s/new). */
export async function createSequence(db: Db, viewerId: string, input: SequenceInput): Promise<SeriesOutcome> {
  const refused = await refusedInput(db, viewerId, input);
  if (refused) return refused;
  return inTransaction(db, async (tx) => {
    const [made] = await rows<SequenceRow>(
      tx,
      sql`insert into sequences (id, user_id, title, description, cover_image_id)
        values (${newId()}, ${viewerId}, ${input.title.trim()}, ${input.description?.trim() ?? ''}, ${input.coverImageId ?? null}) returning ${cols}`,
    );
    return { kind: 'ok', sequence: await setParts(tx, made!, input.postIds) };
  });
}

/** Saves the editor: title, description, cover and the parts in their new order (added, moved, removed at once). */
export async function updateSequence(db: Db, viewerId: string, sequenceId: string, input: SequenceInput): Promise<SeriesOutcome> {
  const refused = await refusedInput(db, viewerId, input);
  if (refused) return refused;
  return inTransaction(db, async (tx) => {
    const sequence = await lockOwned(tx, viewerId, sequenceId);
    await tx.execute(sql`update sequences set title = ${input.title.trim()}, description = ${input.description?.trim() ?? ''}, cover_image_id = ${input.coverImageId ?? null} where id = ${sequence.id}`);
    return { kind: 'ok', sequence: await setParts(tx, sequence, input.postIds) };
  });
}

/** Publishes (readers see it) or takes back to draft (only the writer sees it; followers stay). */
export function setSequencePublished(db: Db, viewerId: string, sequenceId: string, published: boolean): Promise<SeriesOutcome> {
  return inTransaction(db, async (tx) => {
    const sequence = await lockOwned(tx, viewerId, sequenceId);
    if (published && sequence.itemsCount === 0) return { kind: 'bad-request', message: SERIES_MESSAGES.publishEmpty };
    const [updated] = await rows<SequenceRow>(
      tx,
      sql`update sequences set published_at = ${published ? sql`coalesce(published_at, now())` : sql`null`}, updated_at = now() where id = ${sequence.id} returning ${cols}`,
    );
    return { kind: 'ok', sequence: updated! };
  });
}

/** Deletes the series; its stories stay as they are. */
export function deleteSequence(db: Db, viewerId: string, sequenceId: string): Promise<SeriesOutcome> {
  return inTransaction(db, async (tx) => {
    const sequence = await lockOwned(tx, viewerId, sequenceId);
    await tx.execute(sql`delete from sequences where id = ${sequence.id}`);
    return { kind: 'ok', sequence };
  });
}

/** Follows or unfollows someone else's published series; its followers count changes in the same transaction. */
export function setSequenceFollow(db: Db, viewerId: string, sequenceId: string, follow: boolean): Promise<SeriesOutcome> {
  return inTransaction(db, async (tx) => {
    const [sequence] = await rows<SequenceRow>(tx, sql`select ${cols} from sequences where id = ${sequenceId} for update`);
    if (!sequence || !canSeeSequence(sequence, viewerId)) return { kind: 'not-found', message: SERIES_MESSAGES.notFound };
    if (sequence.userId === viewerId) return { kind: 'bad-request', message: SERIES_MESSAGES.followOwn };
    const changed = follow
      ? await rows(tx, sql`insert into sequence_follows (sequence_id, user_id) values (${sequenceId}, ${viewerId}) on conflict do nothing returning 1`)
      : await rows(tx, sql`delete from sequence_follows where sequence_id = ${sequenceId} and user_id = ${viewerId} returning 1`);
    if (changed.length === 0) return { kind: 'ok', sequence };
    const [updated] = await rows<SequenceRow>(tx, sql`update sequences set followers_count = followers_count + ${follow ? 1 : -1} where id = ${sequenceId} returning ${cols}`);
    return { kind: 'ok', sequence: updated! };
  });
}
