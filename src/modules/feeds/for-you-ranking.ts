import type { RankCursor } from './feed-cursor.js';

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
  /** Per dismissed story of the same writer, and per dismissed story sharing a tag. */
  DISMISSED_WRITER_FACTOR: 0.5,
  DISMISSED_TAG_FACTOR: 0.8,
  READ_FACTOR: 0.3,
  /** Scores are compared as integers (score × SCALE) so a cursor holds them exactly. */
  SCALE: 1e9,
} as const;

/** How many of each followed topic's newest stories a reader who follows `topicCount` topics takes. */
export const perTopicOf = (topicCount: number): number =>
  Math.max(10, Math.min(FOR_YOU.PER_TOPIC, Math.ceil(FOR_YOU.TOPIC_CANDIDATES / Math.max(1, topicCount))));

/** A story For you may offer, with what its score needs. */
export interface Candidate {
  id: string;
  creatorId: string;
  /** first_published_at in epoch milliseconds. */
  publishedMs: number;
  clapCount: number;
  responsesCount: number;
  tags: readonly string[];
}

/** Candidates found one way: a followed writer's, a followed topic's (`tagSlug`) or the site's. */
export interface CandidateSource {
  reason: PostFeedReason;
  weight: number;
  tagSlug: string | null;
  candidates: readonly Candidate[];
  /**
   * At most this many of them (a topic's `perTopic`), counted after leaving out stories
   * published after the ranking's instant and muted writers' (as a topic's newest are
   * counted), before the reader's own and dismissed ones.
   */
  take?: number;
}

/** What the reader's own rows say: whom and what to leave out or lower. */
export interface ReaderSignals {
  viewerId: string;
  mutedIds: ReadonlySet<string>;
  dismissedIds: ReadonlySet<string>;
  /** The writer and tags of each story the reader dismissed ('Show less like this'). */
  dismissals: readonly { creatorId: string; tags: readonly string[] }[];
  readIds: ReadonlySet<string>;
}

export interface ForYouRow {
  id: string;
  score: number;
  reason: PostFeedReason;
  authorId: string | null;
  tagSlug: string | null;
}

/** Reasons in the order a tie between two sources of the same story is settled. */
const REASON_ORDER: Record<PostFeedReason, number> = { FOLLOWED_AUTHOR: 0, FOLLOWED_TOPIC: 1, POPULAR_ON_SITE: 2 };

/** What claps and responses add to a story's score (the same for every reader). */
const qualityOf = (c: Candidate): number => 1 + Math.log(1 + c.clapCount) + 0.5 * Math.log(1 + c.responsesCount);

/** The candidate's integer score for this reader, ranked as of `asOfMs`. */
export function scoreOf(c: Candidate, weight: number, reader: ReaderSignals, asOfMs: number): number {
  const ageHours = Math.max((asOfMs - c.publishedMs) / 3_600_000, 0);
  let score = (weight * qualityOf(c)) / Math.pow(ageHours + 2, FOR_YOU.GRAVITY);
  if (reader.dismissals.length > 0) {
    let sameWriter = 0;
    let sharingTag = 0;
    for (const d of reader.dismissals) {
      if (d.creatorId === c.creatorId) sameWriter++;
      if (d.tags.some((t) => c.tags.includes(t))) sharingTag++;
    }
    score *= FOR_YOU.DISMISSED_WRITER_FACTOR ** sameWriter * FOR_YOU.DISMISSED_TAG_FACTOR ** sharingTag;
  }
  if (reader.readIds.has(c.id)) score *= FOR_YOU.READ_FACTOR;
  return Math.round(FOR_YOU.SCALE * score);
}

/** Best first: higher score, then higher id. */
const ranksAbove = (score: number, id: string, row: ForYouRow) => score > row.score || (score === row.score && id > row.id);

/** The source's candidates that count (its first `take`, leaving out future stories and muted writers'). */
export function forEachTaken(source: CandidateSource, reader: Pick<ReaderSignals, 'mutedIds'>, asOfMs: number, visit: (c: Candidate) => void): void {
  let taken = 0;
  const take = source.take ?? Infinity;
  for (const c of source.candidates) {
    if (c.publishedMs > asOfMs || reader.mutedIds.has(c.creatorId)) continue;
    if (++taken > take) break;
    visit(c);
  }
}

/** Every candidate the reader may see, with its score for them, source by source. */
function forEachEntry(sources: readonly CandidateSource[], reader: ReaderSignals, asOfMs: number, visit: (c: Candidate, source: CandidateSource, score: number) => void): void {
  for (const source of sources) {
    forEachTaken(source, reader, asOfMs, (c) => {
      if (c.creatorId !== reader.viewerId && !reader.dismissedIds.has(c.id)) visit(c, source, scoreOf(c, source.weight, reader, asOfMs));
    });
  }
}

/**
 * The page after `after` (or the first): up to `limit + 1` rows, best first, ties by id
 * descending. Left out: stories published after `asOf`, the reader's own, muted writers'
 * and dismissed stories. A story from several sources keeps its best score (ties: the
 * reason first in REASON_ORDER).
 *
 * It runs for every home page over about 700 candidates, so it keeps only the best
 * `limit + 1` as it goes, a story's entries compared only with what is kept: a story's
 * weaker entry can only be kept where its best would be, and its best then replaces it.
 * On a later page a story is left out altogether when any entry of it ranks at or above
 * the cursor (its best was on an earlier page), which takes a first pass.
 */
export function rankForYou(sources: readonly CandidateSource[], reader: ReaderSignals, asOf: Date, after: RankCursor | null, limit: number): ForYouRow[] {
  const asOfMs = asOf.getTime();
  let shown: Set<string> | null = null;
  if (after) {
    const earlier = (shown = new Set<string>());
    forEachEntry(sources, reader, asOfMs, (c, _source, score) => {
      if (!(score < after.score || (score === after.score && c.id < after.id))) earlier.add(c.id);
    });
  }
  const top: ForYouRow[] = [];
  forEachEntry(sources, reader, asOfMs, (c, source, score) => {
    if (top.length > limit && top[limit]!.id !== c.id && !ranksAbove(score, c.id, top[limit]!)) return;
    if (shown?.has(c.id)) return;
    let held = top.length - 1;
    while (held >= 0 && top[held]!.id !== c.id) held--;
    if (held >= 0) {
      const h = top[held]!;
      if (h.score > score || (h.score === score && REASON_ORDER[h.reason] <= REASON_ORDER[source.reason])) return;
      top.splice(held, 1);
    }
    const row: ForYouRow = { id: c.id, score, reason: source.reason, authorId: source.reason === 'FOLLOWED_AUTHOR' ? c.creatorId : null, tagSlug: source.tagSlug };
    let at = top.length;
    while (at > 0 && ranksAbove(score, c.id, top[at - 1]!)) at--;
    top.splice(at, 0, row);
    if (top.length > limit + 1) top.pop();
  });
  return top;
}
