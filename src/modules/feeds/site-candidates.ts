import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { cachedPerDb } from '../../platform/db/per-db-cache.js';
import { LISTED } from './feed-sources.js';
import type { Candidate } from './for-you-ranking.js';

export const SITE_CANDIDATES = {
  /** The most clapped stories of the last HOT_DAYS UTC days (daily_post_claps)… */
  HOT: 150,
  HOT_DAYS: 2,
  /** …and the site's newest listed stories, so a quiet site still has some. */
  NEWEST: 150,
  /** The same for every reader: read once a minute per process, not per request. */
  TTL_MS: 60_000,
};

/**
 * The site-wide half of For you's candidates. Counts may be up to TTL_MS old, which is
 * fine for ranking; trashed, unlisted or muted stories are still filtered per request.
 */
const cachedSiteCandidates = cachedPerDb(SITE_CANDIDATES.TTL_MS, (db, now) => readSiteCandidates(db, new Date(now)));
export const siteCandidates = (db: Db, now: Date): Promise<Candidate[]> => cachedSiteCandidates(db, now.getTime());

/** The stories every reader's For you may draw from, with what their score needs. */
async function readSiteCandidates(db: Db, now: Date): Promise<Candidate[]> {
  const since = new Date(now.getTime() - (SITE_CANDIDATES.HOT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const { rows } = await db.execute<{ id: string; creator_id: string; first_published_at: Date; clap_count: number; responses_count: number; tags: string[] }>(sql`
    with hot as (
      select d.post_id from daily_post_claps d where d.day >= ${since}::date
      group by d.post_id order by sum(d.claps) desc, d.post_id limit ${SITE_CANDIDATES.HOT}
    ),
    newest as (
      select p.id from posts p where ${LISTED('p')} order by p.first_published_at desc limit ${SITE_CANDIDATES.NEWEST}
    )
    select p.id, p.creator_id, p.first_published_at, p.clap_count, p.responses_count, p.tags
    from posts p
    where p.id in (select post_id from hot union select id from newest) and ${LISTED('p')}`);
  return rows.map((r) => ({ id: r.id, creatorId: r.creator_id, publishedMs: new Date(r.first_published_at).getTime(), clapCount: r.clap_count, responsesCount: r.responses_count, tags: r.tags }));
}
