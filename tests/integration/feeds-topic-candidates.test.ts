import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { followTag } from '../../src/modules/social/commands.js';
import { TOPIC_CANDIDATES, TopicCandidateCache } from '../../src/modules/feeds/topic-candidates.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader } from '../support/readers.js';
import { sql, story } from './feeds-fixtures.js';

const HOUR = 3_600_000;
/** A reader of a few topics: every topic here has fewer stories than that, so each list is the whole topic. */
const NEED = 20;

/** For you's followed-topic candidates: read once per topic and minute, shared by every reader of the process. */
describe('topic candidates', () => {
  let t: TestApp;
  const reads: unknown[][] = [];
  let restore: () => void;
  const ids: Record<string, string[]> = { boats: [], cars: [] };

  beforeAll(async () => {
    t = await createTestApp();
    const bob = await newReader(t, 'Bob');
    for (let i = 0; i < 4; i++) ids.boats!.push(await story(t, bob.id, `Boats ${i}`, new Date(Date.now() - (i + 1) * HOUR), ['boats']));
    for (let i = 0; i < 3; i++) ids.cars!.push(await story(t, bob.id, `Cars ${i}`, new Date(Date.now() - (i + 1) * HOUR), ['cars', 'boats-and-cars']));
    await sql(t, 'update posts set clap_count = 7, responses_count = 2 where id = $1', [ids.boats![0]]);
    // Every topic_candidates statement, with its topics.
    const pool = t.database.db.$client;
    const query = pool.query.bind(pool);
    pool.query = ((config: { name?: string; values?: unknown[] }, ...rest: unknown[]) => {
      if (typeof config === 'object' && config?.name === 'topic_candidates') reads.push(config.values?.[0] as unknown[]);
      return (query as (...a: unknown[]) => unknown)(config, ...rest);
    }) as typeof pool.query;
    restore = () => void (pool.query = query);
  });
  afterEach(() => void reads.splice(0));

  it('reads the missing topics in one statement, newest first, with what the score needs', async () => {
    const cache = new TopicCandidateCache(t.database.db);
    const lists = await cache.forTopics(['boats', 'cars', 'nobody-writes-this'], NEED, Date.now());
    expect(reads).toEqual([['boats', 'cars', 'nobody-writes-this']]);
    expect(lists.get('boats')!.map((c) => c.id)).toEqual(ids.boats);
    expect(lists.get('cars')!.map((c) => c.id)).toEqual(ids.cars);
    expect(lists.get('nobody-writes-this')).toEqual([]);
    expect(lists.get('boats')![0]).toMatchObject({ clapCount: 7, responsesCount: 2, tags: ['boats'] });
    expect(lists.get('cars')![0]!.tags).toEqual(['cars', 'boats-and-cars']);
    expect(cache.size).toBe(7);
  });

  it('serves a topic from memory within TTL_MS, concurrent askers sharing one read, and reads it again after', async () => {
    const cache = new TopicCandidateCache(t.database.db);
    const at = Date.now();
    await Promise.all([cache.forTopics(['boats'], NEED, at), cache.forTopics(['boats'], NEED, at)]);
    expect(reads).toEqual([['boats']]);
    await sql(t, 'update posts set clap_count = 40 where id = $1', [ids.boats![1]]);
    const kept = await cache.forTopics(['boats', 'cars'], NEED, at + TOPIC_CANDIDATES.TTL_MS - 1);
    expect(reads).toEqual([['boats'], ['cars']]);
    expect(kept.get('boats')![1]!.clapCount).toBe(0); // up to a minute old
    const fresh = await cache.forTopics(['boats'], NEED, at + TOPIC_CANDIDATES.TTL_MS);
    expect(reads.at(-1)).toEqual(['boats']);
    expect(fresh.get('boats')![1]!.clapCount).toBe(40);
  });

  it('reads a topic as deep as the reader asking needs, and again only for a deeper need', async () => {
    const cache = new TopicCandidateCache(t.database.db, { ...TOPIC_CANDIDATES, STEP: 2, MARGIN: 0 });
    const at = Date.now();
    const ofBoats = async (need: number) => (await cache.forTopics(['boats'], need, at)).get('boats')!.map((c) => c.id);
    expect(await ofBoats(2)).toEqual(ids.boats!.slice(0, 2));
    expect(await ofBoats(1)).toEqual(ids.boats!.slice(0, 2)); // a deeper list serves a shallower need
    expect(reads).toHaveLength(1);
    expect(await ofBoats(3)).toEqual(ids.boats); // read 4 deep: all four
    expect(reads).toHaveLength(2);
    expect(await ofBoats(5)).toEqual(ids.boats); // 6 deep, 4 came: the whole topic
    expect(reads).toHaveLength(3);
    expect(await ofBoats(40)).toEqual(ids.boats); // served: nothing more to read
    expect(reads).toHaveLength(3);
    expect(cache.depthFor(149)).toBe(TOPIC_CANDIDATES.PER_TOPIC);
  });

  it('keeps at most MAX_KEPT candidates, dropping the topics asked for least recently', async () => {
    const cache = new TopicCandidateCache(t.database.db, { ...TOPIC_CANDIDATES, MAX_KEPT: 5 });
    const at = Date.now();
    await cache.forTopics(['boats'], NEED, at); // 4 kept
    await cache.forTopics(['cars'], NEED, at); // 7 > 5: boats goes
    expect(cache.size).toBe(3);
    await cache.forTopics(['cars'], NEED, at);
    expect(reads).toEqual([['boats'], ['cars']]);
    await cache.forTopics(['boats'], NEED, at); // read again; now cars (3) + boats (4) > 5: cars goes
    expect(reads.at(-1)).toEqual(['boats']);
    expect(cache.size).toBe(4);
  });

  it('is what the For you resolver reads: a second reader of the same topic costs no read', async () => {
    const [a, b] = await Promise.all(['Ann', 'Cid'].map((n) => newReader(t, n)));
    for (const r of [a!, b!]) await followTag(t.database.db, r.id, 'cars');
    const feed = 'query { forYouFeed(paging: { limit: 10 }) { items { post { id } source { postFeedReason tagSlug } } } }';
    const first = await a!.browser.gql(feed);
    const second = await b!.browser.gql(feed);
    expect(reads.filter((slugs) => slugs.includes('cars'))).toHaveLength(1);
    for (const res of [first, second]) {
      const topicItems = (res.data.forYouFeed.items as { post: { id: string }; source: { postFeedReason: string; tagSlug: string | null } }[]).filter((i) => i.source.postFeedReason === 'FOLLOWED_TOPIC');
      expect(new Set(topicItems.map((i) => i.post.id))).toEqual(new Set(ids.cars));
      expect(topicItems.every((i) => i.source.tagSlug === 'cars')).toBe(true);
    }
    restore();
  });
});
