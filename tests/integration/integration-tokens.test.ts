import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

type Gql = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
type TokenJson = { id: string; name: string; createdAt: number; lastUsedAt: number | null };

const CREATE = `mutation($name: String!) { createIntegrationToken(name: $name) {
  __typename ... on IntegrationTokenCreated { secret token { id name createdAt lastUsedAt } } ... on BadRequest { message } } }`;
const REVOKE = 'mutation($id: ID!) { revokeIntegrationToken(id: $id) }';
const LIST = '{ viewer { id integrationTokens { id name createdAt lastUsedAt } } }';
const ME = '{ viewer { id name } }';
const FORBIDDEN = 'Sign in on the website to do this.';
const SECRET = /^ink_[A-Za-z0-9_-]{43}$/;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Integration tokens: made in Settings, used by scripts with Authorization: Bearer. */
describe('integration tokens', () => {
  let t: TestApp;
  let adaId: string;
  let bobId: string;

  beforeAll(async () => {
    t = await createTestApp();
    adaId = await createUser(t.database.db, { name: 'Ada Reader', username: 'ada', email: 'ada@example.com' });
    bobId = await createUser(t.database.db, { name: 'Bob Other', username: 'bob', email: 'bob@example.com' });
  });

  async function post(headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) {
    const res = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ query, variables }) });
    return { status: res.statusCode, body: res.json() as Gql, headers: res.headers };
  }
  /** A browser signed in as `userId`. */
  async function browser(userId: string) {
    const { token } = await createSession(t.database.db, userId, { userAgent: 'test', ip: '203.0.113.9' });
    return { cookie: `sid=${token}`, gql: async (q: string, v?: Record<string, unknown>) => (await post({ cookie: `sid=${token}` }, q, v)).body };
  }
  /** A script holding `secret`. */
  const script = (secret: string) => ({
    post: (q: string, v?: Record<string, unknown>) => post({ authorization: `Bearer ${secret}` }, q, v),
    gql: async (q: string, v?: Record<string, unknown>) => (await post({ authorization: `Bearer ${secret}` }, q, v)).body,
  });
  async function create(b: { gql(q: string, v?: Record<string, unknown>): Promise<Gql> }, name: string) {
    const r = (await b.gql(CREATE, { name })).data!.createIntegrationToken as { __typename: string; secret: string; token: TokenJson; message?: string };
    return r;
  }
  const row = async (id: string) =>
    (await t.database.pool.query<{ user_id: string; name: string; token_hash: string; last_used_at: Date | null; revoked_at: Date | null }>('select * from integration_tokens where id = $1', [id])).rows[0]!;
  const liveCount = async (userId: string) =>
    (await t.database.pool.query<{ n: number }>('select count(*)::int as n from integration_tokens where user_id = $1 and revoked_at is null', [userId])).rows[0]!.n;

  it('creates a token whose secret is returned once and stored only as its SHA-256', async () => {
    const ada = await browser(adaId);
    const r = await create(ada, '  Deploy\nscript  ');
    expect(r.__typename).toBe('IntegrationTokenCreated');
    expect(r.secret).toMatch(SECRET);
    expect(r.token).toMatchObject({ name: 'Deploy script', lastUsedAt: null });
    expect(r.token.id).toMatch(/^[0-9a-f]{12}$/);
    const stored = await row(r.token.id);
    expect(stored).toMatchObject({ user_id: adaId, name: 'Deploy script', token_hash: sha256(r.secret), last_used_at: null, revoked_at: null });
    const everything = JSON.stringify((await t.database.pool.query('select * from integration_tokens')).rows);
    expect(everything).not.toContain(r.secret);
    expect(everything).not.toContain(r.secret.slice(4));
    // The list never carries the secret again.
    const list = (await ada.gql(LIST)).data!.viewer as { integrationTokens: TokenJson[] };
    expect(list.integrationTokens[0]).toEqual(r.token);
    expect(JSON.stringify(list)).not.toContain(r.secret);
  });

  it('lists the viewer’s live tokens, newest first, and nobody else’s', async () => {
    const bob = await browser(bobId);
    const first = await create(bob, 'First');
    const second = await create(bob, 'Second');
    const list = ((await bob.gql(LIST)).data!.viewer as { integrationTokens: TokenJson[] }).integrationTokens;
    expect(list.map((x) => x.name)).toEqual(['Second', 'First']);
    expect(list.map((x) => x.id)).toEqual([second.token.id, first.token.id]);
    const ada = await browser(adaId);
    const adas = ((await ada.gql(LIST)).data!.viewer as { integrationTokens: TokenJson[] }).integrationTokens;
    expect(adas.map((x) => x.id)).not.toContain(first.token.id);
    // Someone else's account: null, as for connected accounts.
    const theirs = await ada.gql(`{ userResult(id: "${bobId}") { ... on User { integrationTokens { id } } } }`);
    expect(theirs.data).toEqual({ userResult: { integrationTokens: null } });
    expect((await post({}, LIST)).body.data).toEqual({ viewer: null });
  });

  it('signs a Bearer request in as the token’s reader and records when it was used', async () => {
    const ada = await browser(adaId);
    const { secret, token } = await create(ada, 'Reader');
    const before = Date.now();
    const r = await script(secret).post(ME);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ viewer: { id: adaId, name: 'Ada Reader' } });
    const used = (await row(token.id)).last_used_at!;
    expect(used.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Within a few minutes a request does not write again.
    await script(secret).post(ME);
    expect((await row(token.id)).last_used_at!.getTime()).toBe(used.getTime());
    const listed = ((await ada.gql(LIST)).data!.viewer as { integrationTokens: TokenJson[] }).integrationTokens.find((x) => x.id === token.id)!;
    expect(listed.lastUsedAt).toBe(used.getTime());
    // An older last use is brought up to date.
    await t.database.pool.query("update integration_tokens set last_used_at = now() - interval '6 minutes' where id = $1", [token.id]);
    await script(secret).post(ME);
    expect((await row(token.id)).last_used_at!.getTime()).toBeGreaterThanOrEqual(used.getTime());
  });

  it('acts for the reader in mutations, which still need a JSON body', async () => {
    const ada = await browser(adaId);
    const { secret } = await create(ada, 'Profile bot');
    const profile = `mutation { updateProfile(name: "Ada Lovelace", pronouns: [], bio: "Set by a script.") { __typename ... on User { id name bio } } }`;
    const r = await script(secret).gql(profile);
    expect(r.data!.updateProfile).toEqual({ __typename: 'User', id: adaId, name: 'Ada Lovelace', bio: 'Set by a script.' });
    const plain = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'text/plain', authorization: `Bearer ${secret}` }, payload: JSON.stringify({ query: profile }) });
    expect(plain.statusCode).toBe(400);
    await t.database.pool.query("update users set name = 'Ada Reader', bio = '' where id = $1", [adaId]);
  });

  it('uses the token alone: a cookie sent alongside it is ignored', async () => {
    const ada = await browser(adaId);
    const bob = await browser(bobId);
    const { secret } = await create(ada, 'Alongside');
    const r = await post({ authorization: `Bearer ${secret}`, cookie: bob.cookie }, '{ viewer { id } viewerSessions { id } }');
    expect(r.body.data?.viewer).toEqual({ id: adaId });
    expect(r.body.errors?.[0]).toMatchObject({ message: FORBIDDEN, extensions: { code: 'FORBIDDEN' } });
    // An unknown token with a good cookie is still refused, never the cookie's reader.
    const unknown = await post({ authorization: `Bearer ink_${'A'.repeat(43)}`, cookie: bob.cookie }, ME);
    expect(unknown.status).toBe(401);
  });

  it.each([
    ['an unknown token', `ink_${'x'.repeat(43)}`],
    ['a malformed token', 'not-a-token'],
    ['an empty token', ''],
  ])('answers %s with 401 Invalid token.', async (_label, secret) => {
    const r = await post({ authorization: `Bearer ${secret}`.trim() }, ME);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ errors: [{ message: 'Invalid token.' }] });
    expect(r.headers['www-authenticate']).toBe('Bearer');
  });

  it('leaves other schemes and other routes to the cookie', async () => {
    const ada = await browser(adaId);
    const basic = await post({ authorization: 'Basic dXNlcjpwYXNz', cookie: ada.cookie }, ME);
    expect(basic.body.data).toEqual({ viewer: { id: adaId, name: 'Ada Reader' } });
    const { secret } = await create(ada, 'Pages');
    const page = await t.app.inject({ method: 'GET', url: '/me/settings', headers: { host: TEST_HOST, authorization: `Bearer ${secret}` } });
    expect(page.statusCode).toBe(302);
  });

  it('stops a revoked token at once: 401 for every request', async () => {
    const ada = await browser(adaId);
    const { secret, token } = await create(ada, 'Short-lived');
    expect((await script(secret).post(ME)).status).toBe(200);
    expect((await ada.gql(REVOKE, { id: token.id })).data).toEqual({ revokeIntegrationToken: true });
    expect((await row(token.id)).revoked_at).not.toBeNull();
    for (const q of [ME, '{ isLoggedIn }', 'mutation { updateProfile(name: "X", pronouns: [], bio: "") { __typename } }']) {
      const r = await script(secret).post(q);
      expect(r.status, q).toBe(401);
      expect(r.body, q).toEqual({ errors: [{ message: 'Invalid token.' }] });
    }
    const listed = ((await ada.gql(LIST)).data!.viewer as { integrationTokens: TokenJson[] }).integrationTokens;
    expect(listed.map((x) => x.id)).not.toContain(token.id);
    expect((await ada.gql(REVOKE, { id: token.id })).data).toEqual({ revokeIntegrationToken: false });
  });

  it('cannot manage tokens, sessions, password, two-factor, connected accounts, the email address or the account', async () => {
    const ada = await browser(adaId);
    const { secret, token } = await create(ada, 'Limited');
    const s = script(secret);
    const before = await liveCount(adaId);
    const sessionsBefore = (await t.database.pool.query('select count(*)::int as n from sessions where user_id = $1', [adaId])).rows[0].n as number;
    for (const [query, variables] of [
      [CREATE, { name: 'Minted by a token' }],
      [REVOKE, { id: token.id }],
      [LIST, {}],
      ['{ viewerSessions { id ip } }', {}],
      ['mutation { endOtherSessions }', {}],
      ['mutation($id: ID!) { endSession(sessionId: $id) }', { id: '0123456789abcdef' }],
      ['mutation { setPassword(newPassword: "a long new passphrase") { __typename } }', {}],
      ['mutation { startTwoFactorSetup { __typename } }', {}],
      ['mutation { confirmTwoFactorSetup(code: "123456") { __typename } }', {}],
      ['mutation { disableTwoFactor(code: "123456") { __typename } }', {}],
      ['mutation { disconnectAccount(provider: "google") { __typename } }', {}],
      ['mutation { changeEmail(email: "thief@example.com") { __typename } }', {}],
      ['mutation { sendVerificationEmail }', {}],
      ['mutation { deactivateAccount }', {}],
      ['mutation { deleteAccount(confirmation: "ada") { __typename } }', {}],
    ] as const) {
      const r = await s.gql(query, variables);
      expect(r.errors?.[0], query).toMatchObject({ message: FORBIDDEN, extensions: { code: 'FORBIDDEN' } });
    }
    expect(await liveCount(adaId)).toBe(before);
    expect((await row(token.id)).revoked_at).toBeNull();
    expect((await t.database.pool.query('select count(*)::int as n from sessions where user_id = $1', [adaId])).rows[0].n).toBe(sessionsBefore);
    expect((await t.database.pool.query('select password_hash from user_credentials where user_id = $1', [adaId])).rows[0]?.password_hash ?? null).toBeNull();
    // What is not about signing in still works.
    expect((await s.gql('{ viewer { id hasPassword } }')).data).toEqual({ viewer: { id: adaId, hasPassword: false } });
  });

  it('refuses a name that is empty or over 50 characters, and a 21st live token', async () => {
    const carol = await createUser(t.database.db, { name: 'Carol', username: 'carol', email: 'carol@example.com' });
    const b = await browser(carol);
    expect(await create(b, '   ')).toEqual({ __typename: 'BadRequest', message: 'Give the token a name.' });
    expect(await create(b, 'n'.repeat(51))).toEqual({ __typename: 'BadRequest', message: 'A token name can be at most 50 characters.' });
    const fifty = `${'n'.repeat(48)}é📚`;
    expect((await create(b, fifty)).token.name).toBe(fifty);
    for (let i = 2; i <= 20; i++) expect((await create(b, `Token ${i}`)).__typename).toBe('IntegrationTokenCreated');
    const tooMany = await create(b, 'Twenty-first');
    expect(tooMany).toEqual({ __typename: 'BadRequest', message: 'You can have at most 20 integration tokens. Revoke one you no longer use first.' });
    expect(await liveCount(carol)).toBe(20);
    // A revoked token frees its place.
    const list = ((await b.gql(LIST)).data!.viewer as { integrationTokens: TokenJson[] }).integrationTokens;
    expect(list).toHaveLength(20);
    await b.gql(REVOKE, { id: list[0]!.id });
    expect((await create(b, 'Twenty-first')).__typename).toBe('IntegrationTokenCreated');
  });

  it('does not let another reader revoke a token, or anyone signed out create one', async () => {
    const ada = await browser(adaId);
    const bob = await browser(bobId);
    const { secret, token } = await create(ada, 'Mine');
    expect((await bob.gql(REVOKE, { id: token.id })).data).toEqual({ revokeIntegrationToken: false });
    expect((await bob.gql(REVOKE, { id: 'ffffffffffff' })).data).toEqual({ revokeIntegrationToken: false });
    expect((await row(token.id)).revoked_at).toBeNull();
    expect((await script(secret).post(ME)).body.data).toEqual({ viewer: { id: adaId, name: 'Ada Reader' } });
    for (const [q, v] of [[CREATE, { name: 'x' }], [REVOKE, { id: token.id }]] as const) {
      const r = (await post({}, q, v)).body;
      expect(r.errors?.[0]?.extensions?.code, q).toBe('UNAUTHORIZED');
    }
  });

  it('renders the Security tab with the tokens section: names and use, never a secret', async () => {
    const erin = await createUser(t.database.db, { name: 'Erin', username: 'erin', email: 'erin@example.com' });
    const b = await browser(erin);
    const { secret } = await create(b, 'Nightly <export>');
    await script(secret).post(ME);
    const res = await t.app.inject({ method: 'GET', url: '/me/settings/security', headers: { host: TEST_HOST, cookie: b.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="tokens"');
    expect(res.body).toContain('Nightly &lt;export&gt;');
    expect(res.body).toMatch(/Last used [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(res.body).not.toContain(secret);
  });

  it('pauses a deactivated account’s tokens until the reader is back', async () => {
    const fay = await createUser(t.database.db, { name: 'Fay', username: 'fay', email: 'fay@example.com' });
    const { secret } = await create(await browser(fay), 'Paused');
    await t.database.pool.query('update users set deactivated_at = now() where id = $1', [fay]);
    expect((await script(secret).post(ME)).status).toBe(401);
    await t.database.pool.query('update users set deactivated_at = null where id = $1', [fay]);
    expect((await script(secret).post(ME)).body.data).toEqual({ viewer: { id: fay, name: 'Fay' } });
  });

  it('deletes a reader’s tokens with the account', async () => {
    const dan = await createUser(t.database.db, { name: 'Dan', username: 'dan', email: 'dan@example.com' });
    const { secret } = await create(await browser(dan), 'Gone soon');
    await t.database.pool.query('delete from users where id = $1', [dan]);
    expect(await liveCount(dan)).toBe(0);
    expect((await script(secret).post(ME)).status).toBe(401);
  });
});
