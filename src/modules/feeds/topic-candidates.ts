import type { Db } from '../../platform/db/client.js';
import { namedStatement } from '../../platform/db/named-select.js';
import { oncePerDb } from '../../platform/db/per-db-cache.js';
import { SizedLru } from '../../shared/sized-lru.js';
import { FOR_YOU, type Candidate } from './for-you-ranking.js';

export const TOPIC_CANDIDATES = {
  /** A topic's newest listed stories, as many as any reader's For you takes from one topic. */
  PER_TOPIC: FOR_YOU.PER_TOPIC,
  /**
   * A topic is read as deep as the reader asking needs (their `perTopicOf`) plus MARGIN (for
   * stories by writers they muted, and ones published after the ranking's instant while
   * paging), rounded up to STEP: a reader of 13 topics takes 24 stories of each, and reading
   * 150 cost six times the rows. A deeper list serves every shallower need.
   */
  STEP: 50,
  MARGIN: 10,
  /** The same for every follower of the topic: read at most once a minute per process. */
  TTL_MS: 60_000,
  /**
   * Candidates kept in all, the least recently asked topics dropped first: about 200 bytes each
   * with their writers' ids and tags shared (≤ 130 MB), only as many as readers' topics need
   * within TTL_MS. Fewer thrashed: 300 readers of the generated site follow 1,312 topics between
   * them, and at 250,000 every page read its topics again (bench/README.md).
   */
  MAX_KEPT: 600_000,
};

/**
 * A topic's newest stories (post_tags_newest_idx), each with its row's counts: every
 * candidate costs a lookup of its post, which made followed topics most of For you's
 * time in the database, for lists that are the same for every follower of the topic.
 */
const TOPIC_CANDIDATES_SQL = `
select f.slug, p.id, p.creator_id, p.first_published_at, p.clap_count, p.responses_count, p.tags
from unnest($1::text[]) as f(slug)
cross join lateral (
  select t.post_id from post_tags t where t.tag_slug = f.slug
  order by t.first_published_at desc nulls last, t.post_id desc nulls last limit $2
) t
join posts p on p.id = t.post_id`;

interface Entry {
  at: number;
  list: Promise<readonly Candidate[]>;
  /** Its candidates once read (0 while the read is in flight). */
  size: number;
  /** How deep it was read: it serves needs up to this, or any need once it came back shorter (the whole topic). */
  depth: number;
  whole: boolean;
}

type TopicRow = { slug: string; id: string; creator_id: string; first_published_at: Date; clap_count: number; responses_count: number; tags: string[] };
const readTopics = namedStatement<TopicRow, [slugs: string[], perTopic: number]>('topic_candidates', TOPIC_CANDIDATES_SQL);

/**
 * Followed topics' candidates for For you, newest first, kept per topic for TTL_MS:
 * counts may be a minute old, which is fine for ranking, and a story published since
 * joins within the minute (Following shows it at once). Trashed or unlisted stories are
 * dropped when the page's posts are read by id; muted writers are left out per reader.
 */
export class TopicCandidateCache {
  /** By topic, sized by candidate count, the least recently asked dropped first past MAX_KEPT. */
  private readonly entries: SizedLru<Entry>;

  constructor(
    private readonly db: Db,
    private readonly limits = TOPIC_CANDIDATES,
  ) {
    this.entries = new SizedLru(limits.MAX_KEPT, (entry) => entry.size);
  }

  /** The kept candidate count (for tests and figures). */
  get size(): number {
    return this.entries.total;
  }

  /** How deep a topic is read for a reader who takes `need` of its stories. */
  depthFor(need: number): number {
    const { STEP, MARGIN, PER_TOPIC } = this.limits;
    return Math.min(PER_TOPIC, Math.ceil((need + MARGIN) / STEP) * STEP);
  }

  /**
   * Each topic's newest stories, at least `need` + MARGIN of them where the topic has them;
   * topics not kept (kept too long, or not deep enough) are read together in one statement.
   */
  async forTopics(slugs: readonly string[], need: number, now: number): Promise<Map<string, readonly Candidate[]>> {
    const depth = this.depthFor(need);
    const missing: string[] = [];
    const pending: [string, Promise<readonly Candidate[]>][] = [];
    for (const slug of slugs) {
      const hit = this.entries.get(slug);
      if (hit && now - hit.at < this.limits.TTL_MS && (hit.depth >= depth || hit.whole)) pending.push([slug, hit.list]);
      else missing.push(slug);
    }
    if (missing.length > 0) {
      const read = this.read(missing, depth);
      const lists = missing.map((slug) => [slug, read.then((bySlug) => bySlug.get(slug) ?? [])] as const);
      for (const [slug, list] of lists) {
        this.entries.set(slug, { at: now, list, size: 0, depth, whole: false });
        pending.push([slug, list]);
      }
      // Sized once read, unless replaced since; a failed read is not kept (the next request tries again).
      const ours = (slug: string, list: Promise<readonly Candidate[]>) => this.entries.get(slug)?.list === list;
      read.then(
        (bySlug) =>
          lists.forEach(([slug, list]) => {
            const size = bySlug.get(slug)?.length ?? 0;
            if (ours(slug, list)) this.entries.set(slug, { at: now, list, size, depth, whole: size < depth });
          }),
        () => lists.forEach(([slug, list]) => ours(slug, list) && this.entries.delete(slug)),
      );
    }
    return new Map(await Promise.all(pending.map(async ([slug, list]) => [slug, await list] as const)));
  }

  /**
   * One string per writer id and tag across every kept list (a writer's stories and a tag's many
   * stories repeat them): a third of a candidate's memory. Bounded: forgotten past its size.
   */
  private readonly sharedStrings = new Map<string, string>();
  private readonly shared = (value: string): string => {
    const kept = this.sharedStrings.get(value);
    if (kept !== undefined) return kept;
    if (this.sharedStrings.size >= 200_000) this.sharedStrings.clear();
    this.sharedStrings.set(value, value);
    return value;
  };

  private async read(slugs: string[], depth: number): Promise<Map<string, Candidate[]>> {
    const lists = new Map<string, Candidate[]>();
    for (const r of await readTopics(this.db, slugs, depth)) {
      let list = lists.get(r.slug);
      if (!list) lists.set(r.slug, (list = []));
      list.push({ id: r.id, creatorId: this.shared(r.creator_id), publishedMs: new Date(r.first_published_at).getTime(), clapCount: r.clap_count, responsesCount: r.responses_count, tags: r.tags.map(this.shared) });
    }
    const newestFirst = (a: Candidate, b: Candidate) => b.publishedMs - a.publishedMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
    for (const list of lists.values()) list.sort(newestFirst);
    return lists;
  }
}

const cacheFor = oncePerDb((db) => new TopicCandidateCache(db));

/** The followed topics' candidates of one request (shared by every reader of this process); `need`: the reader's perTopicOf. */
export const topicCandidates = (db: Db, slugs: readonly string[], need: number, now: Date): Promise<Map<string, readonly Candidate[]>> =>
  slugs.length === 0 ? Promise.resolve(new Map()) : cacheFor(db).forTopics(slugs, need, now.getTime());
