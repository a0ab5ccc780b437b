#!/usr/bin/env node
// `node bench/search.mjs`: search speed on the generated dataset (bench/generate.mjs; 1M stories,
// 100k users, 400 tags). Server time of one search = the engine's own work for one request
// (src/modules/search/engine.ts searchIndex: parameters, SQL, hits, highlights), measured
// in-process against the bench database, for rare, two-word, common (~30 % of stories) and the
// most frequent terms, and for single letters (a prefix matching nearly every story); the
// predictive multi-query (4 indexes at once, as the header box sends them, while typing); and
// the index lag after publish. Prints the query plans of each class.
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inkwell_bench). The search
// documents live in the search_* tables; missing ones are built first (backfillSearch), the
// dataset's own rows are left as they are. ITERATIONS (default 200) per class.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';
import { DEFAULT_BENCH_DATABASE_URL, viaLocalSocket } from './lib/big-dataset.mjs';
import { fmt, table, verdict } from './lib/report.mjs';
import { pickTerms, share, typing } from './lib/search-terms.mjs';
import { cleanupRare, measureLag, publishRare } from './lib/search-lag.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const url = viaLocalSocket(process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL);
const ITERATIONS = Number(process.env.ITERATIONS || 200);
const load = (p) => tsImport(pathToFileURL(path.join(root, p)).href, import.meta.url);

const m = await load('bench/lib/search-modules.ts');

const database = m.connectDatabase(url, 8);
const db = database.db;
const log = (line) => process.stderr.write(`  ${line}\n`);

const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Runs `fn(i)` `n` times after a warm-up; returns the times in ms. */
async function time(n, fn) {
  for (let i = 0; i < Math.min(20, n); i++) await fn(i);
  const out = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * backfillSearch, faster on a bulk-loaded dataset: when most stories have no document yet, the
 * secondary indexes of search_posts are dropped first and built again after (a sorted build
 * beats a million inserts into a GIN index), as bench/lib/big-dataset.mjs does for its tables.
 */
async function bulkBackfill() {
  const count = async (q) => (await db.execute(q)).rows[0].n;
  const missing = (await count(sql`select count(*)::int as n from posts where first_published_at is not null and deleted_at is null and visibility = 'PUBLIC' and in_response_to_post_id is null`)) - (await count(sql`select count(*)::int as n from search_posts`));
  const indexes = missing > 100_000 ? (await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'search_posts' and indexname <> 'search_posts_pkey'`)).rows : [];
  for (const ix of indexes) await db.execute(sql.raw(`drop index "${ix.indexname}"`));
  let report;
  try {
    report = await m.backfillSearch(db, { batch: 10_000, log: (line) => /[05]0000 stories$/.test(line) && log(line) });
  } finally {
    for (const ix of indexes) {
      const t0 = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
        await tx.execute(sql.raw(ix.indexdef));
      });
      log(`index ${ix.indexname} built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    if (indexes.length > 0) await db.execute(sql`analyze search_posts`);
  }
  // A site's stories arrive newest last, and newer means higher quality: its table ends up
  // roughly in quality order, which the walk over the best stories reads in few pages. A bulk
  // load has no such order: give it once.
  const { rows } = await db.execute(sql`select i.indisclustered from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'search_posts_quality_idx'`);
  if (!rows[0]?.indisclustered) {
    const t0 = performance.now();
    await db.execute(sql`cluster search_posts using search_posts_quality_idx`);
    await db.execute(sql`analyze search_posts`);
    log(`search_posts ordered by quality in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  return report;
}

/** The plans searchPostRows runs for a query, as it runs them (its trace). */
async function planOf(q, p, viewer) {
  const out = [];
  await m.searchPostRows(db, q, p, viewer, null, false, {
    match: (match) => out.push(`estimated share ${(match.share * 100).toFixed(2)} %; matched as ${match.tsquery ?? '(nothing: no story can match)'}`),
    plan: (label, plan) => out.push(`[${label}]\n${plan}`),
  });
  return out.join('\n');
}

try {
  process.stderr.write(`▸ search bench on ${url}\n`);
  // The app's own migrations, as it applies them at start (the search tables and their indexes).
  await m.runMigrations(db);
  const filled = await bulkBackfill();
  log(`search documents built now: ${filled.posts} stories, ${filled.users} people (${filled.seconds.toFixed(0)} s)`);
  // The top tier, as the workers' sweep keeps it (src/modules/search/tier.ts).
  const tierStarted = performance.now();
  if (await m.refreshSearchTier(db)) log(`search top tier built in ${((performance.now() - tierStarted) / 1000).toFixed(1)} s`);
  const tier = await m.currentTier(db, Date.now() + 120_000);
  log(tier ? `search top tier: ${tier.indexName}, quality >= ${tier.threshold.toFixed(3)}` : 'search top tier: none (too few stories)');
  const staffId = (await db.execute(sql`select id from users where is_staff limit 1`)).rows[0]?.id ?? null;
  const visitor = m.ANONYMOUS_SEARCHER;
  const staff = { ...visitor, id: staffId, fullAccess: true, unfiltered: true };

  const { total, common, top, twoWord } = await pickTerms(db);
  const rare = await publishRare({ db, m });
  const letters = ['c', 'w', 'b', 'p']; // not t or s: stop words on their own
  const classes = [
    ['rare (1 story)', rare.words],
    ['two words', twoWord],
    ['common (~30 %)', common],
    ['most frequent', top],
    ['one letter (prefix)', letters],
  ];
  const rows = [];
  const plans = [];
  try {
    for (const [label, terms] of classes) {
      const shares = [];
      for (const term of terms) shares.push(await share(db, m.tsqueryText(m.queryWords(term)), total));
      for (const [who, viewer] of [
        ['visitor', visitor],
        ['staff (unfiltered)', staff],
      ]) {
        const times = await time(ITERATIONS, (i) => m.searchIndex(db, 'posts', { query: terms[i % terms.length], hitsPerPage: 8 }, viewer));
        const p50 = pct(times, 50);
        const p99 = pct(times, 99);
        rows.push([label, who, terms.slice(0, 3).join(', '), `${fmt.num((shares.reduce((a, b) => a + b, 0) / shares.length) * 100, 1)} %`, fmt.num(p50, 2), fmt.num(pct(times, 95), 2), fmt.num(p99, 2), verdict(p50 <= 5 && p99 <= 50)]);
      }
      const q = m.queryWords(terms[0]);
      const p = m.parseSearchParams({ query: terms[0], hitsPerPage: 8 });
      plans.push([`${label}: "${terms[0]}" (visitor)`, await planOf(q, p, visitor)]);
    }

    // The header box: 4 indexes in one call per keystroke, 3 hits each.
    const keystrokes = typing(['compilers', 'maya okafor', 'design', 'kenji', 'product management', 'sleep']);
    const predictive = await time(ITERATIONS, (i) =>
      Promise.all(['posts', 'users', 'collections', 'tags'].map((index) => m.searchIndex(db, index, { query: keystrokes[i % keystrokes.length], hitsPerPage: 3, clickAnalytics: true }, visitor))),
    );
    rows.push(['predictive, 4 indexes', 'visitor', 'c, co, com… (typing)', '', fmt.num(pct(predictive, 50), 2), fmt.num(pct(predictive, 95), 2), fmt.num(pct(predictive, 99), 2), verdict(pct(predictive, 99) <= 60)]);
    const people = await time(ITERATIONS, (i) => m.searchIndex(db, 'users', { query: keystrokes[i % keystrokes.length], hitsPerPage: 3 }, visitor));
    rows.push(['people only', 'visitor', 'typing', '', fmt.num(pct(people, 50), 2), fmt.num(pct(people, 95), 2), fmt.num(pct(people, 99), 2), verdict(pct(people, 50) <= 5 && pct(people, 99) <= 50)]);
  } finally {
    await cleanupRare(db, rare.ids);
  }

  const lag = await measureLag({ db, m, runs: 8, log });
  const lagRow = ['index lag after publish', '', `${lag.lags.length} stories`, '', fmt.num(pct(lag.lags, 50), 0), '', fmt.num(Math.max(...lag.lags), 0) + ' (max)', verdict(Math.max(...lag.lags) <= 2000)];

  console.log(`\nSearch on ${fmt.int(total)} searchable stories (times in ms, server time of one search request; targets p50 ≤ 5, p99 ≤ 50; predictive p99 ≤ 60; lag ≤ 2000)`);
  console.log(table(['class', 'viewer', 'terms', 'stories matched', 'p50', 'p95', 'p99', 'target'], [...rows, lagRow], ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'l']));
  for (const [label, plan] of plans) console.log(`\n── plan: ${label}\n${plan}`);
} finally {
  await database.close();
}
