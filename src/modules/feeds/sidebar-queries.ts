import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedStatement } from '../../platform/db/named-select.js';
import { cachedPerDb } from '../../platform/db/per-db-cache.js';
import { LISTED, textArray } from './feed-sources.js';

/** How many recent stories 'Who to follow' looks at: bounded, newest first by index. */
const WHO_TO_FOLLOW_WINDOW = 500;

/** The site's ranking of recent writers is kept this long per process (it is the same for every reader). */
const WRITER_RANKING_TTL_MS = 60_000;
/** Writers asked for beyond the list's length, for those closed or suspended since the ranking was read. */
export const WHO_TO_FOLLOW_SPARE = 3;
/** How many ranked writers are kept: enough for nearly every reader once their follows are left out. */
const WRITER_RANKING_SIZE = 100;

/** Writers whose recent stories drew the most claps, best first (leaving out `excluded`). */
async function rankRecentWriters(db: Db, excluded: readonly string[], limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select p.creator_id as id
    from (select p.creator_id, p.clap_count from posts p where ${LISTED('p')} order by p.first_published_at desc limit ${WHO_TO_FOLLOW_WINDOW}) p
    join users u on u.id = p.creator_id
    where u.deactivated_at is null and not u.is_suspended and p.creator_id <> all(${textArray(excluded)})
    group by p.creator_id
    order by sum(p.clap_count) desc, count(*) desc, p.creator_id
    limit ${limit}`);
  return rows.map((r) => r.id);
}

const cachedWriterRanking = cachedPerDb(WRITER_RANKING_TTL_MS, (db) => rankRecentWriters(db, [], WRITER_RANKING_SIZE));

/**
 * Writers to follow: those whose recent stories drew the most claps, leaving out the
 * reader, writers they follow or muted, and accounts that are closed or suspended.
 *
 * The ranking is the same for every reader, so it is read once a minute per process and
 * each reader's exclusions are applied to it here. It may be that old, so the caller
 * checks the writers it shows (closed or suspended since) and asks for a few spare; a
 * reader who excludes nearly all of it gets a query of their own.
 */
export async function whoToFollowIds(db: Db, excluded: readonly string[], count: number, now: number = Date.now()): Promise<string[]> {
  const ranking = await cachedWriterRanking(db, now);
  const left = new Set(excluded);
  const picked = ranking.filter((id) => !left.has(id)).slice(0, count);
  if (picked.length === count || ranking.length < WRITER_RANKING_SIZE) return picked;
  return rankRecentWriters(db, excluded, count);
}

/** The reader's most recently read stories (post_reads_recent_idx), still published and not trashed. */
export async function recentlyReadIds(db: Db, viewerId: string, mutedIds: readonly string[], limit: number): Promise<string[]> {
  return (await recentlyRead(db, viewerId, mutedIds, limit)).map((r) => r.id);
}
const recentlyRead = namedStatement<{ id: string }, [viewerId: string, mutedIds: readonly string[], limit: number]>(
  'recently_read_ids',
  `select r.post_id as id from post_reads r join posts p on p.id = r.post_id
   where r.user_id = $1 and p.deleted_at is null and p.first_published_at is not null and p.visibility <> 'PRIVATE'
     and p.creator_id <> all($2::text[])
   order by r.last_read_at desc
   limit $3`,
);
