import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { STALE_FLOW_MESSAGE } from '../../src/modules/accounts/social-http.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { signInAtProvider } from '../support/oidc-login.js';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js';

const APP_ORIGIN = `http://${TEST_HOST}`;
type Gql = { data?: Record<string, unknown>; errors?: { message: string; extensions?: { code?: string } }[] };

/** Social sign-in end to end: the app (in-process) against a real OpenID provider on a loopback port. */
describe('social sign-in with OpenID Connect', () => {
  let op: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    op = await startOidcProvider({
      clients: [{ clientId: 'inkwell', clientSecret: 'test-secret', redirectUris: [`${APP_ORIGIN}/m/callback/oidc`] }],
      accounts: [
        { sub: 'sub-ada', email: 'ada@example.com', name: 'Ada Lovelace' },
        { sub: 'sub-new', email: 'newcomer@example.com', name: 'New Comer' },
        { sub: 'sub-known', email: 'known@example.com', name: 'Known Elsewhere' },
        { sub: 'sub-unverified', email: 'owner@example.com', emailVerified: false, name: 'Not Verified' },
        { sub: 'sub-writer', email: 'writer.elsewhere@example.com', name: 'Writer' },
        { sub: 'sub-2fa', email: 'careful@example.com', name: 'Careful Reader' },
      ],
    });
    t = await createTestApp({ OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID: 'inkwell', OIDC_CLIENT_SECRET: 'test-secret', OIDC_NAME: 'Test ID' });
    await createUser(t.database.db, { name: 'Known Reader', username: 'known', email: 'known@example.com' });
    await createUser(t.database.db, { name: 'Owner', username: 'owner', email: 'owner@example.com' });
  });
  afterAll(() => op.close());

  /** A browser on the app: keeps its cookies across requests. */
  function browser() {
    const jar = new Map<string, string>();
    const headers = () => ({ host: TEST_HOST, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') });
    const keep = (setCookie: string | string[] | undefined) => {
      for (const c of [setCookie ?? []].flat()) {
        const [pair] = c.split(';');
        const [name, ...value] = pair!.split('=');
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name!.trim());
        else jar.set(name!.trim(), value.join('='));
      }
    };
    return {
      jar,
      async get(url: string) {
        const res = await t.app.inject({ method: 'GET', url, headers: headers() });
        keep(res.headers['set-cookie']);
        return res;
      },
      async gql(query: string, variables: Record<string, unknown> = {}): Promise<Gql> {
        const res = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { ...headers(), 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) });
        return res.json() as Gql;
      },
    };
  }
  type Browser = ReturnType<typeof browser>;

  /** /m/connect/oidc in `b`, the provider's pages as `email`, then the callback in `b` (or another browser). */
  async function social(b: Browser, operation: string, email: string, opts: { redirect?: string; editAuthUrl?(url: URL): void; callbackIn?: Browser } = {}) {
    const start = await b.get(`/m/connect/oidc?operation=${operation}${opts.redirect ? `&redirect=${encodeURIComponent(opts.redirect)}` : ''}`);
    expect(start.statusCode).toBe(302);
    const authUrl = new URL(start.headers.location!);
    opts.editAuthUrl?.(authUrl);
    const callback = await signInAtProvider(authUrl.href, email, { appOrigin: APP_ORIGIN });
    return (opts.callbackIn ?? b).get(callback);
  }

  const links = async (subject: string) =>
    (await t.database.pool.query<{ user_id: string; provider: string; issuer: string; email: string | null }>('select user_id, provider, issuer, email from connected_accounts where subject = $1', [subject])).rows;
  const userIdByEmail = async (email: string) => (await t.database.pool.query<{ id: string }>('select id from users where email = $1', [email])).rows[0]?.id;
  const VIEWER = '{ viewer { id name username connectedAccounts { provider label email } } }';

  it('lists the configured provider for the browser and offers its buttons on the sign-in page', async () => {
    const b = browser();
    expect((await b.gql('{ authProviders { name label } }')).data).toEqual({ authProviders: [{ name: 'oidc', label: 'Test ID' }] });
    const signIn = await b.get('/m/signin?operation=register&redirect=%2F%40known');
    expect(signIn.body).toContain('Sign up with Test ID');
    expect(signIn.body).toContain('href="/m/connect/oidc?operation=register&amp;redirect=%2F%40known"');
    expect(signIn.body).toContain('"authProviders":[{"name":"oidc","label":"Test ID"}]');
  });

  it('starts with PKCE (S256), a nonce and a state bound to this browser by a short-lived HttpOnly cookie', async () => {
    const start = await browser().get('/m/connect/oidc?operation=register&redirect=%2F%40known');
    const url = new URL(start.headers.location!);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('client_id')).toBe('inkwell');
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_ORIGIN}/m/callback/oidc`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('state')).toMatch(/^oidc\|%2F%40known\|register\|[\w-]{43}$/);
    const cookie = [start.headers['set-cookie']].flat().find((c) => c!.startsWith('oauth_flow='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/m\/callback/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('sends a request on another host of the site to the main host first, where the provider returns', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/m/connect/oidc?operation=login', headers: { host: '127.0.0.1:3000' } });
    expect(res.headers.location).toBe(`${APP_ORIGIN}/m/connect/oidc?operation=login`);
  });

  it('signs up: an account from the verified claims, linked by issuer and subject, signed in, at the redirect', async () => {
    const b = browser();
    const res = await social(b, 'register', 'ada@example.com', { redirect: '/@known?skipOnboarding=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/@known');
    expect(b.jar.has('sid')).toBe(true);
    expect(b.jar.has('oauth_flow')).toBe(false);
    const me = (await b.gql(VIEWER)).data!.viewer as { id: string };
    expect(me).toMatchObject({ name: 'Ada Lovelace', username: 'adalovelace', connectedAccounts: [{ provider: 'oidc', label: 'Test ID', email: 'ada@example.com' }] });
    expect(await userIdByEmail('ada@example.com')).toBe(me.id);
    expect(await links('sub-ada')).toEqual([{ user_id: me.id, provider: 'oidc', issuer: op.issuer, email: 'ada@example.com' }]);
  });

  it('signs the same identity in to the same account, with a new session each time', async () => {
    const first = browser();
    await social(first, 'login', 'ada@example.com');
    const second = browser();
    const res = await social(second, 'register', 'ada@example.com'); // sign-up with a known identity signs in
    expect(res.headers.location).toBe('/');
    const a = (await first.gql(VIEWER)).data!.viewer as { id: string };
    const b = (await second.gql(VIEWER)).data!.viewer as { id: string };
    expect(b.id).toBe(a.id);
    expect(first.jar.get('sid')).not.toBe(second.jar.get('sid'));
    expect((await t.database.pool.query('select 1 from users where email = $1', ['ada@example.com'])).rowCount).toBe(1);
  });

  it('lands on the site whatever redirect the flow started with', async () => {
    for (const redirect of ['/\t/evil.com', '//evil.com', '/\\evil.com', '/%2F%2Fevil.com', 'https:evil.com', `http://known@evil.com/`]) {
      const res = await social(browser(), 'login', 'ada@example.com', { redirect });
      expect([res.statusCode, res.headers.location], redirect).toEqual([302, '/']);
    }
    expect((await social(browser(), 'login', 'ada@example.com', { redirect: `${APP_ORIGIN}/@known` })).headers.location).toBe('/@known');
  });

  it('signing in with an identity no account has is the unrecognized-account step, which offers sign-up', async () => {
    const b = browser();
    const res = await social(b, 'login', 'newcomer@example.com', { redirect: '/@known' });
    expect(res.headers.location).toBe('/unrecognized-account?provider=oidc&redirect=%2F%40known');
    expect(b.jar.has('sid')).toBe(false);
    expect(await userIdByEmail('newcomer@example.com')).toBeUndefined();
    const page = await b.get(res.headers.location!);
    expect(page.body).toContain('Sorry, we didn&#x27;t recognize that account.');
    expect(page.body).toContain('Would you like to create a new account?');
    expect(page.body).toContain('href="/m/connect/oidc?operation=register&amp;redirect=%2F%40known"');
  });

  it('never signs in to an account by its email alone: a verified address with an account is "account taken"', async () => {
    for (const operation of ['register', 'login']) {
      const b = browser();
      const res = await social(b, operation, 'known@example.com', { redirect: '/@known' });
      const location = new URL(res.headers.location!, APP_ORIGIN);
      expect(location.pathname).toBe('/m/signin');
      expect(location.searchParams.get('redirect')).toBe('/@known');
      expect(location.searchParams.get('error')).toBe('An account with the email address of this Test ID account already exists. Sign in with your email, then connect Test ID in Settings.');
      expect(b.jar.has('sid')).toBe(false);
    }
    expect(await links('sub-known')).toEqual([]);
  });

  it('an unverified address is neither matched nor given to the new account', async () => {
    const b = browser();
    await social(b, 'register', 'owner@example.com');
    const me = (await b.gql(VIEWER)).data!.viewer as { id: string };
    expect(me).toMatchObject({ name: 'Not Verified', connectedAccounts: [{ provider: 'oidc', email: 'owner@example.com' }] });
    expect(me.id).not.toBe(await userIdByEmail('owner@example.com'));
    // Its only way in: disconnecting it is refused.
    const r = await b.gql('mutation { disconnectAccount(provider: "oidc") { __typename ... on BadRequest { message } } }');
    expect(r.data!.disconnectAccount).toEqual({ __typename: 'BadRequest', message: 'This is the only way to sign in to your account, so it stays connected.' });
    expect(await links('sub-unverified')).toHaveLength(1);
  });

  it('refuses a callback without the cookie of the browser that started it, a replay, or an edited state', async () => {
    const started = browser();
    const other = browser();
    const res = await social(started, 'login', 'ada@example.com', { callbackIn: other });
    expect(res.headers.location).toBe(`/m/signin?error=${encodeURIComponent(STALE_FLOW_MESSAGE)}`);
    expect(other.jar.has('sid')).toBe(false);

    const b = browser();
    const start = await b.get('/m/connect/oidc?operation=login&redirect=%2F%40known');
    const callback = await signInAtProvider(start.headers.location!, 'ada@example.com', { appOrigin: APP_ORIGIN });
    const edited = callback.replace(encodeURIComponent(encodeURIComponent('/@known')), encodeURIComponent(encodeURIComponent('/@evil')));
    expect(edited).not.toBe(callback);
    expect((await b.get(edited)).headers.location).toBe(`/m/signin?error=${encodeURIComponent(STALE_FLOW_MESSAGE)}`);
    // The cookie went with the first try: the genuine callback is refused now too.
    expect((await b.get(callback)).headers.location).toBe(`/m/signin?error=${encodeURIComponent(STALE_FLOW_MESSAGE)}`);
    expect(b.jar.has('sid')).toBe(false);
  });

  it('refuses an ID token for another nonce, and one whose signature does not match', async () => {
    const wrongNonce = browser();
    const res = await social(wrongNonce, 'login', 'ada@example.com', { editAuthUrl: (u) => u.searchParams.set('nonce', 'a'.repeat(43)) });
    expect(new URL(res.headers.location!, APP_ORIGIN).searchParams.get('error')).toBe('Something went wrong with Test ID. Please try again.');
    expect(wrongNonce.jar.has('sid')).toBe(false);

    op.tamperIdTokens = true;
    try {
      const tampered = browser();
      const r = await social(tampered, 'login', 'ada@example.com');
      expect(new URL(r.headers.location!, APP_ORIGIN).searchParams.get('error')).toBe('Something went wrong with Test ID. Please try again.');
      expect(tampered.jar.has('sid')).toBe(false);
    } finally {
      op.tamperIdTokens = false;
    }
    const refused = t.logs.filter((l) => l.msg === 'social sign-in: the provider’s answer was refused') as unknown as { err: { message: string } }[];
    expect(refused.map((l) => l.err.message)).toEqual([expect.stringMatching(/"nonce" claim/), expect.stringMatching(/signature verification failed/)]);
  });

  it('connects from Settings to the signed-in reader, refuses an identity of another account, and disconnects', async () => {
    const writerId = await createUser(t.database.db, { name: 'Wren Writer', username: 'wren', email: 'wren@example.com' });
    const b = browser();
    b.jar.set('sid', (await createSession(t.database.db, writerId, {})).token);

    const start = await b.get('/m/connect/oidc?operation=connect');
    expect(new URL(start.headers.location!).searchParams.get('state')).toMatch(new RegExp(`^oidc\\|%2Fme%2Fsettings%2Fsecurity\\|connect\\|${writerId}\\|`));
    const res = await social(b, 'connect', 'writer.elsewhere@example.com', { redirect: '/me/settings/security#connections' });
    expect(res.headers.location).toBe('/me/settings/security#connections');
    expect(await links('sub-writer')).toEqual([{ user_id: writerId, provider: 'oidc', issuer: op.issuer, email: 'writer.elsewhere@example.com' }]);
    const settings = await b.get('/me/settings/security');
    expect(settings.body).toContain('Connected accounts');
    expect(settings.body).toContain('writer.elsewhere@example.com');

    // Ada's identity belongs to Ada: spec §8 'already connected'.
    const taken = await social(b, 'connect', 'ada@example.com');
    expect(taken.headers.location).toBe('/me/settings/security?connectError=already%20connected&provider=oidc#connections');
    expect((await b.get(taken.headers.location!.replace('#connections', ''))).body).toContain('This Test ID account is already connected to another account.');
    expect((await links('sub-ada'))[0]!.user_id).not.toBe(writerId);

    const DISCONNECT = 'mutation { disconnectAccount(provider: "oidc") { __typename ... on User { id connectedAccounts { provider } } } }';
    expect((await b.gql(DISCONNECT)).data!.disconnectAccount).toEqual({ __typename: 'User', id: writerId, connectedAccounts: [] });
    expect(await links('sub-writer')).toEqual([]);
    expect((await b.gql(DISCONNECT)).data!.disconnectAccount).toEqual({ __typename: 'User', id: writerId, connectedAccounts: [] });
    expect((await browser().gql(DISCONNECT)).errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  });

  it('connecting signed out goes to sign-in first; other readers’ connected accounts are not shown', async () => {
    const res = await browser().get('/m/connect/oidc?operation=connect');
    expect(res.headers.location).toBe(`/m/signin?operation=login&redirect=${encodeURIComponent('/m/connect/oidc?operation=connect')}`);
    const adaId = await userIdByEmail('ada@example.com');
    const r = await browser().gql('query($id: ID) { userResult(id: $id) { ... on User { name connectedAccounts { provider } } } }', { id: adaId });
    expect(r.data!.userResult).toEqual({ name: 'Ada Lovelace', connectedAccounts: null });
  });

  it('asks for the two-factor code after the provider, as after a magic link', async () => {
    const b = browser();
    await social(b, 'register', 'careful@example.com');
    const userId = (await userIdByEmail('careful@example.com'))!;
    await t.database.pool.query("insert into user_credentials (user_id, totp_secret, totp_enabled_at) values ($1, 'JBSWY3DPEHPK3PXP', now())", [userId]);
    const later = browser();
    const res = await social(later, 'login', 'careful@example.com', { redirect: '/@known' });
    expect(res.headers.location).toMatch(/^\/m\/signin\?twoFactorChallenge=[\w%-]+$/);
    expect(later.jar.has('sid')).toBe(false);
  });

  it('returns quietly when the reader turns the provider down', async () => {
    const b = browser();
    const start = await b.get('/m/connect/oidc?operation=register&redirect=%2F%40known');
    const state = new URL(start.headers.location!).searchParams.get('state')!;
    const res = await b.get(`/m/callback/oidc?error=access_denied&state=${encodeURIComponent(state)}`);
    expect(res.headers.location).toBe('/m/signin?operation=register&redirect=%2F%40known');
  });
});
