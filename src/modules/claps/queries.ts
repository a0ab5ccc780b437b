import DataLoader from 'dataloader';
import type { Db } from '../../platform/db/client.js';

const VIEWER_CLAPS_SQL = 'select post_id, count from claps where user_id = $1 and post_id = any($2)';

/** The reader's claps on each story asked for, 0 where they have not clapped: one query per request. */
export function createViewerClapLoader(db: Db, userId: string) {
  return new DataLoader<string, number>(async (postIds) => {
    const { rows } = await db.$client.query<{ post_id: string; count: number }>({ name: 'viewer_claps', text: VIEWER_CLAPS_SQL, values: [userId, [...postIds]] });
    const byPost = new Map(rows.map((r) => [r.post_id, r.count]));
    return postIds.map((id) => byPost.get(id) ?? 0);
  });
}
