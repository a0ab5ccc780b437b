import DataLoader from 'dataloader';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from './tables.js';

export type UserRow = typeof users.$inferSelect;

function byKey<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | null)[] {
  const map = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.map((k) => map.get(k) ?? null);
}

/** Users by id and by username (case-insensitive), each loader priming the other. */
export function createAccountLoaders(db: Db) {
  const userById: DataLoader<string, UserRow | null> = new DataLoader(async (ids) => {
    const rows = await db.select().from(users).where(inArray(users.id, [...ids]));
    for (const r of rows) if (r.username) userByUsername.prime(r.username.toLowerCase(), r);
    return byKey(ids, rows, (r) => r.id);
  });
  const userByUsername: DataLoader<string, UserRow | null> = new DataLoader(
    async (names) => {
      const rows = await db
        .select()
        .from(users)
        .where(inArray(sql`lower(${users.username})`, [...names]));
      for (const r of rows) userById.prime(r.id, r);
      return byKey(names, rows, (r) => r.username!.toLowerCase());
    },
    { cacheKeyFn: (k) => k.toLowerCase() },
  );
  return { userById, userByUsername };
}
