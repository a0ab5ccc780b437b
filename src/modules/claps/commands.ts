import type { Db } from '../../platform/db/client.js';
import { CLAP_AS_YOURSELF_MESSAGE, clampedClapsMessage, MAX_CLAPS_PER_STORY, NUM_CLAPS_MESSAGE } from '../../shared/claps.js';
import { notifyEventDispatchers } from '../../platform/events/outbox.js';

export { MAX_CLAPS_PER_STORY };

export const CLAP_MESSAGES = {
  numClaps: NUM_CLAPS_MESSAGE,
  notYou: CLAP_AS_YOURSELF_MESSAGE,
  ownStory: 'You cannot applaud your own story.',
  signIn: 'Sign in to clap.',
  notFound: 'Post not found.',
  clamped: (added: number, asked: number) => clampedClapsMessage('story', added, asked),
} as const;

export type ClapOutcome =
  | { kind: 'clapped'; clapCount: number; viewerClapCount: number; added: number; message: string | null }
  | { kind: 'not-found' }
  | { kind: 'own-story' };

/**
 * One statement (its own transaction) and one round trip, so the reader's claps and the
 * story's total change together or not at all, and a burst of claps costs no extra reads.
 *
 * It commits like every other write, waiting for the disk: an acknowledged clap survives a
 * crash of PostgreSQL (tests/e2e/crash-restart.test.ts). Concurrent claps share their WAL
 * flushes (group commit), so this costs far less than a flush each.
 *
 * `target` is the story if a reader may clap it: published, not trashed, not private, its
 * author's account active (posts/policies.ts isReadable for a reader who is not its author
 * or staff; staff clap like anyone). The author may read it but not clap it.
 *
 * The reader's row is locked first (FOR UPDATE re-reads it after a concurrent clap
 * commits), so the amount added is the true difference even when calls race, and the
 * story's total is bumped by exactly that amount. A first clap racing another first clap
 * of the same reader finds neither an old row nor an inserted one (ON CONFLICT DO
 * NOTHING): it is not `settled`, and runs again with a snapshot that sees the other's row.
 *
 * A reader's first clap on a story (the `ins` row) also writes the domain event
 * post.clapped (`ev`, docs/adr/0007) in the same statement: still one round trip. So does
 * the story's tally for the UTC day (`daily`, daily_post_claps: Top stories and the hot
 * candidates of For you read it).
 */
const CLAP_SQL = `
with target as (
  select p.id, p.creator_id from posts p join users u on u.id = p.creator_id
  where p.id = $1 and p.deleted_at is null and p.first_published_at is not null
    and p.visibility <> 'PRIVATE' and u.deactivated_at is null
),
clappable as (
  select id from target where creator_id <> $2
),
old as (
  select c.count from claps c join clappable t on t.id = c.post_id where c.user_id = $2 for update of c
),
ins as (
  insert into claps (post_id, user_id, count)
  select id, $2, least($3::int, ${MAX_CLAPS_PER_STORY}) from clappable where not exists (select 1 from old)
  on conflict (post_id, user_id) do nothing
  returning count
),
ev as (
  insert into domain_events (type, payload)
  select 'post.clapped', jsonb_build_object('postId', $1::text, 'userId', $2::text) from ins
),
upd as (
  update claps c set count = least(old.count + $3::int, ${MAX_CLAPS_PER_STORY}), updated_at = now()
  from old
  where c.post_id = $1 and c.user_id = $2 and old.count < ${MAX_CLAPS_PER_STORY}
  returning c.count as count, c.count - old.count as added
),
delta as (
  select coalesce((select count from ins), 0) + coalesce((select added from upd), 0) as added
),
bumped as (
  update posts set clap_count = clap_count + delta.added from delta
  where posts.id = $1 and delta.added > 0
  returning clap_count
),
daily as (
  insert into daily_post_claps (day, post_id, claps)
  select (now() at time zone 'UTC')::date, $1, delta.added from delta where delta.added > 0
  on conflict (day, post_id) do update set claps = daily_post_claps.claps + excluded.claps
)
select
  exists (select 1 from target) as found,
  exists (select 1 from target where creator_id = $2) as is_author,
  exists (select 1 from old) or exists (select 1 from ins) as settled,
  exists (select 1 from ins) as first_clap,
  (select added from delta) as added,
  coalesce((select count from ins), (select count from upd), (select count from old), 0) as viewer_clap_count,
  coalesce((select clap_count from bumped), (select clap_count from posts where id = $1)) as clap_count`;

interface ClapRow {
  found: boolean;
  is_author: boolean;
  settled: boolean;
  first_clap: boolean;
  added: number;
  viewer_clap_count: number;
  clap_count: number;
}

/**
 * Adds `numClaps` of `userId` to a story, clamped so the reader's total stays within 50
 * (and says so). `numClaps` is a whole number from 1 to 50, validated at the edge.
 */
export async function clapPost(db: Db, postId: string, userId: string, numClaps: number): Promise<ClapOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    // A named statement: planned once per connection, as claps come in bursts.
    const { rows } = await db.$client.query<ClapRow>({ name: 'clap_post', text: CLAP_SQL, values: [postId, userId, numClaps] });
    const row = rows[0]!;
    if (!row.found) return { kind: 'not-found' };
    if (row.is_author) return { kind: 'own-story' };
    if (!row.settled) continue;
    if (row.first_clap) notifyEventDispatchers();
    return {
      kind: 'clapped',
      clapCount: row.clap_count,
      viewerClapCount: row.viewer_clap_count,
      added: row.added,
      message: row.added < numClaps ? CLAP_MESSAGES.clamped(row.added, numClaps) : null,
    };
  }
  // Three first claps racing each other for one reader and story: not a reader's doing.
  throw new Error(`clapPost: no settled clap for post ${postId} after 3 attempts`);
}
