import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/db.js';
import { longStory } from '../../../tests/support/writing.js';
import { createUser } from '../accounts/commands.js';
import type { Database } from '../../platform/db/client.js';
import { createDraft } from './drafts.js';
import { publishPost } from './publish.js';

/** Every statement sent to the database, with the connection it went through. */
function recordStatements(pool: pg.Pool) {
  const log: { client: number; text: string }[] = [];
  const texts = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string }).text ?? '')).trim().toLowerCase();
  const poolQuery = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    log.push({ client: 0, text: texts(args[0]) });
    return poolQuery(...args);
  };
  let clients = 0;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as unknown as { connect: unknown }).connect = async () => {
    const client = await connect();
    const id = ++clients;
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      log.push({ client: id, text: texts(args[0]) });
      return query(...args);
    };
    // The pool hands the same client out again: restore it so only this run is recorded.
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      (client as unknown as { query: unknown }).query = query;
      client.release = release;
      return release(err);
    };
    return client;
  };
  return {
    log,
    stop() {
      (pool as unknown as { query: unknown }).query = poolQuery;
      (pool as unknown as { connect: unknown }).connect = connect;
    },
  };
}

describe('publishPost', () => {
  let database: Database;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = await createUser(database.db, { name: 'Ann', username: 'ann', email: 'ann@example.com' });
  });

  it('publishes a 3,000-word story in one transaction on one connection', async () => {
    const draft = await createDraft(database.db, userId, { title: 'A long story', subtitle: 'Three thousand words', paragraphs: longStory(3000) });
    if (draft.kind !== 'saved') throw new Error(draft.kind);
    const recorder = recordStatements(database.pool);
    let result;
    try {
      result = await publishPost(database.db, userId, draft.postId, { tags: ['Long Reads', 'Essays', 'Writing'], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' });
    } finally {
      recorder.stop();
    }
    expect(result.kind).toBe('published');
    const { log } = recorder;
    expect(log[0]?.text).toBe('begin');
    expect(log.at(-1)?.text).toBe('commit');
    expect(log.filter((s) => s.text === 'begin' || s.text === 'commit')).toHaveLength(2);
    // Every statement on the transaction's connection: nothing ran outside it.
    expect(new Set(log.map((s) => s.client)).size).toBe(1);
    expect(log[0]!.client).not.toBe(0);
    // Lock, latest revision, posts row, tags (create + count), revision mark: a handful of round trips.
    expect(log.length).toBeLessThanOrEqual(9);
    const row = (await database.pool.query('select published_rev, reading_time, tags from posts where id = $1', [draft.postId])).rows[0];
    expect(row).toMatchObject({ published_rev: 1, tags: ['long-reads', 'essays', 'writing'] });
    expect(row.reading_time).toBeGreaterThan(11);
  });

  it('leaves nothing behind when the publish is refused inside its transaction', async () => {
    const draft = await createDraft(database.db, userId, { title: 'Pictures', subtitle: '', paragraphs: longStory(120) });
    if (draft.kind !== 'saved') throw new Error(draft.kind);
    // A new preview title writes a revision before the preview image is found missing: both roll back.
    const refused = await publishPost(database.db, userId, draft.postId, {
      tags: ['Photography'],
      visibility: 'PUBLIC',
      isLocked: false,
      allowResponses: true,
      license: 'CC_40_BY',
      previewTitle: 'Renamed',
      previewImageId: 'demo/missing.svg',
    });
    expect(refused).toEqual({ kind: 'bad-request', message: 'The preview image must be one of the images in the story.' });
    const row = (await database.pool.query('select title, latest_rev, published_rev, first_published_at, license from posts where id = $1', [draft.postId])).rows[0];
    expect(row).toEqual({ title: 'Pictures', latest_rev: 1, published_rev: null, first_published_at: null, license: 'ALL_RIGHTS_RESERVED' });
    expect((await database.pool.query('select count(*)::int as n from post_revisions where post_id = $1', [draft.postId])).rows[0].n).toBe(1);
    expect((await database.pool.query("select count(*)::int as n from tags where slug = 'photography'")).rows[0].n).toBe(0);
  });
});
