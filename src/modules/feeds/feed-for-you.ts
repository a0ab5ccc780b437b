import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import type { RankCursor } from './feed-cursor.js';
import type { SiteCandidate } from './site-candidates.js';
import { LISTED, NOT_DISMISSED, textArray, type FeedSources } from './feed-sources.js';

const dialect = new PgDialect();

/** Spec §3 source tracking: why a story is in a reader's For you feed. */
export type PostFeedReason = 'FOLLOWED_AUTHOR' | 'FOLLOWED_TOPIC' | 'POPULAR_ON_SITE';

/**
 * The ranking (documented in the module README). Candidates are bounded: the newest
 * stories of followed writers (PER_AUTHOR each, fewer when the reader follows many, at
 * most AUTHOR_CANDIDATES in all), of followed topics (PER_TOPIC each, likewise within
 * TOPIC_CANDIDATES) and the site's candidates (site-candidates.ts: the most clapped of the
 * last two days and the newest, the same for every reader); each is scored
 *
 *   weight(reason) × (1 + ln(1 + claps) + 0.5 × ln(1 + responses)) / (ageHours + 2)^GRAVITY
 *     × 0.5^(stories of this writer the reader dismissed) × 0.8^(dismissed stories sharing a tag)
 *     × READ_FACTOR when the reader already read it
 *
 * and a story found by several sources keeps its best score (and that source's reason).
 */
export const FOR_YOU = {
  PER_AUTHOR: 10,
  AUTHOR_CANDIDATES: 200,
  PER_TOPIC: 150,
  TOPIC_CANDIDATES: 300,
  GRAVITY: 1.2,
  WEIGHT: { FOLLOWED_AUTHOR: 1.5, FOLLOWED_TOPIC: 1.0 },
  /** Site-wide popular stories weigh this much for a reader who follows at least FOLLOWS_ENOUGH sources, 1 otherwise. */
  POPULAR_WEIGHT: 0.35,
  FOLLOWS_ENOUGH: 3,
  READ_FACTOR: 0.3,
  /** Scores are compared as integers (score × SCALE) so a cursor holds them exactly. */
  SCALE: 1e9,
} as const;

export interface ForYouRow {
  id: string;
  score: number;
  reason: PostFeedReason;
  authorId: string | null;
  tagSlug: string | null;
}

export async function forYouFeed(db: Db, src: FeedSources, limit: number, after: RankCursor | null, now: Date, site: readonly SiteCandidate[]): Promise<{ rows: ForYouRow[]; next: RankCursor | null }> {
  // Every page ranks as of the first page's time: ages, and so scores, stay put while paging.
  const asOf = after?.asOf ?? now;
  const at = asOf.toISOString();
  const follows = src.authorIds.length + src.tagSlugs.length;
  const popularWeight = follows >= FOR_YOU.FOLLOWS_ENOUGH ? FOR_YOU.POPULAR_WEIGHT : 1;
  // A reader who follows 2,000 writers gets their newest story or two each, not ten.
  const perAuthor = Math.max(1, Math.min(FOR_YOU.PER_AUTHOR, Math.ceil(FOR_YOU.AUTHOR_CANDIDATES / Math.max(1, src.authorIds.length))));
  const perTopic = Math.max(10, Math.min(FOR_YOU.PER_TOPIC, Math.ceil(FOR_YOU.TOPIC_CANDIDATES / Math.max(1, src.tagSlugs.length))));
  const siteArrays = arrayLiteralsOf(site);
  const afterCond = after ? sql`where (score, id) < (${after.score}::bigint, ${after.id})` : sql``;
  // A reader who never dismissed a story (feed_dismissals, read with the sources) has no
  // dismissal factors: the two counts per candidate are left out, not counted as zero.
  const dismissalFactors =
    src.dismissedIds.length === 0
      ? sql``
      : sql`* power(0.5::float8, (select count(*) from dismissed d where d.creator_id = c.creator_id)::float8)
          * power(0.8::float8, (select count(*) from dismissed d where d.tags && c.tags)::float8)`;
  const statement = sql`
    -- A writer's newest stories come with what their score needs, read in the same scan
    -- (no second lookup by id).
    with by_author as (
      select p.id, p.creator_id, p.first_published_at, p.clap_count, p.responses_count, p.tags
      from unnest(${textArray(src.authorIds)}) as a(id)
      cross join lateral (
        select p.id, p.creator_id, p.first_published_at, p.clap_count, p.responses_count, p.tags from posts p
        where p.creator_id = a.id and ${LISTED('p')} and p.first_published_at <= ${at}::timestamptz
        order by p.first_published_at desc, p.id desc limit ${perAuthor}
      ) p
      order by p.first_published_at desc, p.id desc
      limit ${FOR_YOU.AUTHOR_CANDIDATES}
    ),
    -- Each candidate carries what its score needs; the site's newest are read with their row already.
    cand as (
      select b.id, 'FOLLOWED_AUTHOR' as reason, b.creator_id as author_id, null::text as tag_slug, ${FOR_YOU.WEIGHT.FOLLOWED_AUTHOR}::float8 as weight,
        b.creator_id, b.first_published_at, b.clap_count, b.responses_count, b.tags
      from by_author b
      union all
      select p.id, 'FOLLOWED_TOPIC', null, t.tag_slug, ${FOR_YOU.WEIGHT.FOLLOWED_TOPIC}::float8,
        p.creator_id, p.first_published_at, p.clap_count, p.responses_count, p.tags
      from unnest(${textArray(src.tagSlugs)}) as f(slug)
      cross join lateral (
        select t.post_id, t.tag_slug from post_tags t
        where t.tag_slug = f.slug and t.first_published_at <= ${at}::timestamptz and t.creator_id <> all(${textArray(src.mutedIds)})
        order by t.first_published_at desc nulls last, t.post_id desc nulls last limit ${perTopic}
      ) t
      join posts p on p.id = t.post_id
      union all
      select s.id, 'POPULAR_ON_SITE', null, null, ${popularWeight}::float8,
        s.creator_id, s.first_published_at, s.clap_count, s.responses_count, string_to_array(s.tags, ',')
      from unnest(${siteArrays.ids}::text[], ${siteArrays.creatorIds}::text[],
        ${siteArrays.firstPublishedAt}::timestamptz[], ${siteArrays.clapCounts}::int[],
        ${siteArrays.responsesCounts}::int[], ${siteArrays.tags}::text[])
        as s(id, creator_id, first_published_at, clap_count, responses_count, tags)
      where s.first_published_at <= ${at}::timestamptz
    ),
    dismissed as (
      select d.creator_id, d.tags from feed_dismissals d where d.user_id = ${src.viewerId}
    ),
    scored as (
      select distinct on (c.id) c.id, c.reason, c.author_id, c.tag_slug,
        round(${FOR_YOU.SCALE}::float8 * c.weight
          * (1 + ln(1 + c.clap_count) + 0.5 * ln(1 + c.responses_count))
          / power(greatest(extract(epoch from (${at}::timestamptz - c.first_published_at))::float8 / 3600, 0) + 2, ${FOR_YOU.GRAVITY}::float8)
          ${dismissalFactors}
          * (case when exists (select 1 from post_reads r where r.user_id = ${src.viewerId} and r.post_id = c.id) then ${FOR_YOU.READ_FACTOR}::float8 else 1::float8 end)
        )::bigint as score
      from cand c
      where c.creator_id <> ${src.viewerId} and c.creator_id <> all(${textArray(src.mutedIds)}) and ${NOT_DISMISSED(src, 'c.id')}
      order by c.id, score desc, c.reason
    )
    select id, score, reason, author_id, tag_slug from scored ${afterCond}
    order by score desc, id desc
    limit ${limit + 1}`;
  // Named, so each connection plans each of its few shapes (with or without a cursor and
  // dismissals) once, not at every page.
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `for_you${after ? '_after' : ''}${src.dismissedIds.length === 0 ? '' : '_dismissed'}`;
  const { rows } = await db.$client.query<{ id: string; score: string | number; reason: PostFeedReason; author_id: string | null; tag_slug: string | null }>({ name, text, values: params });
  const list = rows.map((r) => ({ id: r.id, score: Number(r.score), reason: r.reason, authorId: r.author_id, tagSlug: r.tag_slug }));
  const page = list.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: list.length > limit && last ? { asOf, score: last.score, id: last.id } : null };
}

/**
 * The site's candidates as array literals, written once per list: the list is the same for
 * every reader for a minute (site-candidates.ts), and turning its 300 stories into six
 * arrays for every request was a noticeable part of the home page's time.
 */
const siteArrayLiterals = new WeakMap<readonly SiteCandidate[], Record<'ids' | 'creatorIds' | 'firstPublishedAt' | 'clapCounts' | 'responsesCounts' | 'tags', string>>();
export function arrayLiteralsOf(site: readonly SiteCandidate[]) {
  let literals = siteArrayLiterals.get(site);
  if (!literals) {
    const quoted = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
    const numbers = (values: readonly number[]) => `{${values.map((n) => String(Math.trunc(n))).join(',')}}`;
    literals = {
      ids: quoted(site.map((c) => c.id)),
      creatorIds: quoted(site.map((c) => c.creatorId)),
      firstPublishedAt: quoted(site.map((c) => c.firstPublishedAt.toISOString())),
      clapCounts: numbers(site.map((c) => c.clapCount)),
      responsesCounts: numbers(site.map((c) => c.responsesCount)),
      tags: quoted(site.map((c) => c.tags.join(','))),
    };
    siteArrayLiterals.set(site, literals);
  }
  return literals;
}
