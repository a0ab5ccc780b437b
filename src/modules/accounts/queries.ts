import DataLoader from 'dataloader';
import { afterIo } from '../../platform/db/batch-schedule.js';
import { getTableColumns } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedSelect } from '../../platform/db/named-select.js';
import { users } from './tables.js';

export type UserRow = typeof users.$inferSelect;

function byKey<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | null)[] {
  const map = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.map((k) => map.get(k) ?? null);
}


/** Named statements read without the query builder (see posts/queries.ts): every signed-in page reads users by id. */
const usersByIds = namedSelect<UserRow, [ids: readonly string[]]>('users_by_ids', getTableColumns(users), 'from users where id = any($1::text[])');
const usersByLowerUsernames = namedSelect<UserRow, [names: readonly string[]]>('users_by_lower_usernames', getTableColumns(users), 'from users where lower(username) = any($1::text[])');

/** Users by id and by username (case-insensitive), each loader priming the other. */
export function createAccountLoaders(db: Db) {
  const userById: DataLoader<string, UserRow | null> = new DataLoader(async (ids) => {
    const rows = await usersByIds(db, ids);
    for (const r of rows) if (r.username) userByUsername.prime(r.username.toLowerCase(), r);
    return byKey(ids, rows, (r) => r.id);
  }, { batchScheduleFn: afterIo });
  const userByUsername: DataLoader<string, UserRow | null> = new DataLoader(
    async (names) => {
      // cacheKeyFn does not reach the batch: keys arrive as typed ('/@Ada' as well as '/@ada').
      const lower = names.map((n) => n.toLowerCase());
      const rows = await usersByLowerUsernames(db, lower);
      for (const r of rows) userById.prime(r.id, r);
      return byKey(lower, rows, (r) => r.username!.toLowerCase());
    },
    { cacheKeyFn: (k) => k.toLowerCase() },
  );
  return { userById, userByUsername };
}
