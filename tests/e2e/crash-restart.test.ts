import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, type CookieClient } from '../../bench/lib/accounts.mjs';
import { isProcessAlive } from '../../src/platform/db/processes.js';
import { freePort } from '../setup/e2e-server.js';
import { appBackendPid, clusterClient, kill9, postmasterPid, startApp, untilHealthy, type AppRun } from './support/app-process.js';

/**
 * kill -9 at random moments while readers clap, follow and respond through the HTTP API, on a
 * durable embedded cluster (fsync on): the app alone, its PostgreSQL alone, both (in either
 * order), or one PostgreSQL backend. Every restart must come up on the first try; at the end
 * nothing acknowledged is lost and every counter equals its rows (docs/adr/0002).
 */
const KINDS = ['app', 'postgres', 'both', 'backend'] as const;
type KillKind = (typeof KINDS)[number];
const KILLS_OF_EACH_KIND = 6;
const READERS = 3;
/** Under spec §9's 50 per reader and story, so every acknowledged clap added exactly one. */
const CLAPS_PER_PAIR = 45;

const CLAP = 'mutation($p: ID!, $u: ID!) { clap(targetPostId: $p, userId: $u, numClaps: 1) { __typename ... on ClapSuccess { addedClaps } } }';
const FOLLOW = 'mutation($u: ID!) { followUser(targetUserId: $u) { id } }';
const UNFOLLOW = 'mutation($u: ID!) { unfollowUser(targetUserId: $u) { id } }';
const RESPOND = `mutation($p: ID!, $paragraphs: [ParagraphInput!]!) { publishResponse(inResponseToPostId: $p, paragraphs: $paragraphs) {
  __typename ... on Post { id } ... on BadRequest { message } } }`;

interface Reader {
  id: string;
  client: CookieClient;
}

/** What the readers asked for, and what the app acknowledged (HTTP 200, no errors). */
class Ledger {
  /** `${reader} ${story}` → claps sent, and the times the acknowledged ones came back. */
  readonly claps = new Map<string, { sent: number; ackedAt: number[] }>();
  /** `${reader} ${writer}` → the states the follow may be in: the last acknowledged one, and any asked for since. */
  readonly follows = new Map<string, { wanted: boolean; possible: Set<boolean> }>();
  readonly responses: { id: string; story: string }[] = [];
}

/** One line a round, so a slow CI machine shows where the time went. */
const progress = (round: number, kind: KillKind, since: number) => process.stderr.write(`crash round ${round}: killed ${kind}, serving again after ${Date.now() - since} ms\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

async function writeOnce(reader: Reader, stories: { id: string; creator: string }[], writers: string[], ledger: Ledger): Promise<void> {
  const what = Math.random();
  if (what < 0.6) {
    const open = stories.filter((s) => (ledger.claps.get(`${reader.id} ${s.id}`)?.sent ?? 0) < CLAPS_PER_PAIR);
    if (!open.length) return;
    const story = pick(open).id;
    const entry = ledger.claps.get(`${reader.id} ${story}`) ?? { sent: 0, ackedAt: [] };
    ledger.claps.set(`${reader.id} ${story}`, entry);
    entry.sent++;
    const { clap } = await reader.client.gql(CLAP, { p: story, u: reader.id });
    if (clap.__typename !== 'ClapSuccess' || clap.addedClaps !== 1) throw new Error(`clap answered ${JSON.stringify(clap)}`);
    entry.ackedAt.push(Date.now());
  } else if (what < 0.9) {
    const writer = pick(writers);
    const entry = ledger.follows.get(`${reader.id} ${writer}`) ?? { wanted: false, possible: new Set([false]) };
    ledger.follows.set(`${reader.id} ${writer}`, entry);
    const want = !entry.wanted;
    entry.wanted = want;
    entry.possible.add(want);
    await reader.client.gql(want ? FOLLOW : UNFOLLOW, { u: writer });
    entry.possible = new Set([want]);
  } else {
    const story = pick(stories).id;
    const text = `A response written at ${new Date().toISOString()}.`;
    const { publishResponse } = await reader.client.gql(RESPOND, { p: story, paragraphs: [{ name: 'r1', type: 'P', text, markups: [] }] });
    if (publishResponse.__typename !== 'Post') throw new Error(`publishResponse answered ${JSON.stringify(publishResponse)}`);
    ledger.responses.push({ id: publishResponse.id, story });
  }
}

/** Each reader writes one thing after another until told to stop; a write that fails is unacknowledged. */
function keepWriting(readers: Reader[], stories: { id: string; creator: string }[], writers: string[], ledger: Ledger) {
  let stopped = false;
  const loops = readers.map(async (reader) => {
    while (!stopped) await writeOnce(reader, stories, writers, ledger).catch(() => sleep(20));
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
  };
}

describe('kill -9 during acknowledged writes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-crash-'));
  fs.chmodSync(dataDir, 0o755);
  let app: AppRun | null = null;
  afterAll(async () => {
    kill9(app?.child.pid);
    kill9(postmasterPid(dataDir));
    await sleep(300);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts on the first try after every kill, loses nothing acknowledged and keeps counters equal to rows', async () => {
    const port = await freePort();
    const env = { SEED_DEMO: '1', CAPTCHA_PROVIDER: 'none', AUTH_RATE_LIMIT_FACTOR: '50' };
    app = startApp(dataDir, port, env);
    expect(await untilHealthy(app)).toEqual({ ok: true });
    const origin = app.origin;

    const readers: Reader[] = [];
    for (let i = 0; i < READERS; i++) readers.push(await signUp(origin, { name: `Crash Reader ${i}`, email: `crash-reader-${i}@example.com` }));
    const feed = await readers[0]!.client.gql('{ staffPicksFeed(paging: { limit: 25 }) { items { id creator { id } } } }');
    const stories = (feed.staffPicksFeed.items as { id: string; creator: { id: string } }[]).map((s) => ({ id: s.id, creator: s.creator.id }));
    const writers = [...new Set(stories.map((s) => s.creator))];
    expect(stories.length).toBeGreaterThanOrEqual(5);
    const db0 = await clusterClient(dataDir);
    const responsesBefore = new Map((await db0.query<{ id: string; n: number }>('select id, responses_count as n from posts')).rows.map((r) => [r.id, r.n]));
    await db0.end();

    const ledger = new Ledger();
    const schedule = KINDS.flatMap((k) => Array<KillKind>(KILLS_OF_EACH_KIND).fill(k)).sort(() => Math.random() - 0.5);
    for (const [round, kind] of schedule.entries()) {
      const roundStarted = Date.now();
      const stopWriting = keepWriting(readers, stories, writers, ledger);
      await sleep(200 + Math.random() * 800); // a random moment during the writes
      const running: AppRun = app;
      const postmaster = postmasterPid(dataDir);
      // The app by its handle: once it has exited (on its own, its PostgreSQL killed first) its pid may be another process's.
      const killApp = () => running.child.kill('SIGKILL');
      const killPostmaster = () => postmaster && isProcessAlive(postmaster) && kill9(postmaster);
      if (kind === 'app') killApp();
      if (kind === 'postgres') killPostmaster();
      if (kind === 'both') {
        const [first, second] = Math.random() < 0.5 ? [killApp, killPostmaster] : [killPostmaster, killApp];
        first();
        await sleep(Math.random() * 300);
        second();
      }
      if (kind === 'backend') kill9(appBackendPid(dataDir));

      if (kind === 'backend') {
        // PostgreSQL restarts its backends itself; the app stays up and serves again.
        await stopWriting();
        expect(await untilHealthy(running, 30_000), `round ${round}: the app after a backend was killed`).toEqual({ ok: true });
        progress(round, kind, roundStarted);
        continue;
      }
      // Its PostgreSQL killed under it, the app exits by itself (and would be restarted).
      const exitCode = await Promise.race([running.exited, sleep(20_000).then(() => 'still running' as const)]);
      if (kind === 'postgres') expect(exitCode, `round ${round}: the app after its PostgreSQL was killed`).toBe(1);
      await stopWriting();
      app = startApp(dataDir, port, env);
      expect(await untilHealthy(app), `round ${round}: the restart after a kill of ${kind}`).toEqual({ ok: true });
      progress(round, kind, roundStarted);
    }
    await readers[0]!.client.gql('{ viewer { id } }'); // the last start serves

    const db = await clusterClient(dataDir);
    try {
      // Signed-up readers and their sessions survived every kill.
      for (const reader of readers) expect((await reader.client.gql('{ viewer { id } }')).viewer?.id).toBe(reader.id);

      // Claps: no acknowledged one lost, none counted twice.
      const clapRows = new Map((await db.query<{ k: string; count: number }>(`select user_id || ' ' || post_id as k, count from claps`)).rows.map((r) => [r.k, r.count]));
      let acked = 0;
      for (const [key, { sent, ackedAt }] of ledger.claps) {
        const [reader, story] = key.split(' ');
        const row = clapRows.get(`${reader} ${story}`) ?? 0;
        acked += ackedAt.length;
        expect(row, `claps of ${key}: ${ackedAt.length} acknowledged`).toBeGreaterThanOrEqual(ackedAt.length);
        expect(row, `claps of ${key}: ${sent} sent`).toBeLessThanOrEqual(sent);
      }
      expect(acked).toBeGreaterThan(0);

      // Follows: each pair is in the state last acknowledged (or one asked for after it, unanswered).
      const followRows = new Set((await db.query<{ k: string }>(`select follower_id || ' ' || target_user_id as k from user_follows`)).rows.map((r) => r.k));
      for (const [key, { possible }] of ledger.follows) expect([...possible], `follow ${key}`).toContain(followRows.has(key));

      // Responses: every acknowledged one is there.
      const responseIds = new Set((await db.query<{ id: string }>('select id from posts where in_response_to_post_id is not null and deleted_at is null')).rows.map((r) => r.id));
      for (const r of ledger.responses) expect(responseIds.has(r.id), `response ${r.id}`).toBe(true);
      expect(ledger.responses.length + ledger.follows.size).toBeGreaterThan(0);

      // Counters equal their rows.
      const clapCounts = await db.query(`select p.id, p.clap_count, coalesce(sum(c.count), 0)::int as rows from posts p left join claps c on c.post_id = p.id
        group by p.id having p.clap_count <> coalesce(sum(c.count), 0)`);
      expect(clapCounts.rows).toEqual([]);
      const followCounts = await db.query(`select u.id, u.follower_count, u.following_count,
          (select count(*) from user_follows f where f.target_user_id = u.id)::int as followers,
          (select count(*) from user_follows f where f.follower_id = u.id)::int as following
        from users u`);
      expect(followCounts.rows.filter((r) => r.follower_count !== r.followers || r.following_count !== r.following)).toEqual([]);
      const ours = readers.map((r) => r.id);
      const newResponses = await db.query<{ id: string; n: number; added: number }>(
        `select p.id, p.responses_count as n, (select count(*) from posts r where r.in_response_to_post_id = p.id and r.creator_id = any($1) and r.deleted_at is null)::int as added
         from posts p where p.id = any($2)`,
        [ours, stories.map((s) => s.id)],
      );
      for (const s of newResponses.rows) expect(s.n, `responses_count of ${s.id}`).toBe(responsesBefore.get(s.id)! + s.added);
      process.stderr.write(
        `crash test: ${acked} claps, ` +
          `${ledger.follows.size} follow pairs, ${ledger.responses.length} responses acknowledged\n`,
      );
    } finally {
      await db.end();
    }

    // And it still stops cleanly.
    app.child.kill('SIGINT');
    expect(await app.exited).toBe(0);
  }, 600_000); // about a minute on a quiet machine, 3 to 4 on one shared by many builds
});
