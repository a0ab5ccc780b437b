// Readers of the generated dataset for the feed benchmark, each with a real session: a row in
// sessions holding the SHA-256 of a random token (as src/modules/accounts/sessions.ts makes
// them), the token itself going into the reader's `sid` cookie. Sessions made here carry the
// user agent below, so a run removes the previous run's before making its own.
import { createHash, randomBytes } from 'node:crypto';

const BENCH_AGENT = 'inkwell-bench-feeds';

/**
 * `count` readers: the `heavy` who follow the most writers (the slowest Following and For you),
 * the rest a fixed pseudo-random sample of everyone who follows a writer or a topic, so the
 * spread of follow counts is the dataset's. Each comes with how many writers and topics they follow.
 */
export async function pickReaders(client, { count, heavy }) {
  const { rows } = await client.query(
    `with heavy as (select id from users order by following_count desc, id limit $2),
          sample as (
            select u.id from users u
            where (u.following_count > 0 or exists (select 1 from tag_follows t where t.user_id = u.id))
              and u.id not in (select id from heavy)
            order by md5(u.id || 'feeds-bench') limit $1 - $2)
     select u.id, u.name, u.username, u.following_count as following,
            (select count(*)::int from tag_follows t where t.user_id = u.id) as topics,
            u.id in (select id from heavy) as heavy
       from users u where u.id in (select id from heavy union all select id from sample)
      order by md5(u.id || 'feeds-bench')`,
    [count, heavy],
  );
  return rows;
}

/** A session per reader (valid one day); returns the readers with their `cookie` header. */
export async function createSessions(client, readers) {
  await client.query('delete from sessions where user_agent = $1', [BENCH_AGENT]);
  const tokens = readers.map(() => randomBytes(16).toString('base64url'));
  await client.query(
    `insert into sessions (token_hash, user_id, xsrf, user_agent, ip, expires_at)
     select h, u, x, $4, '127.0.0.1', now() + interval '1 day' from unnest($1::text[], $2::text[], $3::text[]) as s(h, u, x)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), readers.map((r) => r.id), readers.map(() => randomBytes(12).toString('base64url')), BENCH_AGENT],
  );
  const { rows } = await client.query('select user_id, xsrf from sessions where user_agent = $1', [BENCH_AGENT]);
  const xsrf = new Map(rows.map((r) => [r.user_id, r.xsrf]));
  return readers.map((r, i) => ({ ...r, cookie: `sid=${tokens[i]}`, xsrf: xsrf.get(r.id) }));
}

export async function deleteSessions(client) {
  await client.query('delete from sessions where user_agent = $1', [BENCH_AGENT]);
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const summary = (values) => ({ n: values.length, p50: percentile(values, 0.5), p95: percentile(values, 0.95), p99: percentile(values, 0.99), max: Math.max(...values) });
