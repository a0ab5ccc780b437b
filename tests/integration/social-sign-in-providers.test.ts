import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { startFakeApple, startFakeFacebook, startFakeX, type FakeApple, type FakeProvider } from '../support/fake-oauth-providers.js';

const APP_ORIGIN = `http://${TEST_HOST}`;

/** Sign-in with Facebook, X and Apple, end to end against stand-ins that check what the real ones check. */
describe('social sign-in with Facebook, X and Apple', () => {
  let facebook: FakeProvider;
  let x: FakeProvider;
  let apple: FakeApple;
  let t: TestApp;
  beforeAll(async () => {
    facebook = await startFakeFacebook({ clientId: 'fb-app', clientSecret: 'fb-secret' });
    x = await startFakeX({ clientId: 'x-app', clientSecret: 'x-secret' });
    apple = await startFakeApple({ clientId: 'com.example.inkwell', teamId: 'TEAM123456', keyId: 'KEY1234567' });
    t = await createTestApp({
      FACEBOOK_CLIENT_ID: 'fb-app',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
      FACEBOOK_DIALOG_URL: `${facebook.origin}/dialog/oauth`,
      FACEBOOK_GRAPH_URL: facebook.origin,
      X_CLIENT_ID: 'x-app',
      X_CLIENT_SECRET: 'x-secret',
      X_AUTHORIZE_URL: `${x.origin}/i/oauth2/authorize`,
      X_API_URL: `${x.origin}/2`,
      APPLE_CLIENT_ID: 'com.example.inkwell',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      // As one line, the way an environment variable holds it.
      APPLE_PRIVATE_KEY: apple.sitePrivateKeyPem.replace(/\n/g, '\\n'),
      APPLE_ISSUER: apple.origin,
    });
  });
  afterAll(() => Promise.all([facebook.close(), x.close(), apple.close()]));

  function browser() {
    const jar = new Map<string, string>();
    const headers = () => ({ host: TEST_HOST, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') });
    const keep = (setCookie: string | string[] | undefined) => {
      for (const c of [setCookie ?? []].flat()) {
        const [name, ...value] = c.split(';')[0]!.split('=');
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
      async postForm(url: string, fields: Record<string, string>) {
        const res = await t.app.inject({ method: 'POST', url, headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
        keep(res.headers['set-cookie']);
        return res;
      },
      async viewer() {
        const res = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { ...headers(), 'content-type': 'application/json' }, payload: JSON.stringify({ query: '{ viewer { name email: emailObfuscated connectedAccounts { provider label } } }' }) });
        return (res.json() as { data: { viewer: { name: string; email: string | null; connectedAccounts: { provider: string; label: string }[] } | null } }).data.viewer;
      },
    };
  }
  type Browser = ReturnType<typeof browser>;

  /** Starts at /m/connect/{name}, lets the provider authorize, and returns its redirect back to the app. */
  async function authorizeAt(b: Browser, name: string, provider: FakeProvider) {
    const start = await b.get(`/m/connect/${name}?operation=register&redirect=%2Fme%2Fstories`);
    expect(start.statusCode).toBe(302);
    const authUrl = new URL(start.headers.location!);
    expect(authUrl.origin).toBe(provider.origin);
    const res = await fetch(authUrl, { redirect: 'manual' });
    return { authUrl, res };
  }

  const linkOf = async (subject: string) =>
    (await t.database.pool.query<{ provider: string; issuer: string; email: string | null; name: string }>('select c.provider, c.issuer, c.email, u.name from connected_accounts c join users u on u.id = c.user_id where c.subject = $1', [subject])).rows[0];

  it('offers the three buttons on the sign-in page', async () => {
    const page = await browser().get('/m/signin?operation=register');
    for (const label of ['Facebook', 'X', 'Apple']) expect(page.body).toContain(`Sign up with ${label}`);
  });

  it('Facebook: a new reader signs up with their confirmed address, through a token exchange with PKCE and appsecret_proof', async () => {
    facebook.signedIn = { id: 'fb-1001', name: 'Fiona Book', email: 'Fiona@Example.com' };
    const b = browser();
    const { authUrl, res } = await authorizeAt(b, 'facebook', facebook);
    expect(authUrl.searchParams.get('scope')).toBe('email,public_profile');
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_ORIGIN}/m/callback/facebook`);
    const callback = await b.get(back.pathname + back.search);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).not.toMatch(/error=/);
    expect(await linkOf('fb-1001')).toEqual({ provider: 'facebook', issuer: 'https://www.facebook.com', email: 'fiona@example.com', name: 'Fiona Book' });
    expect((await b.viewer())?.name).toBe('Fiona Book');
    const me = facebook.calls.find((c) => c.path === '/me')!;
    expect(me.params.appsecret_proof).toMatch(/^[0-9a-f]{64}$/);
    expect(facebook.calls.find((c) => c.path === '/oauth/access_token')!.params.code_verifier).toMatch(/^[\w-]{43}$/);
  });

  it('X: signs in again as the same reader by the X id, with or without an address', async () => {
    x.signedIn = { id: 'x-42', name: 'Xavier Post' };
    const first = browser();
    let { res } = await authorizeAt(first, 'twitter', x);
    let back = new URL(res.headers.get('location')!);
    expect((await first.get(back.pathname + back.search)).statusCode).toBe(302);
    expect(await linkOf('x-42')).toEqual({ provider: 'twitter', issuer: 'https://x.com', email: null, name: 'Xavier Post' });
    const token = x.calls.find((c) => c.path === '/2/oauth2/token')!;
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from('x-app:x-secret').toString('base64')}`);

    const again = browser();
    ({ res } = await authorizeAt(again, 'twitter', x));
    back = new URL(res.headers.get('location')!);
    await again.get(back.pathname + back.search);
    const { rows } = await t.database.pool.query<{ n: number }>("select count(*)::int as n from connected_accounts where subject = 'x-42'");
    expect(rows[0]!.n).toBe(1);
    expect((await again.viewer())?.name).toBe('Xavier Post');
  });

  it('refuses a callback whose code was already used or whose flow cookie is missing', async () => {
    x.signedIn = { id: 'x-77', name: 'Replay Attempt' };
    const b = browser();
    const { res } = await authorizeAt(b, 'twitter', x);
    const back = new URL(res.headers.get('location')!);
    const stolen = browser(); // no flow cookie
    const refused = await stolen.get(back.pathname + back.search);
    expect(refused.headers.location).toMatch(/^\/m\/signin\?error=/);
    const ok = await b.get(back.pathname + back.search);
    expect(ok.statusCode).toBe(302);
    expect(await b.viewer()).not.toBeNull();
  });

  it('Apple: the answer comes as a form POST; the client secret is an ES256 JWT; the name comes from the first answer', async () => {
    apple.signedIn = { id: '001234.abcdef', name: 'Anna Apfel', email: 'anna@privaterelay.example.com' };
    apple.sendUserField = true;
    const b = browser();
    const { authUrl, res } = await authorizeAt(b, 'apple', apple);
    expect(authUrl.searchParams.get('response_mode')).toBe('form_post');
    expect(res.status).toBe(200);
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    expect(action).toBe(`${APP_ORIGIN}/m/callback/apple`);
    const fields = Object.fromEntries([...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));
    // The flow cookie must reach a cross-site POST.
    const flowCookie = b.jar.get('oauth_flow');
    expect(flowCookie).toBeTruthy();
    const callback = await b.postForm('/m/callback/apple', fields);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).not.toMatch(/error=/);
    expect(await linkOf('001234.abcdef')).toEqual({ provider: 'apple', issuer: apple.origin, email: 'anna@privaterelay.example.com', name: 'Anna Apfel' });
    const secret = apple.calls.find((c) => c.path === '/auth/token')!.params.client_secret!;
    expect(JSON.parse(Buffer.from(secret.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
  });

  it('Apple: a form body is accepted on the callback only; elsewhere it stays refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'query=%7B__typename%7D' });
    expect(res.statusCode).toBe(415);
  });
});
