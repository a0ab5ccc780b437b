import type { Db } from '../../platform/db/client.js';
import { oncePerDb } from '../../platform/db/per-db-cache.js';
import { FOR_YOU, type Candidate } from './for-you-ranking.js';

export const TOPIC_CANDIDATES = {
  /** A topic's newest listed stories, as many as any reader's For you takes from one topic. */
  PER_TOPIC: FOR_YOU.PER_TOPIC,
  /** The same for every follower of the topic: read at most once a minute per process. */
  TTL_MS: 60_000,
  /** Candidates kept in all (about 170 bytes each), the least recently asked topics dropped first. */
  MAX_KEPT: 250_000,
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
  /** The statement the list comes from (an entry may have been replaced since). */
  read: Promise<unknown>;
  size: number;
}

/**
 * Followed topics' candidates for For you, newest first, kept per topic for TTL_MS:
 * counts may be a minute old, which is fine for ranking, and a story published since
 * joins within the minute (Following shows it at once). Trashed or unlisted stories are
 * dropped when the page's posts are read by id; muted writers are left out per reader.
 */
export class TopicCandidateCache {
  private readonly entries = new Map<string, Entry>();
  private kept = 0;

  constructor(
    private readonly db: Db,
    private readonly limits = TOPIC_CANDIDATES,
  ) {}

  /** The kept candidate count (for tests and figures). */
  get size(): number {
    return this.kept;
  }

  /** Each topic's list; topics not kept (or kept too long) are read together in one statement. */
  async forTopics(slugs: readonly string[], now: number): Promise<Map<string, readonly Candidate[]>> {
    const missing: string[] = [];
    const pending: [string, Promise<readonly Candidate[]>][] = [];
    for (const slug of slugs) {
      const hit = this.entries.get(slug);
      if (hit && now - hit.at < this.limits.TTL_MS) {
        this.entries.delete(slug); // most recently asked last
        this.entries.set(slug, hit);
        pending.push([slug, hit.list]);
      } else missing.push(slug);
    }
    if (missing.length > 0) {
      const read = this.read(missing);
      for (const slug of missing) {
        const list = read.then((lists) => lists.get(slug) ?? []);
        this.keep(slug, { at: now, list, read, size: 0 });
        pending.push([slug, list]);
      }
      read.then(
        (lists) => {
          for (const slug of missing) this.resize(slug, read, lists.get(slug)?.length ?? 0);
        },
        // A failed read is not kept: the next request tries again.
        () => missing.forEach((slug) => this.forget(slug, read)),
      );
    }
    return new Map(await Promise.all(pending.map(async ([slug, list]) => [slug, await list] as const)));
  }

  private async read(slugs: string[]): Promise<Map<string, Candidate[]>> {
    const { rows } = await this.db.$client.query<{ slug: string; id: string; creator_id: string; first_published_at: Date; clap_count: number; responses_count: number; tags: string[] }>({
      name: 'topic_candidates',
      text: TOPIC_CANDIDATES_SQL,
      values: [slugs, this.limits.PER_TOPIC],
    });
    const lists = new Map<string, Candidate[]>();
    for (const r of rows) {
      let list = lists.get(r.slug);
      if (!list) lists.set(r.slug, (list = []));
      list.push({ id: r.id, creatorId: r.creator_id, publishedMs: new Date(r.first_published_at).getTime(), clapCount: r.clap_count, responsesCount: r.responses_count, tags: r.tags });
    }
    const newestFirst = (a: Candidate, b: Candidate) => b.publishedMs - a.publishedMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
    for (const list of lists.values()) list.sort(newestFirst);
    return lists;
  }

  private keep(slug: string, entry: Entry): void {
    this.forget(slug);
    this.entries.set(slug, entry);
  }

  /** Counts a read list once it arrived, then drops the least recently asked topics past MAX_KEPT. */
  private resize(slug: string, read: Promise<unknown>, size: number): void {
    const entry = this.entries.get(slug);
    if (!entry || entry.read !== read) return;
    entry.size = size;
    this.kept += size;
    for (const [oldest, e] of this.entries) {
      if (this.kept <= this.limits.MAX_KEPT) break;
      this.entries.delete(oldest);
      this.kept -= e.size;
    }
  }

  private forget(slug: string, read?: Promise<unknown>): void {
    const entry = this.entries.get(slug);
    if (!entry || (read && entry.read !== read)) return;
    this.entries.delete(slug);
    this.kept -= entry.size;
  }
}

const cacheFor = oncePerDb((db) => new TopicCandidateCache(db));

/** The followed topics' candidates of one request (shared by every reader of this process). */
export const topicCandidates = (db: Db, slugs: readonly string[], now: Date): Promise<Map<string, readonly Candidate[]>> =>
  slugs.length === 0 ? Promise.resolve(new Map()) : cacheFor(db).forTopics(slugs, now.getTime());
