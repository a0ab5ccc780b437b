import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { buildApp, type Renderer } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { announceUsersChanged } from '../../src/server/write-invalidation.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { endMembership, grantMembership } from '../support/membership.js';
import { newReader, newStory } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

const CONTENT = `query($id: ID!) { postResult(id: $id) { ... on Post { content { isLockedPreviewOnly } } } }`;
const KEEP = { SESSION_CACHE_SECONDS: '60' };

/**
 * A membership changed outside the member's own requests (a worker's renewal or lapse sweep, a
 * provider's webhook) takes effect on the next request in every process: two app instances on
 * one database, sharing pub/sub as a site's processes do, both keeping sessions for a minute.
 */
describe('membership changes reach every process', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let postId: string;

  beforeAll(async () => {
    a = await createTestApp(KEEP);
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', CAPTCHA_PROVIDER: 'none', ...KEEP });
    b = await buildApp({ config, db: a.database.db, logger: createLogger('silent'), loadRenderer: async () => (await import('../../src/web/entry-server.js')) as Renderer });
    await b.ready();
    const author = await newReader(t(), 'Writer');
    postId = await newStory(t(), author.id, { isLocked: true, paragraphs: Array.from({ length: 6 }, (_, i) => ({ name: `p${i}`, type: 'P', text: `Paragraph ${i}.`, markups: [] })) });
  });
  afterAll(() => b.close());
  const t = () => a;

  /** One reader signed in on both processes (one session, as a load balancer spreads it). */
  async function readerOnBoth(): Promise<{ id: string; onA: TestBrowser; onB: TestBrowser }> {
    const reader = await newReader(a, 'Both');
    const { token } = await createSession(a.database.db, reader.id, { userAgent: 'test', ip: '203.0.113.7' });
    const onA = testBrowser(a.app);
    const onB = testBrowser(b);
    onA.jar.set('sid', token);
    onB.jar.set('sid', token);
    return { id: reader.id, onA, onB };
  }
  const previewOnly = async (browser: TestBrowser) => (await browser.gql(CONTENT, { id: postId })).data.postResult.content.isLockedPreviewOnly as boolean;

  it('keeps a session without the announcement: a membership written elsewhere is not seen within the cache time', async () => {
    const r = await readerOnBoth();
    expect([await previewOnly(r.onA), await previewOnly(r.onB)]).toEqual([true, true]);
    await grantMembership(a.database.db, r.id);
    // Both processes answer from their kept session (this is why the membership module announces).
    expect([await previewOnly(r.onA), await previewOnly(r.onB)]).toEqual([true, true]);
  });

  it('a purchase announced after commit: the next request in both processes reads the whole story', async () => {
    const r = await readerOnBoth();
    expect([await previewOnly(r.onA), await previewOnly(r.onB)]).toEqual([true, true]);
    await grantMembership(a.database.db, r.id);
    await announceUsersChanged([r.id]);
    expect([await previewOnly(r.onA), await previewOnly(r.onB)]).toEqual([false, false]);
  });

  it('an ended membership announced by a sweep: the next request in both processes gets the preview', async () => {
    const r = await readerOnBoth();
    await grantMembership(a.database.db, r.id);
    expect([await previewOnly(r.onA), await previewOnly(r.onB)]).toEqual([false, false]);
    await endMembership(a.database.db, r.id);
    await announceUsersChanged([r.id]);
    expect([await previewOnly(r.onA), await previewOnly(r.onB)]).toEqual([true, true]);
  });

  it('announces a sweep’s batch of many users in several messages, each user forgotten', async () => {
    const r = await readerOnBoth();
    expect(await previewOnly(r.onB)).toBe(true);
    await grantMembership(a.database.db, r.id);
    const others = Array.from({ length: 2500 }, (_, i) => `absent${i}`);
    await announceUsersChanged([...others, r.id, r.id]);
    expect(await previewOnly(r.onB)).toBe(false);
  });
});
