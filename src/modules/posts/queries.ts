import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { posts } from './tables.js';

export type PostRow = typeof posts.$inferSelect;

export function createPostLoaders(db: Db) {
  const postById = new DataLoader<string, PostRow | null>(async (ids) => {
    const rows = await db.select().from(posts).where(inArray(posts.id, [...ids]));
    const map = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => map.get(id) ?? null);
  });
  return { postById };
}
