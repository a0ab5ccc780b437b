/**
 * Who is searching, as far as results depend on it: whether they read member-only text
 * (posts/policies.ts rule: staff and readers whose paid tier's access period runs; authors read
 * their own; hasMemberAccess in SQL), whether they see
 * unfiltered results (staff, or the can_view_unfiltered_search flag, spec §5), and whom they muted.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { FlagValue } from '../flags/queries.js';
import { mutedUserIds } from '../social/queries.js';

export interface SearchViewer {
  id: string | null;
  /** Reads every member-only story whole (staff or member). */
  fullAccess: boolean;
  /** Sees people and stories of every author, not only high-quality ones. */
  unfiltered: boolean;
  mutedIds: string[];
}

export const ANONYMOUS_SEARCHER: SearchViewer = { id: null, fullAccess: false, unfiltered: false, mutedIds: [] };

export const UNFILTERED_SEARCH_FLAG = 'can_view_unfiltered_search';

/** The searcher behind a key's viewer id; an unknown, suspended or deactivated account searches as a visitor. */
export async function loadSearchViewer(db: Db, userId: string | null, flags: Map<string, FlagValue>): Promise<SearchViewer> {
  const flagged = flags.get(UNFILTERED_SEARCH_FLAG) === true;
  if (!userId) return { ...ANONYMOUS_SEARCHER, unfiltered: flagged };
  const [{ rows }, muted] = await Promise.all([
    db.execute<{ is_staff: boolean; member: boolean }>(sql`
      select is_staff, (member_tier <> 'FREE' and member_access_until > now()) as member from users where id = ${userId} and not is_suspended and deactivated_at is null`),
    mutedUserIds(db, userId),
  ]);
  const row = rows[0];
  if (!row) return { ...ANONYMOUS_SEARCHER, unfiltered: flagged };
  return { id: userId, fullAccess: row.is_staff || row.member, unfiltered: flagged || row.is_staff, mutedIds: muted };
}
