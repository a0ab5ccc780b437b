import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedStatement } from '../../platform/db/named-select.js';
import type { RankCursor } from './feed-cursor.js';
import { FOR_YOU, forEachTaken, perTopicOf, rankForYou, type Candidate, type CandidateSource, type ForYouRow, type ReaderSignals } from './for-you-ranking.js';
import type { FeedSources } from './feed-sources.js';
import { listedText } from '../posts/listed.js';

export { FOR_YOU, perTopicOf, type ForYouRow, type PostFeedReason } from './for-you-ranking.js';

const listed = listedText('p');

/**
 * What For you needs of the reader's own rows, in one statement: their followed writers'
 * newest stories with what the score needs (read in the index scan's row, no second
 * lookup), which of all the candidates they already read, and what they dismissed.
 * $1 reader, $2 as of, $3 per writer, $4 writers' candidates in all, $5 the other candidates' ids, comma-separated.
 * The followed writers are read here (not sent: a reader may follow thousands), less the
 * muted, as feed-sources.ts does.
 */
const READER_SQL = `
with by_author as (
  select p.id, p.creator_id, p.first_published_at, p.clap_count, p.responses_count, p.tags
  from user_follows a
  cross join lateral (
    select p.id, p.creator_id, p.first_published_at, p.clap_count, p.responses_count, p.tags from posts p
    where p.creator_id = a.target_user_id and ${listed} and p.first_published_at <= $2::timestamptz
    order by p.first_published_at desc, p.id desc limit $3
  ) p
  where a.follower_id = $1 and a.target_user_id <> $1
    and not exists (select 1 from user_mutes m where m.user_id = $1 and m.target_user_id = a.target_user_id)
  order by p.first_published_at desc, p.id desc
  limit $4
)
select
  coalesce((select json_agg(json_build_array(b.id, b.creator_id, floor(extract(epoch from b.first_published_at) * 1000), b.clap_count, b.responses_count, b.tags)) from by_author b), '[]') as authors,
  array(select r.post_id from post_reads r where r.user_id = $1
        and r.post_id in (select unnest(string_to_array($5, ',')) union all select b.id from by_author b)) as read_ids,
  coalesce((select json_agg(json_build_array(d.creator_id, d.tags)) from feed_dismissals d where d.user_id = $1), '[]') as dismissals`;

/**
 * Which candidates belong to a publication the reader muted: they leave For you as dismissed
 * stories do. Only for readers who muted one; one statement of primary-key probes over the
 * few hundred candidates, whatever the publications hold.
 */
async function storiesOfMutedPublications(db: Db, mutedPublicationIds: readonly string[], sources: readonly CandidateSource[]): Promise<string[]> {
  const ids = sources.flatMap((s) => s.candidates.map((c) => c.id));
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from posts where id = any(${sql.param(ids)}::text[]) and collection_id = any(${sql.param([...mutedPublicationIds])}::text[])`,
  );
  return rows.map((r) => r.id);
}

const idsText = new WeakMap<readonly Candidate[], string>();
/** A kept list's ids, comma-separated, written once per list. */
function idsOf(list: readonly Candidate[]): string {
  let text = idsText.get(list);
  if (text === undefined) idsText.set(list, (text = list.map((c) => c.id).join(',')));
  return text;
}

type AuthorJson = [id: string, creatorId: string, publishedMs: number, clapCount: number, responsesCount: number, tags: string[]];
type ReaderRow = { authors: AuthorJson[]; read_ids: string[]; dismissals: [creatorId: string, tags: string[]][] };
const readerRows = namedStatement<ReaderRow, [viewerId: string, asOf: string, perAuthor: number, authorCandidates: number, others: string]>('for_you_reader', READER_SQL);

/**
 * One page of For you (the ranking: for-you-ranking.ts). The site's and the followed
 * topics' candidates are the same for every reader and come kept (site-candidates.ts,
 * topic-candidates.ts); the reader's own part is one statement.
 */
export async function forYouFeed(
  db: Db,
  src: FeedSources,
  limit: number,
  after: RankCursor | null,
  now: Date,
  site: readonly Candidate[],
  topics: ReadonlyMap<string, readonly Candidate[]>,
): Promise<{ rows: ForYouRow[]; next: RankCursor | null }> {
  // Every page ranks as of the first page's time: ages, and so scores, stay put while paging.
  const asOf = after?.asOf ?? now;
  const follows = src.authorIds.length + src.tagSlugs.length;
  const mutedIds = new Set(src.mutedIds);
  // A reader who follows 2,000 writers gets their newest story or two each, not ten.
  const perAuthor = Math.max(1, Math.min(FOR_YOU.PER_AUTHOR, Math.ceil(FOR_YOU.AUTHOR_CANDIDATES / Math.max(1, src.authorIds.length))));
  const perTopic = perTopicOf(src.tagSlugs.length);
  const sources: CandidateSource[] = src.tagSlugs.map((slug) => ({
    reason: 'FOLLOWED_TOPIC',
    weight: FOR_YOU.WEIGHT.FOLLOWED_TOPIC,
    tagSlug: slug,
    candidates: topics.get(slug) ?? [],
    take: perTopic,
  }));
  sources.push({ reason: 'POPULAR_ON_SITE', weight: follows >= FOR_YOU.FOLLOWS_ENOUGH ? FOR_YOU.POPULAR_WEIGHT : 1, tagSlug: null, candidates: site });
  const reader: ReaderSignals = { viewerId: src.viewerId, mutedIds, dismissedIds: new Set(src.dismissedIds), dismissals: [], readIds: new Set() };
  // Signed out, there is nothing of the reader's to read.
  if (src.viewerId !== '') {
    // The other candidates' ids as one comma-separated text (ids are [0-9a-z]): a few hundred
    // of them, which node-postgres would otherwise quote and escape one by one as an array.
    // The site's list is written once per list; of a topic's, only the stories it counts.
    const others: string[] = site.length > 0 ? [idsOf(site)] : [];
    for (const source of sources) if (source.take !== undefined) forEachTaken(source, reader, asOf.getTime(), (c) => others.push(c.id));
    const [row] = await readerRows(db, src.viewerId, asOf.toISOString(), perAuthor, FOR_YOU.AUTHOR_CANDIDATES, others.join(','));
    const { authors, read_ids, dismissals } = row!; // one row always (aggregates)
    sources.unshift({
      reason: 'FOLLOWED_AUTHOR',
      weight: FOR_YOU.WEIGHT.FOLLOWED_AUTHOR,
      tagSlug: null,
      candidates: authors.map(([id, creatorId, publishedMs, clapCount, responsesCount, tags]) => ({ id, creatorId, publishedMs, clapCount, responsesCount, tags })),
    });
    reader.readIds = new Set(read_ids);
    reader.dismissals = dismissals.map(([creatorId, tags]) => ({ creatorId, tags }));
  }
  if (src.mutedPublicationIds?.length) reader.dismissedIds = new Set([...reader.dismissedIds, ...(await storiesOfMutedPublications(db, src.mutedPublicationIds, sources))]);
  const list = rankForYou(sources, reader, asOf, after, limit);
  const page = list.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: list.length > limit && last ? { asOf, score: last.score, id: last.id } : null };
}
