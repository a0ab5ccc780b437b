import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { setPassword } from '../../src/modules/accounts/password.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { redirectTricks } from '../support/redirect-tricks.js';
import { testBrowser } from '../support/test-browser.js';

const MAIN = `http://${TEST_HOST}`;
type Gql = { data?: Record<string, { __typename: string; redirect?: string; message?: string }>; errors?: { message: string }[] };

/** A Location (or a redirect a script will follow) that keeps the reader on this site. */
function expectOnSite(location: string | undefined) {
  expect(location).toBeDefined();
  expect(location!.startsWith('/') && !location!.startsWith('//')).toBe(true);
  expect(new URL(location!, MAIN).origin).toBe(MAIN);
  expect(new URL(location!.replace(/\\/g, '/'), MAIN).origin).toBe(MAIN);
}

/** Pieces of redirect targets that look like paths on the site and are not. */
const trickyTarget = fc
  .array(fc.constantFrom('/', '\\', '%2F', '%5C', '\t', '\n', '\r', ' ', '\u3000', '／', '@', ':', '.', 'evil.com', 'https:', 'é', '?', '#'), { minLength: 1, maxLength: 8 })
  .map((parts) => `/${parts.join('')}`);

/**
 * Every way a sign-in takes a `redirect` answers with a path on this site: the magic link's
 * Location, the password sign-in's answer (followed by window.location.assign) and the
 * sign-in page's Continue link.
 */
describe('redirects after sign-in', () => {
  let t: TestApp;
  const EMAIL = 'redirect.reader@example.com';
  const PASSWORD = 'correct horse battery staple';
  beforeAll(async () => {
    // Many sign-ins from one address: the abuse limits are not what is tested here.
    t = await createTestApp({ AUTH_RATE_LIMIT_FACTOR: '1000' });
    const userId = await createUser(t.database.db, { name: 'Redirect Reader', username: 'redirect_reader', email: EMAIL });
    await setPassword(t.database.db, { userId, newPassword: PASSWORD, signedInAt: new Date() });
  });

  const SEND = `mutation($email: String!, $redirect: String) { sendAcctAuthEmail(email: $email, operation: login, redirect: $redirect) { __typename } }`;
  const LOGIN = `mutation($email: String!, $password: String!, $redirect: String) { loginWithPassword(email: $email, password: $password, redirect: $redirect) {
    __typename ... on SignedIn { redirect } ... on BadRequest { message } } }`;

  async function magicLinkLocation(redirect: string) {
    const b = testBrowser<Gql>(t.app);
    expect((await b.gql(SEND, { email: EMAIL, redirect })).data!.sendAcctAuthEmail!.__typename).toBe('SusiMethod');
    const { rows } = await t.database.pool.query<{ text_body: string }>('select text_body from email_outbox where to_address = $1 order by created_at desc limit 1', [EMAIL]);
    const link = new URL(/(https?:\/\/\S+\/m\/callback\/email\?token=[\w%-]+)/.exec(rows[0]!.text_body)![1]!);
    const res = await b.get(link.pathname + link.search);
    return { res, signedIn: b.jar.has('sid') };
  }

  /** Text no row can hold (a NUL) never reaches the sign-in commands: the GraphQL edge refuses it, below. */
  const storable = ([, target]: [string, string]) => !target.includes('\u0000');

  it.each(redirectTricks(MAIN).filter(storable))('the magic link sends %s home, signed in', async (_why, target) => {
    const { res, signedIn } = await magicLinkLocation(target);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(signedIn).toBe(true);
  });

  it('the magic link keeps a path on the site, and a same-site absolute URL as its path', async () => {
    expect((await magicLinkLocation('/@maya/a-story-0123456789ab?x=1#top')).res.headers.location).toBe('/@maya/a-story-0123456789ab?x=1#top');
    expect((await magicLinkLocation(`${MAIN}/me/settings`)).res.headers.location).toBe('/me/settings');
  });

  it('a non-ASCII path is encoded instead of failing the Location header and burning the link', async () => {
    const { res, signedIn } = await magicLinkLocation('/tag/café');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/tag/caf%C3%A9');
    expect(signedIn).toBe(true);
  });

  it('the magic link lands on the site whatever path-like target it carried (property)', async () => {
    await fc.assert(
      fc.asyncProperty(trickyTarget, async (target) => {
        const { res } = await magicLinkLocation(target);
        expect(res.statusCode).toBe(302);
        expectOnSite(res.headers.location);
      }),
      { numRuns: 25 },
    );
  });

  it('a NUL in the redirect is refused at the edge: no email is sent and no one is signed in', async () => {
    const b = testBrowser<Gql>(t.app);
    const before = await t.database.pool.query('select count(*)::int as n from email_outbox');
    const sent = await b.gql(SEND, { email: EMAIL, redirect: '/x\u0000' });
    const code = (r: { errors?: unknown }) => (r.errors as { extensions?: { code?: string } }[] | undefined)?.[0]?.extensions?.code;
    expect(code(sent)).toBe('BAD_USER_INPUT');
    const login = await b.gql(LOGIN, { email: EMAIL, password: PASSWORD, redirect: '/x\u0000' });
    expect(code(login)).toBe('BAD_USER_INPUT');
    expect(b.jar.has('sid')).toBe(false);
    expect((await t.database.pool.query('select count(*)::int as n from email_outbox')).rows).toEqual(before.rows);
  });

  it.each(redirectTricks(MAIN).filter(([why]) => why !== 'too long').filter(storable))('the password sign-in sends %s home', async (_why, target) => {
    const r = await testBrowser<Gql>(t.app).gql(LOGIN, { email: EMAIL, password: PASSWORD, redirect: target });
    expect(r.data!.loginWithPassword).toEqual({ __typename: 'SignedIn', redirect: '/' });
  });

  it('the password sign-in keeps a path on the site', async () => {
    const r = await testBrowser<Gql>(t.app).gql(LOGIN, { email: EMAIL, password: PASSWORD, redirect: '/new-story' });
    expect(r.data!.loginWithPassword).toEqual({ __typename: 'SignedIn', redirect: '/new-story' });
  });

  it("the sign-in page's Continue link for a signed-in reader stays on the site", async () => {
    const b = testBrowser<Gql>(t.app);
    expect((await b.gql(LOGIN, { email: EMAIL, password: PASSWORD })).data!.loginWithPassword!.__typename).toBe('SignedIn');
    for (const target of ['/\t/evil.com', '//evil.com', '/%2F%2Fevil.com', 'https:evil.com']) {
      const page = await b.get(`/m/signin?redirect=${encodeURIComponent(target)}`);
      expect(page.statusCode).toBe(200);
      const href = /<a href="([^"]*)">Continue<\/a>/.exec(page.body)?.[1];
      expect(href, target).toBe('/');
    }
  });
});
