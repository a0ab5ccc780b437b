import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { grantMembership } from '../support/membership.js';
import { testBrowser } from '../support/test-browser.js';
import { person, story, type Json } from './search-fixtures.js';

const PREVIEW = ['The harbor at first light is quiet.', 'Boats come in one by one.', 'Gulls follow the last of them.'];
const LOCKED = ['Past the breakwater the spice merchants of Zanzibar unload saffron.', 'Only members read this far.'];

/** Member-only stories are found by their whole text, but their locked words reach only readers who may read them. */
describe('search of member-only stories', () => {
  let t: TestApp;
  let author: string;
  let member: string;
  let reader: string;
  let postId: string;

  /** The search-only key GraphQL gives a signed-in user (or a visitor), as the page asks for it. */
  async function keyFor(userId: string | null): Promise<{ appId: string; apiKey: string; expiresAt: string }> {
    const browser = testBrowser(t.app);
    if (userId) browser.jar.set('sid', (await createSession(t.database.db, userId, { userAgent: 'test', ip: '203.0.113.5' })).token);
    const answer = await browser.gql('query SearchKey { searchKey { appId apiKey expiresAt } }');
    return answer.data.searchKey;
  }

  async function search(userId: string | null, params: Record<string, unknown>): Promise<{ text: string; body: Json }> {
    const key = await keyFor(userId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/1/indexes/*/queries',
      headers: { 'x-algolia-application-id': key.appId, 'x-algolia-api-key': key.apiKey, 'content-type': 'text/plain' },
      payload: JSON.stringify({ requests: [{ indexName: 'posts', ...params }] }),
    });
    expect(res.statusCode).toBe(200);
    return { text: res.body, body: res.json() };
  }

  const everything = { attributesToRetrieve: ['*', 'content'], attributesToHighlight: ['*'], attributesToSnippet: ['content:40'] };

  beforeAll(async () => {
    t = await createTestApp();
    author = await person(t, 'Locked Author', 'lockedauthor');
    member = await person(t, 'A Member', 'amember');
    reader = await person(t, 'A Reader', 'areader');
    await grantMembership(t.database.db, member);
    postId = await story(t, author, { title: 'Harbor mornings', body: [...PREVIEW, ...LOCKED], isLocked: true, claps: 3 });
  });

  it('gives a signed-in reader and a visitor the story for a locked word, without any locked text', async () => {
    for (const who of [reader, null]) {
      const { body } = await search(who, { query: 'zanzibar', ...everything });
      const hits = body.results[0].hits;
      // Everything but the echo of the reader's own query.
      const text = JSON.stringify({ ...body.results[0], query: null, params: null });
      expect(hits.map((h: Json) => h.objectID)).toEqual([postId]);
      expect(hits[0].isLocked).toBe(true);
      expect(hits[0].content).toBe(PREVIEW.join(' '));
      for (const word of ['zanzibar', 'saffron', 'breakwater', 'merchants', 'members read']) expect(text.toLowerCase()).not.toContain(word);
    }
  });

  it('highlights the preview for such readers', async () => {
    const { body } = await search(reader, { query: 'harbor', ...everything });
    expect(body.results[0].hits[0]._snippetResult.content.value).toContain('The <em>harbor</em> at first light');
    expect(body.results[0].hits[0]._highlightResult.title.value).toBe('<em>Harbor</em> mornings');
  });

  it('shows members and the author the locked passage that matched', async () => {
    for (const who of [member, author]) {
      const { body } = await search(who, { query: 'zanzibar', ...everything });
      const hit = body.results[0].hits[0];
      expect(hit._snippetResult.content.value).toContain('<em>Zanzibar</em> unload saffron');
      expect(hit._snippetResult.content.matchLevel).toBe('full');
    }
  });

  it('hands out keys that cannot be widened to another viewer', async () => {
    const key = await keyFor(reader);
    expect(key.appId).toBe('INKWELL');
    expect(Date.parse(key.expiresAt) - Date.now()).toBeGreaterThan(50 * 60_000);
    const [prefix, payload, mac] = key.apiKey.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.u).toBe(reader);
    const forged = `${prefix}.${Buffer.from(JSON.stringify({ ...claims, u: member })).toString('base64url')}.${mac}`;
    const res = await t.app.inject({ method: 'POST', url: '/1/indexes/posts/query', headers: { 'x-algolia-application-id': 'INKWELL', 'x-algolia-api-key': forged }, payload: JSON.stringify({ query: 'zanzibar' }) });
    expect(res.statusCode).toBe(403);
  });
});
