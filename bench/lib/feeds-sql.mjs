// The database side of the feeds: the app's own query functions (src/modules/feeds, the
// notifications badge), imported from the sources and called against the generated database,
// timed per reader, with every statement they send captured so its plan can be printed with
// EXPLAIN (ANALYZE, BUFFERS). Timing them in this process (not through HTTP) says how much of
// a page's server time is the database.
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';
import { backendsCpuMs } from './cpu.mjs';
import { summary } from './feeds-readers.mjs';

/** Imports a source module, or null (with the reason) when it does not exist yet. */
async function optional(specifier, notes) {
  try {
    return await tsImport(specifier, import.meta.url);
  } catch (err) {
    notes.push(`${specifier}: not measured (${String(err?.message ?? err).split('\n')[0]})`);
    return null;
  }
}

/**
 * Times each query function for every reader, a first visit and a repeat (after `warmup`
 * uncounted calls), and returns the figures, the statements of two readers (typical and
 * heaviest) with their plans, and notes.
 */
export async function measureFeedSql({ url, readers, warmup = 20 }) {
  const notes = [];
  const { connectDatabase } = await tsImport('../../src/platform/db/client.ts', import.meta.url);
  const sources = await optional('../../src/modules/feeds/feed-sources.ts', notes);
  const following = await optional('../../src/modules/feeds/feed-following.ts', notes);
  const forYou = await optional('../../src/modules/feeds/feed-for-you.ts', notes);
  const notifications = await optional('../../src/modules/notifications/queries.ts', notes);
  const sidebar = await optional('../../src/modules/feeds/sidebar-queries.ts', notes);
  const topics = await optional('../../src/modules/topics/queries.ts', notes);
  const social = await optional('../../src/modules/social/queries.ts', notes);
  const database = connectDatabase(url, 4);

  // Every statement the functions send, while `capture` is set.
  let capture = null;
  const query = database.pool.query.bind(database.pool);
  database.pool.query = (config, values, cb) => {
    if (capture) capture.push(typeof config === 'string' ? { text: config, values } : { text: config.text, values: config.values ?? values });
    return query(config, values, cb);
  };

  const cases = [];
  if (sources) cases.push(['feed sources (follows, topics, mutes)', (r) => sources.feedSources(database.db, r.id)]);
  if (sources && following) cases.push(['Following, first page (10)', async (r) => following.followingFeed(database.db, await sources.feedSources(database.db, r.id), 10, null)]);
  // The site-wide and the followed topics' candidates as the resolver gets them: read at most once a
  // minute per process (site-candidates.ts, topic-candidates.ts); and once more with every topic read
  // afresh, as for a reader whose topics no one else asked for within the minute.
  const site = forYou ? await optional('../../src/modules/feeds/site-candidates.ts', notes) : null;
  const topicCache = forYou ? await optional('../../src/modules/feeds/topic-candidates.ts', notes) : null;
  if (sources && forYou && site && topicCache) {
    const unkept = new topicCache.TopicCandidateCache(database.db, { ...topicCache.TOPIC_CANDIDATES, TTL_MS: 0 });
    const forYouCase = (topicsOf) => async (r) => {
      const now = new Date();
      const src = await sources.feedSources(database.db, r.id);
      return forYou.forYouFeed(database.db, src, 10, null, now, await site.siteCandidates(database.db, now), await topicsOf(src, now));
    };
    cases.push(['For you, first page (10)', forYouCase((src, now) => topicCache.topicCandidates(database.db, src.tagSlugs, forYou.perTopicOf(src.tagSlugs.length), now))]);
    cases.push(['For you, first page (10), topics read afresh', forYouCase((src, now) => unkept.forTopics(src.tagSlugs, forYou.perTopicOf(src.tagSlugs.length), now.getTime()))]);
  }
  if (notifications) cases.push(['unread notification count', (r) => notifications.unreadNotificationCount(database.db, r.id)]);
  // The home sidebar, as its resolvers call them (src/modules/feeds/feed-graphql.ts).
  if (sidebar && topics && social) {
    const db = database.db;
    cases.push(['sidebar: recommended topics', async (r) => topics.popularTags(db, { limit: 7, offset: 0, excluding: await social.followedTagSlugs(db, r.id) })]);
    cases.push(['sidebar: who to follow', async (r) => sidebar.whoToFollowIds(db, [r.id, ...(await social.followedUserIds(db, r.id)), ...(await social.mutedUserIds(db, r.id))], 3)]);
    cases.push(['sidebar: recently read', async (r) => sidebar.recentlyReadIds(db, r.id, await social.mutedUserIds(db, r.id), 3)]);
  }

  const figures = [];
  const statements = [];
  try {
    for (const [label, fn] of cases) {
      // A module on disk whose tables are not migrated yet (work in progress) is skipped, said in a note.
      const ready = await fn(readers[0]).then(
        () => true,
        (err) => (notes.push(`${label}: not measured (${String(err?.message ?? err).split('\n')[0]})`), false),
      );
      if (!ready) continue;
      // Every reader twice: a first visit, then a repeat (their rows now in memory).
      const times = [];
      const repeat = [];
      const heavyTimes = [];
      for (let i = 0; i < warmup; i++) await fn(readers[readers.length - 1 - (i % readers.length)]);
      // CPU per call: PostgreSQL's (this pool's backends) and this process's (driver, drizzle).
      const dbCpu = () => backendsCpuMs({ query: (text, values) => query(text, values) }, 'inkwell');
      const [db0, node0] = [await dbCpu(), process.cpuUsage()];
      for (const list of [times, repeat]) {
        for (const reader of readers) {
          const t0 = performance.now();
          await fn(reader);
          const ms = performance.now() - t0;
          list.push(ms);
          if (reader.heavy && list === times) heavyTimes.push(ms);
        }
      }
      const calls = times.length + repeat.length;
      const nodeUs = process.cpuUsage(node0);
      const cpuMsPerCall = { db: ((await dbCpu()) - db0) / calls, node: (nodeUs.user + nodeUs.system) / 1000 / calls };
      figures.push({ label, all: summary(times), repeat: summary(repeat), heavy: heavyTimes.length ? summary(heavyTimes) : null, cpuMsPerCall });
      // The statements of a typical reader (median follows) and of the heaviest one.
      const typical = [...readers].filter((r) => !r.heavy).sort((a, b) => a.following - b.following)[Math.floor(readers.filter((r) => !r.heavy).length / 2)];
      const heaviest = [...readers].sort((a, b) => b.following - a.following)[0];
      for (const [who, reader] of [['typical', typical], ['heaviest', heaviest]]) {
        capture = [];
        await fn(reader);
        statements.push({ label, who, reader: { id: reader.id, following: reader.following, topics: reader.topics }, sql: capture });
        capture = null;
      }
    }
    for (const s of statements) for (const st of s.sql) st.plan = await explain(database.pool, query, st);
  } finally {
    await database.close();
  }
  return { figures, statements, notes };
}

/** EXPLAIN (ANALYZE, BUFFERS) of a captured statement, as text. */
async function explain(pool, query, st) {
  const { rows } = await query({ text: `explain (analyze, buffers) ${st.text}`, values: st.values });
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}
