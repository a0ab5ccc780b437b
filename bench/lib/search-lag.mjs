// Index lag after publish (bench/search.mjs): a writer of the dataset publishes stories through
// the real commands (createDraft, publishPost), an event dispatcher with the search handlers runs
// as in a worker (woken after the commit, polling every second otherwise), and the search is
// polled every 10 ms until the story is found. Each story carries a made-up word found nowhere
// else: the rare-word queries of the bench. The stories are deleted at the end (the dataset
// stays as it was; their domain events too).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';

const RARE = ['quokkabridge', 'zephyrlantern', 'marzipanorbit', 'glimmerfjord', 'tundrapiano', 'saffronkite', 'obsidianwaltz', 'cobaltmeadow'];

export async function measureLag({ db, m, runs = 8, log }) {
  const { rows } = await db.execute(sql`select creator_id from search_posts where author_ok order by quality desc limit 1`);
  const writer = rows[0].creator_id;
  const logger = m.createLogger('warn');
  const dispatcher = m.startEventDispatcher({ db, logger, handlers: m.searchHandlers() });
  const viewer = { ...m.ANONYMOUS_SEARCHER };
  const created = [];
  const lags = [];
  try {
    for (let i = 0; i < runs; i++) {
      const word = RARE[i % RARE.length];
      const draft = await m.createDraft(db, writer, {
        title: `Notes on the ${word}`,
        subtitle: 'A bench story',
        paragraphs: [{ name: 'b1', type: 'P', text: `Written by the search bench about the ${word}.`, markups: [] }],
      });
      created.push(draft.postId);
      const t0 = performance.now();
      const out = await m.publishPost(db, writer, draft.postId, { tags: [], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' });
      if (out.kind !== 'published') throw new Error(`publish failed: ${JSON.stringify(out)}`);
      let found = false;
      while (!found && performance.now() - t0 < 10_000) {
        const { result } = await m.searchIndex(db, 'posts', { query: word, hitsPerPage: 3 }, viewer);
        found = result.hits.some((h) => h.objectID === draft.postId);
        if (!found) await new Promise((r) => setTimeout(r, 10));
      }
      const ms = performance.now() - t0;
      lags.push(found ? ms : Infinity);
      log?.(`lag ${i + 1}/${runs}: ${found ? `${ms.toFixed(0)} ms` : 'not found within 10 s'}`);
    }
  } finally {
    await dispatcher.stop();
    if (created.length > 0) {
      const ids = sql`array[${sql.join(created.map((id) => sql`${id}`), sql`, `)}]::text[]`;
      await db.execute(sql`delete from domain_events where payload->>'postId' = any(${ids})`);
      await db.execute(sql`delete from posts where id = any(${ids})`);
    }
  }
  return { lags, words: RARE.slice(0, Math.min(runs, RARE.length)) };
}

/** The rare words re-published for the query timings (deleted by cleanupRare). */
export async function publishRare({ db, m }) {
  const { rows } = await db.execute(sql`select creator_id from search_posts where author_ok order by quality desc limit 1`);
  const writer = rows[0].creator_id;
  const ids = [];
  for (const word of RARE) {
    const draft = await m.createDraft(db, writer, { title: `Notes on the ${word}`, subtitle: '', paragraphs: [{ name: 'b1', type: 'P', text: `About the ${word}.`, markups: [] }] });
    await m.publishPost(db, writer, draft.postId, { tags: [], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' });
    await m.reindexPost(db, draft.postId);
    ids.push(draft.postId);
  }
  return { words: RARE, ids };
}

export async function cleanupRare(db, ids) {
  const list = sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;
  await db.execute(sql`delete from domain_events where payload->>'postId' = any(${list})`);
  await db.execute(sql`delete from posts where id = any(${list})`);
}
