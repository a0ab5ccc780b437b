import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTODON_SERVER_REQUIRED, mastodonConnectionError } from '../../src/modules/accounts/social-mastodon.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { startFakeMastodon, type FakeMastodon } from '../support/fake-oauth-providers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

/** Sign-in with Mastodon: any server, the site registered there on first use, under the SSRF rules. */
describe('social sign-in with Mastodon', () => {
  let server: FakeMastodon;
  let t: TestApp;
  beforeAll(async () => {
    server = await startFakeMastodon();
    // The stand-in listens on loopback, which only FETCH_ALLOW_ADDRESSES lets through.
    t = await createTestApp({ MASTODON_SIGN_IN: '1', FETCH_ALLOW_ADDRESSES: '127.0.0.1' });
  });
  afterAll(() => server.close());

  async function signIn(b: TestBrowser, instance: string, operation = 'register') {
    const start = await b.get(`/m/connect/mastodon?operation=${operation}&redirect=%2F&instance=${encodeURIComponent(instance)}`);
    expect(start.statusCode).toBe(302);
    return start;
  }
  async function completeAtServer(b: TestBrowser, start: Awaited<ReturnType<typeof signIn>>) {
    const res = await fetch(start.headers.location!, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`http://${TEST_HOST}/m/callback/mastodon`);
    return b.get(back.pathname + back.search);
  }
  const signedInName = async (b: TestBrowser) => (await b.gql('{ viewer { name } }')).data?.viewer?.name as string | undefined;

  it('offers a server field on the sign-in page that works without script', async () => {
    const page = await testBrowser(t.app).get('/m/signin?operation=register');
    expect(page.body).toMatch(/<form[^>]*action="\/m\/connect\/mastodon" method="get"/);
    expect(page.body).toContain('Sign up with Mastodon');
    expect(page.body).toContain('name="instance"');
  });

  it('registers the site with a new server once, then signs the reader up and in by their account there', async () => {
    server.signedIn = { id: '109', name: 'Mira Toot' };
    const b = testBrowser(t.app);
    const start = await signIn(b, `http://127.0.0.1:${new URL(server.origin).port}`);
    const authUrl = new URL(start.headers.location!);
    expect(authUrl.origin).toBe(server.origin);
    expect(authUrl.searchParams.get('scope')).toBe('read:accounts');
    expect(server.apps).toHaveLength(1);
    expect(server.apps[0]).toMatchObject({ name: 'Inkwell', redirectUri: `http://${TEST_HOST}/m/callback/mastodon` });
    const done = await completeAtServer(b, start);
    expect(done.headers.location).not.toMatch(/error=/);
    expect(await signedInName(b)).toBe('Mira Toot');
    const { rows } = await t.database.pool.query('select provider, issuer, subject, email from connected_accounts where subject = $1', ['109']);
    expect(rows).toEqual([{ provider: 'mastodon', issuer: server.origin, subject: '109', email: null }]);

    // The next reader on that server reuses the registration.
    const again = testBrowser(t.app);
    await completeAtServer(again, await signIn(again, `${server.origin}/`));
    expect(server.apps).toHaveLength(1);
    expect(await signedInName(again)).toBe('Mira Toot');
    expect(server.calls.filter((c) => c.path === '/oauth/token').every((c) => /^[\w-]{43}$/.test(c.params.code_verifier ?? ''))).toBe(true);
  });

  it('asks for a server when none is given, and says so when it cannot be reached', async () => {
    const b = testBrowser(t.app);
    const none = await b.get('/m/connect/mastodon?operation=login&redirect=%2F');
    expect(decodeURIComponent(none.headers.location!)).toContain(MASTODON_SERVER_REQUIRED);
    const closed = await signIn(b, 'http://127.0.0.1:1', 'login');
    expect(decodeURIComponent(closed.headers.location!.replace(/\+/g, ' '))).toContain(mastodonConnectionError('127.0.0.1:1'));
  });

  it('never reaches a private address a reader names (no http, no internal hosts)', async () => {
    const b = testBrowser(t.app);
    // http is refused outright for addresses not explicitly allowed.
    expect(decodeURIComponent((await signIn(b, 'http://10.0.0.7', 'login')).headers.location!)).toContain(MASTODON_SERVER_REQUIRED);
    // https to a private address is refused by the fetch rules before any connection.
    const internal = await signIn(b, '10.0.0.7', 'login');
    expect(decodeURIComponent(internal.headers.location!)).toContain(mastodonConnectionError('10.0.0.7'));
    const { rows } = await t.database.pool.query("select count(*)::int as n from mastodon_apps where instance = '10.0.0.7'");
    expect(rows[0].n).toBe(0);
  });
});
