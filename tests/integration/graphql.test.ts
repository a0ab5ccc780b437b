import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { CSRF_MUTATION_MESSAGE } from '../../src/server/graphql/csrf.js';
import { INTERNAL_ERROR_MESSAGE } from '../../src/server/graphql/errors.js';
import { createTestApp, type TestApp } from '../support/app.js';

const GRAPHQL = '/_/graphql';
const json = { 'content-type': 'application/json' };

type GqlResponse = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

describe('POST /_/graphql', () => {
  let t: TestApp;
  let postId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const creatorId = await createUser(t.database.db, { name: 'Ada Writer', username: 'ada', bio: 'Writes about engines.' });
    postId = await insertPublishedPost(t.database.db, {
      creatorId,
      title: 'Engines of thought',
      subtitle: 'On machines that compute',
      paragraphs: [{ name: 'a1b2', type: 'P', text: 'The analytical engine weaves algebraic patterns.', markups: [] }],
      tags: ['Computing'],
      publishedAt: new Date('2026-10-01T10:00:00Z'),
    });
  });

  const post = (payload: unknown, headers: Record<string, string> = json) =>
    t.app.inject({ method: 'POST', url: GRAPHQL, headers, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

  it('answers the shell queries: viewer is null when logged out, visitor has an id', async () => {
    const res = await post({ query: '{ viewer { id } visitor { id geolocation { country } } isLoggedIn }' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as GqlResponse;
    expect(body.errors).toBeUndefined();
    expect(body.data!.viewer).toBeNull();
    expect(body.data!.isLoggedIn).toBe(false);
    expect((body.data!.visitor as { id: string }).id).toMatch(/^lo_/);
  });

  it('reads a post and its creator, and returns NotFound for an unknown id', async () => {
    const res = await post({
      query: `query($id: ID!) { postResult(id: $id) { __typename ... on Post { id title readingTime creator { username name } } }
                missing: postResult(id: "000000000000") { __typename ... on NotFound { message } } }`,
      variables: { id: postId },
    });
    const body = res.json() as GqlResponse;
    expect(body.errors).toBeUndefined();
    expect(body.data!.postResult).toMatchObject({ __typename: 'Post', id: postId, title: 'Engines of thought', creator: { username: 'ada', name: 'Ada Writer' } });
    expect((body.data!.missing as { __typename: string }).__typename).toBe('NotFound');
  });

  it('looks users up by username or id', async () => {
    const res = await post({ query: '{ a: userResult(username: "ada") { __typename ... on User { id name } } b: userResult(username: "nobody") { __typename } }' });
    const body = res.json() as GqlResponse;
    expect(body.data!.a).toMatchObject({ __typename: 'User', name: 'Ada Writer' });
    expect(body.data!.b).toEqual({ __typename: 'NotFound' });
  });

  it('lists variant flags with typed values, seeded off', async () => {
    const res = await post({ query: '{ variantFlags { name valueType { __typename ... on VariantFlagBoolean { value } } } }' });
    const flags = (res.json() as GqlResponse).data!.variantFlags as { name: string; valueType: { __typename: string; value: boolean } }[];
    const onePub = flags.find((f) => f.name === 'enable_lite_publications');
    expect(onePub).toEqual({ name: 'enable_lite_publications', valueType: { __typename: 'VariantFlagBoolean', value: false } });
  });

  it('serves staff picks with paging', async () => {
    const res = await post({ query: '{ staffPicksFeed(paging: { limit: 4 }) { items { id title } } }' });
    const body = res.json() as GqlResponse;
    expect(body.errors).toBeUndefined();
    const items = (body.data!.staffPicksFeed as { items: { id: string }[] }).items;
    expect(items.map((i) => i.id)).toContain(postId);
  });

  describe('batching', () => {
    it('answers an array of operations with an array of results in order', async () => {
      const ops = Array.from({ length: 20 }, (_, i) => ({ query: `query Q${i} { n${i}: isLoggedIn }`, operationName: `Q${i}` }));
      const res = await post(ops);
      expect(res.statusCode).toBe(200);
      const body = res.json() as GqlResponse[];
      expect(body).toHaveLength(20);
      body.forEach((r, i) => expect(r.data).toEqual({ [`n${i}`]: false }));
    });

    it('rejects 21 operations with a clear 400', async () => {
      const ops = Array.from({ length: 21 }, () => ({ query: '{ isLoggedIn }' }));
      const res = await post(ops);
      expect(res.statusCode).toBe(400);
      expect((res.json() as GqlResponse).errors![0]!.message).toBe('A batch may hold at most 20 operations. This one holds 21.');
    });

    it('rejects an empty batch', async () => {
      const res = await post([]);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('limits', () => {
    it('rejects queries that are too deep', async () => {
      // post → creator → homepagePostsConnection → items → creator … repeated past the depth limit
      let selection = 'id';
      for (let i = 0; i < 8; i++) selection = `creator { homepagePostsConnection(paging: { limit: 1 }) { items { ${selection} } } }`;
      const res = await post({ query: `{ post(id: "${postId}") { ${selection} } }` });
      const body = res.json() as GqlResponse;
      expect(res.statusCode).toBe(400);
      expect(body.errors![0]!.message).toMatch(/is too deep: depth \d+ exceeds the maximum of 12\./);
      expect(body.errors![0]!.extensions?.code).toBe('QUERY_TOO_DEEP');
    });

    it('rejects queries with too many aliases', async () => {
      const fields = Array.from({ length: 31 }, (_, i) => `a${i}: isLoggedIn`).join(' ');
      const res = await post({ query: `query Many { ${fields} }` });
      const body = res.json() as GqlResponse;
      expect(res.statusCode).toBe(400);
      expect(body.errors![0]!.message).toBe("Operation 'Many' uses 31 aliases; the maximum is 30.");
    });

    it('rejects queries that are too expensive', async () => {
      const res = await post({
        query: `{ staffPicksFeed(paging: { limit: 100 }) { items { creator { homepagePostsConnection(paging: { limit: 100 }) { items { id title readingTime creator { id name } } } } } } }`,
      });
      const body = res.json() as GqlResponse;
      expect(res.statusCode).toBe(400);
      expect(body.errors![0]!.message).toMatch(/is too expensive: cost \d+ exceeds the maximum of 20000\./);
    });
  });

  describe('CSRF', () => {
    const mutation = { query: 'mutation { _ }' };

    it('rejects mutations sent as text/plain', async () => {
      for (const type of ['text/plain', 'text/plain;charset=UTF-8']) {
        const res = await post(JSON.stringify(mutation), { 'content-type': type });
        expect(res.statusCode, type).toBe(400);
        expect((res.json() as GqlResponse).errors![0]!.message).toBe(CSRF_MUTATION_MESSAGE);
      }
    });

    it('never executes form-encoded or multipart bodies (no parser: 415)', async () => {
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await post(`query=${encodeURIComponent(mutation.query)}`, { 'content-type': type });
        expect(res.statusCode, type).toBe(415);
        expect((res.json() as GqlResponse).data ?? null).toBeNull();
      }
    });

    it('rejects a mutation hidden in a text/plain batch', async () => {
      const res = await post(JSON.stringify([{ query: '{ isLoggedIn }' }, mutation]), { 'content-type': 'text/plain' });
      expect(res.statusCode).toBe(400);
    });

    it('rejects mutations over GET', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${GRAPHQL}?query=${encodeURIComponent('mutation { _ }')}` });
      expect(res.statusCode).toBe(405);
      expect((res.json() as GqlResponse).errors![0]!.message).toBe(CSRF_MUTATION_MESSAGE);
    });

    it('accepts queries as text/plain (no side effects) and mutations as JSON', async () => {
      const q = await post(JSON.stringify({ query: '{ isLoggedIn }' }), { 'content-type': 'text/plain' });
      expect(q.statusCode).toBe(200);
      const m = await post(mutation);
      expect(m.statusCode).toBe(200);
      expect((m.json() as GqlResponse).errors).toBeUndefined();
    });
  });
});

describe('error masking in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    // A real internal failure: the table a resolver reads is gone.
    await t.database.db.execute(sql`drop table posts cascade`);
  });

  it('hides internal error messages and stacks, keeping the path', async () => {
    const res = await t.app.inject({ method: 'POST', url: GRAPHQL, headers: json, payload: JSON.stringify({ query: '{ post(id: "0123456789ab") { id } }' }) });
    const text = res.body;
    const body = res.json() as GqlResponse;
    expect(body.errors![0]!.message).toBe(INTERNAL_ERROR_MESSAGE);
    expect(body.errors![0]!.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(text).not.toMatch(/posts|relation|stack|at .*\.ts/);
  });

  it('still tells clients what is wrong with their query', async () => {
    const res = await t.app.inject({ method: 'POST', url: GRAPHQL, headers: json, payload: JSON.stringify({ query: '{ noSuchField }' }) });
    expect(res.statusCode).toBe(400);
    expect((res.json() as GqlResponse).errors![0]!.message).toContain('noSuchField');
  });
});
