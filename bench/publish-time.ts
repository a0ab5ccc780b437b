/**
 * Server time of publishing a 3,000-word story (issue target: ≤ 50 ms), measured through
 * the real GraphQL endpoint (Fastify inject: no network, everything else as served) on a
 * durable embedded PostgreSQL, or on DATABASE_URL when set. Each round saves an edit (a
 * new revision) and then publishes it; only the publish is timed.
 *
 *   npx tsx bench/publish-time.ts [rounds]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createUser } from '../src/modules/accounts/commands.js';
import { createSession } from '../src/modules/accounts/sessions.js';
import { createLogger } from '../src/platform/logger/index.js';
import { buildApp, type Renderer } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { startDatabase } from '../src/server/database.js';
import { longStory } from '../tests/support/writing.js';

const rounds = Number(process.argv[2] ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-publish-bench-'));
// Run as root, the embedded cluster runs as user postgres, which must reach its directory.
fs.chmodSync(dataDir, 0o755);
const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '0', PORT: '3000', CAPTCHA_PROVIDER: 'none' });
const logger = createLogger('silent');
const database = await startDatabase(config, logger);
// Only GraphQL is measured: no page is rendered, so no renderer is loaded.
const noPages = () => {
  throw new Error('this benchmark renders no pages');
};
const app = await buildApp({ config, db: database.db, logger, loadRenderer: async () => ({ render: noPages, renderServerError: noPages }) as unknown as Renderer });

try {
  await app.ready();
  const userId = await createUser(database.db, { name: 'Bench Writer', username: `bench${Date.now()}`, email: `bench${Date.now()}@example.com` });
  const { token } = await createSession(database.db, userId, { userAgent: 'bench', ip: '127.0.0.1' });
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/_/graphql', headers: { host: config.mainHost, cookie: `sid=${token}`, 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) });
    const body = res.json() as { data?: Record<string, { __typename: string; postId?: string; latestRev?: number }>; errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data!;
  };
  const paragraphs = longStory(3000);
  const created = await gql('mutation($p: [ParagraphInput!]!) { createDraft(title: "A long story", subtitle: "Timed", paragraphs: $p) { __typename ... on SavedDraft { postId latestRev } } }', { p: paragraphs });
  const postId = created.createDraft!.postId!;
  let rev = created.createDraft!.latestRev!;
  const publish = `mutation($id: ID!) { publishPost(postId: $id, input: { tags: ["Long Reads", "Essays", "Writing"], visibility: PUBLIC, isLocked: false, allowResponses: true, license: "ALL_RIGHTS_RESERVED" }) { __typename ... on Post { id latestPublishedAt } } }`;
  const save = 'mutation($id: ID!, $rev: Int!, $p: [ParagraphInput!]!) { saveDraft(postId: $id, baseRev: $rev, title: "A long story", subtitle: "Timed", paragraphs: $p) { __typename ... on SavedDraft { latestRev } } }';
  const times: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < rounds + 5; i++) {
    // Baseline: a signed-in GraphQL call that does no work, through the same path.
    const b = performance.now();
    await gql('query { viewer { id } }', {});
    if (i >= 5) baseline.push(performance.now() - b);
    paragraphs[1] = { ...paragraphs[1]!, text: `${paragraphs[1]!.text.replace(/ edit\d+$/, '')} edit${i}` };
    rev = (await gql(save, { id: postId, rev, p: paragraphs })).saveDraft!.latestRev!;
    const start = performance.now();
    const r = await gql(publish, { id: postId });
    const ms = performance.now() - start;
    if (r.publishPost!.__typename !== 'Post') throw new Error(JSON.stringify(r));
    if (i >= 5) times.push(ms); // the first rounds warm up the JIT and the prepared plans
  }
  const at = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!.toFixed(1);
  const words = paragraphs.reduce((n, p) => n + p.text.split(/\s+/).filter(Boolean).length, 0);
  console.log(`publishPost of a ${words}-word story, ${rounds} rounds (${config.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL, fsync on'}):`);
  console.log(`  publish   median ${at(times, 0.5)} ms   p95 ${at(times, 0.95)} ms   max ${at(times, 1)} ms   (target ≤ 50 ms)`);
  console.log(`  baseline  median ${at(baseline, 0.5)} ms   p95 ${at(baseline, 0.95)} ms   (query { viewer { id } }: the request path without the work)`);
} finally {
  await app.close();
  await database.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
