import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { addToPredefinedCatalog, removeFromPredefinedCatalog } from '../catalogs/commands.js';

/** A story read this far is in progress: it joins Resume reading (the currently-reading list). */
export const IN_PROGRESS_FROM = 0.1;
/** Read to the end: the story leaves Resume reading. The story page sends 1 once the body's end is on screen. */
export const FINISHED_AT = 0.99;

export const POSITION_MESSAGES = {
  invalid: 'That reading position is not valid.',
} as const;

export interface PositionInput {
  postId: string;
  paragraphName: string;
  paragraphIndex: number;
  /** How far through the story, 0 to 1. */
  fraction: number;
  /** The device's clock when it took the position (ms since epoch). */
  clientUpdatedAt: number;
  deviceId: string;
  /** Increases with every write of that device. */
  deviceSeq: number;
}

export interface PositionRow {
  postId: string;
  paragraphName: string;
  paragraphIndex: number;
  fraction: number;
  clientUpdatedAt: Date;
  deviceId: string;
  deviceSeq: number;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A message when the input cannot be a position; null when it can. */
export function invalidPosition(p: PositionInput): string | null {
  const ok =
    p.paragraphName.length >= 1 &&
    p.paragraphName.length <= 64 &&
    Number.isInteger(p.paragraphIndex) &&
    p.paragraphIndex >= 0 &&
    p.paragraphIndex <= 100_000 &&
    Number.isFinite(p.fraction) &&
    p.fraction >= 0 &&
    p.fraction <= 1 &&
    Number.isFinite(p.clientUpdatedAt) &&
    p.clientUpdatedAt > 0 &&
    !Number.isNaN(new Date(p.clientUpdatedAt).getTime()) &&
    DEVICE_ID.test(p.deviceId) &&
    Number.isSafeInteger(p.deviceSeq) &&
    p.deviceSeq >= 0;
  return ok ? null : POSITION_MESSAGES.invalid;
}

const COLUMNS = `post_id as "postId", paragraph_name as "paragraphName", paragraph_index as "paragraphIndex", fraction,
  client_updated_at as "clientUpdatedAt", device_id as "deviceId", device_seq::float8 as "deviceSeq"`;

/**
 * One statement: insert, or overwrite only when the write is newer — ordered by (device clock, device
 * sequence, device id), a total order, so any interleaving of writes ends on the greatest one and a device
 * that was offline cannot move the position back. A clock ahead of the server's counts as the server's now,
 * so one device with a wrong clock cannot lock the others out. An accepted write returns the fraction
 * before it (from the statement's snapshot), to tell when the story crossed into or out of progress.
 */
function saveSql(userId: string, p: PositionInput) {
  return sql`with prev as (select fraction from reading_positions where user_id = ${userId} and post_id = ${p.postId})
  insert into reading_positions as r (user_id, post_id, paragraph_name, paragraph_index, fraction, client_updated_at, device_id, device_seq, updated_at)
  values (${userId}, ${p.postId}, ${p.paragraphName}, ${p.paragraphIndex}, ${p.fraction},
    least(to_timestamp(${p.clientUpdatedAt}::float8 / 1000), now()), ${p.deviceId}, ${p.deviceSeq}, now())
  on conflict (user_id, post_id) do update set
    paragraph_name = excluded.paragraph_name, paragraph_index = excluded.paragraph_index, fraction = excluded.fraction,
    client_updated_at = excluded.client_updated_at, device_id = excluded.device_id, device_seq = excluded.device_seq, updated_at = now()
  where (excluded.client_updated_at, excluded.device_seq, excluded.device_id) > (r.client_updated_at, r.device_seq, r.device_id)
  returning (select fraction from prev) as "previousFraction", ${sql.raw(COLUMNS)}`;
}

export interface SaveOutcome {
  accepted: boolean;
  position: PositionRow;
}

const inProgress = (f: number | null) => f !== null && f >= IN_PROGRESS_FROM && f < FINISHED_AT;
const finished = (f: number | null) => f !== null && f >= FINISHED_AT;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function currentPosition(db: Pick<Tx, 'execute'>, userId: string, postId: string): Promise<PositionRow | null> {
  const { rows } = await db.execute(sql`select ${sql.raw(COLUMNS)} from reading_positions where user_id = ${userId} and post_id = ${postId}`);
  return (rows[0] as unknown as PositionRow | undefined) ?? null;
}

/**
 * Saves the reader's position (the caller checked the story is readable and the input valid) and keeps
 * the Resume reading list in step, in one transaction: a story joins it when the position first passes
 * 10%, and leaves it when read to the end. An older write changes nothing and answers the stored position.
 */
export function saveReadingPosition(db: Db, userId: string, p: PositionInput): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(saveSql(userId, p));
    const row = rows[0] as unknown as (PositionRow & { previousFraction: number | null }) | undefined;
    if (!row) return { accepted: false, position: (await currentPosition(tx, userId, p.postId))! };
    const { previousFraction, ...position } = row;
    // The catalogs commands open their own transaction: inside this one it is a savepoint, so the
    // position and the list change commit together.
    const inTx = tx as unknown as Db;
    if (inProgress(position.fraction) && !inProgress(previousFraction)) {
      await addToPredefinedCatalog(inTx, userId, 'currently-reading', { prepend: { postId: p.postId } });
    } else if (finished(position.fraction) && !finished(previousFraction)) {
      await removeFromPredefinedCatalog(inTx, userId, 'currently-reading', p.postId);
    }
    return { accepted: true, position: { ...position, clientUpdatedAt: new Date(position.clientUpdatedAt) } };
  });
}

/** The reader's own position in a story, or null. Nobody else's is ever read. */
export function readingPosition(db: Db, userId: string, postId: string): Promise<PositionRow | null> {
  return currentPosition(db, userId, postId);
}
