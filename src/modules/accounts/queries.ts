import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { oncePerDb } from '../../platform/db/per-db-cache.js';
import { users } from './tables.js';

export type UserRow = typeof users.$inferSelect;

function byKey<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | null)[] {
  const map = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.map((k) => map.get(k) ?? null);
}


/** Prepared once per database (see posts/queries.ts). */
function prepare(db: Db) {
  return {
    byIds: db
      .select()
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')})`)
      .prepare('users_by_ids'),
    byLowerUsernames: db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = any(${sql.placeholder('names')})`)
      .prepare('users_by_lower_usernames'),
  };
}

const preparedFor = oncePerDb(prepare);

/** Users by id and by username (case-insensitive), each loader priming the other. */
export function createAccountLoaders(db: Db) {
  const { byIds, byLowerUsernames } = preparedFor(db);
  const userById: DataLoader<string, UserRow | null> = new DataLoader(async (ids) => {
    const rows = await byIds.execute({ ids: [...ids] });
    for (const r of rows) if (r.username) userByUsername.prime(r.username.toLowerCase(), r);
    return byKey(ids, rows, (r) => r.id);
  });
  const userByUsername: DataLoader<string, UserRow | null> = new DataLoader(
    async (names) => {
      // cacheKeyFn does not reach the batch: keys arrive as typed ('/@Ada' as well as '/@ada').
      const lower = names.map((n) => n.toLowerCase());
      const rows = await byLowerUsernames.execute({ names: lower });
      for (const r of rows) userById.prime(r.id, r);
      return byKey(lower, rows, (r) => r.username!.toLowerCase());
    },
    { cacheKeyFn: (k) => k.toLowerCase() },
  );
  return { userById, userByUsername };
}
