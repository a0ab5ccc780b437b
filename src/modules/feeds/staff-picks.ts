import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedStatement } from '../../platform/db/named-select.js';
import { ForbiddenError, NotFoundError } from '../../platform/errors/index.js';
import { LISTED } from './feed-sources.js';
import { keptStaffPicks } from './kept-staff-picks.js';

export const STAFF_ONLY_MESSAGE = 'Only staff can change the staff picks.';
export const NOT_PICKABLE_MESSAGE = 'Only a published public story can be a staff pick.';

interface Actor {
  id: string;
  isStaff: boolean;
}

function requireStaff(actor: Actor | null): void {
  if (!actor?.isStaff) throw new ForbiddenError(STAFF_ONLY_MESSAGE);
}

/**
 * Staff add a story to the staff picks: it goes first (the list is shown in position
 * order). Adding a pick again changes nothing; a draft, trashed, unlisted or private
 * story, or a response, is refused.
 */
export async function pickStory(db: Db, actor: Actor | null, postId: string): Promise<void> {
  requireStaff(actor);
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ ok: boolean }>(sql`select true as ok from posts p where p.id = ${postId} and ${LISTED('p')} for share`);
    if (rows.length === 0) throw new NotFoundError(NOT_PICKABLE_MESSAGE);
    // Serializes concurrent adds, so two picks never share a position.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff_picks'))`);
    await tx.execute(sql`
      insert into staff_picks (post_id, position)
      select ${postId}, coalesce(min(position), 1) - 1 from staff_picks
      on conflict (post_id) do nothing`);
  });
  keptStaffPicks(db).forgetEverywhere();
}

/** Staff remove a story from the staff picks (removing one that is not picked changes nothing). */
export async function unpickStory(db: Db, actor: Actor | null, postId: string): Promise<void> {
  requireStaff(actor);
  await db.execute(sql`delete from staff_picks where post_id = ${postId}`);
  keptStaffPicks(db).forgetEverywhere();
}

const pickedAmong = namedStatement<{ id: string }, [ids: readonly string[]]>('picked_post_ids', 'select post_id as id from staff_picks where post_id = any($1::text[])');

/** Which of these stories are staff picks (from the kept list, or one query for a page of cards). */
export async function pickedPostIds(db: Db, ids: readonly string[], kept = keptStaffPicks(db)): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = await kept.list();
  if (list.whole) return new Set(ids.filter((id) => list.picked.has(id)));
  const rows = await pickedAmong(db, ids);
  return new Set(rows.map((r) => r.id));
}
