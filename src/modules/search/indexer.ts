/**
 * Builds the search documents from the source rows, in SQL: one statement per kind serves a
 * single row (event handlers) and a batch (the workers' backfill sweep and the bench), so both
 * always index the same way. Payloads of events hold ids; these read the current rows, so a
 * late or repeated event indexes the truth.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { LISTED } from '../posts/listed.js';
import { backfillListsBatch } from './lists-index.js';
import { backfillCollectionsBatch } from './collections-index.js';

type Conn = Db | DbTransaction;

/** Days since 1970 divided by this add one point of `quality`: recency as a time-invariant key. */
export const RECENCY_DAYS_PER_POINT = 90;

/** Stories that belong in the index: published, public (members-only included), not trashed, not responses. */
const SEARCHABLE_POST = LISTED('p');

/**
 * 'High quality' author (README): an active account with at least one searchable story that
 * readers engaged with (a clap or a response).
 */
export const authorOkSql = (userId: SQL) => sql`(exists (select 1 from users u where u.id = ${userId} and not u.is_suspended and u.deactivated_at is null)
  and exists (select 1 from posts p where p.creator_id = ${userId} and ${SEARCHABLE_POST} and (p.clap_count > 0 or p.responses_count > 0)))`;

/** quality = ln(1 + claps) + 0.5 ln(1 + responses + reads) + days since 1970 / 90. */
const qualitySql = (claps: SQL, engagement: SQL, publishedAt: SQL) =>
  sql`(ln(1 + ${claps}) + 0.5 * ln(1 + ${engagement}) + extract(epoch from ${publishedAt}) / 86400.0 / ${sql.raw(String(RECENCY_DAYS_PER_POINT))})`;

/**
 * Upserts the documents of the searchable stories among `where` (a condition on posts p), with
 * their lexemes, and returns their ids. Body text: every paragraph's text; preview text: the
 * paragraphs a reader without access sees (posts/policies.ts previewParagraphs: up to three
 * with text).
 */
async function upsertPosts(db: Conn, where: SQL): Promise<string[]> {
  const { rows } = await db.execute<{ post_id: string }>(sql`
    with up as (insert into search_posts as s (post_id, creator_id, collection_id, tags, is_locked, preview_text, document, first_published_at, clap_count, read_count, quality, author_ok, indexed_at)
    select p.id, p.creator_id, p.collection_id, p.tags, p.is_locked, coalesce(t.preview, ''),
      setweight(to_tsvector('inkwell_search', p.title), 'A') || setweight(to_tsvector('inkwell_search', p.subtitle), 'B')
        || setweight(to_tsvector('inkwell_search', coalesce(t.body, '')), 'C')
        || setweight(to_tsvector('inkwell_search', replace(array_to_string(p.tags, ' '), '-', ' ')), 'D'),
      p.first_published_at, p.clap_count, coalesce(prior.read_count, 0),
      ${qualitySql(sql`p.clap_count`, sql`(p.responses_count + coalesce(prior.read_count, 0))`, sql`p.first_published_at`)},
      ${authorOkSql(sql`p.creator_id`)}, now()
    from posts p
    left join search_posts prior on prior.post_id = p.id
    cross join lateral (
      select string_agg(x.text, ' ' order by x.o) as body,
             string_agg(x.text, ' ' order by x.o) filter (where x.textual_before < 3) as preview
      from (select e->>'text' as text, o,
                   count(*) filter (where e->>'type' not in ('IMG', 'HR')) over (order by o rows between unbounded preceding and 1 preceding) as textual_before
            from jsonb_array_elements(p.paragraphs) with ordinality as j(e, o)) x
      where coalesce(x.text, '') <> '') t
    where ${SEARCHABLE_POST} and (${where})
    on conflict (post_id) do update set creator_id = excluded.creator_id, collection_id = excluded.collection_id, tags = excluded.tags, is_locked = excluded.is_locked,
      preview_text = excluded.preview_text, document = excluded.document, first_published_at = excluded.first_published_at,
      clap_count = excluded.clap_count, quality = excluded.quality, author_ok = excluded.author_ok, indexed_at = now()
    returning post_id, document),
    -- The documents' lexemes (search_lexemes), in one order so concurrent upserts never deadlock on them.
    lexemes as (insert into search_lexemes (lexeme) select distinct unnest(tsvector_to_array(up.document)) from up order by 1 on conflict do nothing)
    select post_id from up`);
  return rows.map((r) => r.post_id);
}

/** Upserts the documents of the users among `where` (a condition on users u). */
async function upsertUsers(db: Conn, where: SQL): Promise<number> {
  const result = await db.execute(sql`
    insert into search_users (user_id, names, username_key, document, active, author_ok, follower_count, indexed_at)
    select u.id, lower(unaccent(u.name || ' ' || coalesce(u.username, ''))), lower(coalesce(u.username, '')),
      setweight(to_tsvector('inkwell_names', u.name), 'A') || setweight(to_tsvector('inkwell_names', coalesce(u.username, '')), 'A')
        || setweight(to_tsvector('inkwell_search', u.bio), 'C'),
      not u.is_suspended and u.deactivated_at is null, ${authorOkSql(sql`u.id`)}, u.follower_count, now()
    from users u where ${where}
    on conflict (user_id) do update set names = excluded.names, username_key = excluded.username_key, document = excluded.document,
      active = excluded.active, author_ok = excluded.author_ok, follower_count = excluded.follower_count, indexed_at = now()`);
  return result.rowCount ?? 0;
}

/** Upserts the searchable words of the tags among `where` (a condition on tags g); says how many. */
async function upsertTags(db: Conn, where: SQL): Promise<number> {
  const result = await db.execute(sql`
    insert into search_tags (tag_slug, names)
    select g.slug, lower(unaccent(g.display_title || ' ' || replace(g.slug, '-', ' '))) from tags g where ${where}
    on conflict (tag_slug) do update set names = excluded.names`);
  return result.rowCount ?? 0;
}

/** The author's 'high quality' mark, recomputed and copied onto their person and story documents. */
export async function refreshAuthor(db: Conn, userId: string): Promise<void> {
  await db.execute(sql`
    with ok as (select ${authorOkSql(sql`${userId}::text`)} as v)
    , up as (update search_posts set author_ok = (select v from ok) where creator_id = ${userId} and author_ok is distinct from (select v from ok))
    update search_users set author_ok = (select v from ok) where user_id = ${userId} and author_ok is distinct from (select v from ok)`);
}

/** A story changed (published, edited, settings, trashed, restored): its document follows, or leaves the index. */
export async function reindexPost(db: Conn, postId: string): Promise<void> {
  const indexed = await upsertPosts(db, sql`p.id = ${postId}`);
  if (indexed.length === 0) await db.execute(sql`delete from search_posts where post_id = ${postId}`);
  const { rows } = await db.execute<{ creator_id: string; tags: string[] }>(sql`select creator_id, tags from posts where id = ${postId}`);
  const row = rows[0];
  if (!row) return;
  if (row.tags.length > 0) await upsertTags(db, sql`g.slug = any(${sqlTextArray(row.tags)})`);
  await reindexUser(db, row.creator_id);
}

/** A reader's clap: the story's engagement and the author's mark. */
export async function refreshPostSignals(db: Conn, postId: string): Promise<void> {
  const { rows } = await db.execute<{ creator_id: string }>(sql`
    update search_posts s set clap_count = p.clap_count,
      quality = ${qualitySql(sql`p.clap_count`, sql`(p.responses_count + s.read_count)`, sql`p.first_published_at`)}
    from posts p where p.id = s.post_id and s.post_id = ${postId} returning s.creator_id`);
  if (rows[0]) await refreshAuthor(db, rows[0].creator_id);
}

/** Followers changed: the order people candidates are taken in. */
export async function refreshFollowers(db: Conn, userId: string): Promise<void> {
  await db.execute(sql`update search_users s set follower_count = u.follower_count from users u where u.id = s.user_id and s.user_id = ${userId} and s.follower_count <> u.follower_count`);
}

/** A person changed (profile, username, suspension, deactivation): their document follows. */
export async function reindexUser(db: Conn, userId: string): Promise<void> {
  await upsertUsers(db, sql`u.id = ${userId}`);
  await refreshAuthor(db, userId);
}

const sqlTextArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** Searchable stories without a document, by id from `after` (so a long backfill never rescans what it did). */
async function missingPostIds(db: Db, limit: number, after = ''): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select p.id from posts p where p.id > ${after} and ${SEARCHABLE_POST}
      and not exists (select 1 from search_posts s where s.post_id = p.id)
    order by p.id limit ${limit}`);
  return rows.map((r) => r.id);
}

/** People without a document. */
async function missingUserIds(db: Db, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select u.id from users u where not exists (select 1 from search_users s where s.user_id = u.id) order by u.id limit ${limit}`);
  return rows.map((r) => r.id);
}

export interface BackfillReport {
  posts: number;
  users: number;
  seconds: number;
}

/**
 * Indexes what has no document yet (a site upgraded to search, a bulk-loaded dataset), in
 * batches so it never holds long locks: stories missing from search_posts, then every user and
 * tag without a row. Idempotent; the search bench runs it after a bulk load (the workers'
 * sweep, `searchBackfillSweep`, does the same a batch at a time).
 */
export async function backfillSearch(db: Db, opts: { batch?: number; log?: (line: string) => void } = {}): Promise<BackfillReport> {
  const started = Date.now();
  const batch = opts.batch ?? 5000;
  let postsDone = 0;
  let after = '';
  for (;;) {
    const ids = await missingPostIds(db, batch, after);
    if (ids.length === 0) break;
    after = ids[ids.length - 1]!;
    postsDone += (await upsertPosts(db, sql`p.id = any(${sqlTextArray(ids)})`)).length;
    opts.log?.(`search backfill: ${postsDone} stories`);
  }
  let usersDone = 0;
  for (;;) {
    const ids = await missingUserIds(db, batch);
    if (ids.length === 0) break;
    usersDone += await upsertUsers(db, sql`u.id = any(${sqlTextArray(ids)})`);
  }
  while ((await backfillListsBatch(db, batch)) >= batch);
  while ((await backfillCollectionsBatch(db, batch)) >= batch);
  await upsertTags(db, sql`not exists (select 1 from search_tags s where s.tag_slug = g.slug)`);
  if (postsDone + usersDone > 0) await db.execute(sql`analyze search_posts; analyze search_users; analyze search_tags`);
  return { posts: postsDone, users: usersDone, seconds: (Date.now() - started) / 1000 };
}

/**
 * Documents missing for any reason (a site upgraded to search, a bulk load, an event the
 * dispatcher gave up on) as a sweep for the worker's sweeper: each batch indexes up to
 * `batchSize` stories without a document, then people, then lists, then tags. Every write is an
 * upsert, so two workers sweeping at once only repeat work.
 */
export function searchBackfillSweep(db: Db): Sweep {
  return {
    name: 'search-backfill',
    async runBatch(batchSize) {
      let handled = 0;
      const posts = await missingPostIds(db, batchSize);
      if (posts.length > 0) handled += (await upsertPosts(db, sql`p.id = any(${sqlTextArray(posts)})`)).length;
      if (handled >= batchSize) return handled;
      const people = await missingUserIds(db, batchSize - handled);
      if (people.length > 0) handled += await upsertUsers(db, sql`u.id = any(${sqlTextArray(people)})`);
      if (handled >= batchSize) return handled;
      handled += await backfillListsBatch(db, batchSize - handled);
      if (handled >= batchSize) return handled;
      handled += await backfillCollectionsBatch(db, batchSize - handled);
      if (handled >= batchSize) return handled;
      // Tags go all at once (a short row each).
      return handled + (await upsertTags(db, sql`not exists (select 1 from search_tags s where s.tag_slug = g.slug)`));
    },
  };
}
