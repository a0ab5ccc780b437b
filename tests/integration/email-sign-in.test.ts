import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { sendAuthEmail, verifyLoginCode } from '../../src/modules/accounts/email-auth.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser } from '../support/test-browser.js';

type Gql = { data?: Record<string, { __typename: string; message?: string; value?: string }>; errors?: { message: string }[] };

/** Email sign-in end to end through the real app: GraphQL, the outbox, the callback, sessions. */
describe('email sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.database.db, { name: 'Known Reader', username: 'known', email: 'known@example.com' });
  });

  const browser = () => testBrowser<Gql>(t.app);

  const SEND = `mutation($email: String!, $operation: SusiOperation, $fullName: String, $redirect: String) {
    sendAcctAuthEmail(email: $email, operation: $operation, fullName: $fullName, redirect: $redirect) { __typename ... on SusiMethod { value } ... on BadRequest { message } ... on NotFound { message } } }`;
  const VERIFY = `mutation($code: String!) { verifyLoginCode(loginCode: $code) { __typename ... on Token { value } ... on BadRequest { message } ... on NotFound { message } ... on TooManyRequests { message } } }`;

  async function lastEmailTo(address: string): Promise<{ code: string; link: string; subject: string } | null> {
    const { rows } = await t.database.pool.query<{ subject: string; text_body: string }>(
      'select subject, text_body from email_outbox where to_address = $1 order by created_at desc limit 1',
      [address],
    );
    if (!rows[0]) return null;
    const code = /\b(\d{6})\b/.exec(rows[0].text_body)?.[1] ?? '';
    const link = /(https?:\/\/\S+\/m\/callback\/email\?token=[\w%-]+)/.exec(rows[0].text_body)?.[1] ?? '';
    return { code, link: new URL(link).pathname + new URL(link).search, subject: rows[0].subject };
  }
  const emailCount = async (address: string) =>
    (await t.database.pool.query<{ n: number }>('select count(*)::int as n from email_outbox where to_address = $1', [address])).rows[0]!.n;

  it('rejects an invalid address with the spec text and sends nothing', async () => {
    const b = browser();
    const r = await b.gql(SEND, { email: '  not-an-email ', operation: 'register' });
    expect(r.data!.sendAcctAuthEmail).toEqual({ __typename: 'BadRequest', message: 'Please enter a valid email address.' });
    for (const bad of ['a@b.c', 'a@b', '@b.co', 'a b@c.de']) {
      expect((await b.gql(SEND, { email: bad })).data!.sendAcctAuthEmail!.__typename, bad).toBe('BadRequest');
    }
  });

  it('tells the sign-up form whether an address is taken (EmailAvailability)', async () => {
    const b = browser();
    const q = 'query($e: String!) { emailAvailability(email: $e) { email isAvailable } }';
    expect((await b.gql(q, { e: ' KNOWN@example.com ' })).data!.emailAvailability).toEqual({ email: 'known@example.com', isAvailable: false });
    expect((await b.gql(q, { e: 'free@example.com' })).data!.emailAvailability).toEqual({ email: 'free@example.com', isAvailable: true });
    expect((await b.gql(q, { e: 'not an email' })).data!.emailAvailability).toBeNull();
  });

  it('signing in with an unknown address is the unrecognized-email step, and sends nothing', async () => {
    const r = await browser().gql(SEND, { email: 'stranger@example.com', operation: 'login' });
    expect(r.data!.sendAcctAuthEmail).toEqual({ __typename: 'NotFound', message: "Sorry, we didn't recognize that email." });
    expect(await emailCount('stranger@example.com')).toBe(0);
  });

  it('signing up with a known address answers like any sign-up (no enumeration) and emails a sign-in', async () => {
    const r = await browser().gql(SEND, { email: 'Known@Example.com ', operation: 'register', fullName: 'Someone Else' });
    expect(r.data!.sendAcctAuthEmail).toEqual({ __typename: 'SusiMethod', value: 'EMAIL_LINK_AND_CODE' });
    expect((await lastEmailTo('known@example.com'))!.subject).toBe('Sign in to Inkwell');
  });

  it('signs up with the code: account created, session cookie set, viewer known, redirect kept', async () => {
    const b = browser();
    // From a skipOnboarding=1 entry point (spec §6) a new account goes straight back (topics-onboarding.test.ts covers the rest).
    const sent = await b.gql(SEND, { email: ' New.Reader@Example.com', operation: 'register', fullName: 'Nóra Reader', redirect: '/@known?skipOnboarding=1' });
    expect(sent.data!.sendAcctAuthEmail!.__typename).toBe('SusiMethod');
    expect(b.jar.has('auth_attempt')).toBe(true);
    const mail = (await lastEmailTo('new.reader@example.com'))!;
    expect(mail.code).toMatch(/^\d{6}$/);

    expect((await b.gql(VERIFY, { code: '12345' })).data!.verifyLoginCode).toEqual({ __typename: 'BadRequest', message: 'Login code must be 6 digits.' });
    const ok = (await b.gql(VERIFY, { code: mail.code })).data!.verifyLoginCode!;
    expect(ok.__typename).toBe('Token');

    const callback = await b.get(`/m/callback/email?token=${encodeURIComponent(ok.value!)}`);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/@known');
    const cookie = [callback.headers['set-cookie']].flat().find((c) => c!.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);

    const me = await b.gql('{ viewer { name username emailObfuscated } isLoggedIn }');
    expect(me.data).toEqual({ viewer: { name: 'Nóra Reader', username: 'norareader', emailObfuscated: 'n••••••@example.com' }, isLoggedIn: true });

    // The token, the code and the link all die once used.
    expect((await b.get(`/m/callback/email?token=${encodeURIComponent(ok.value!)}`)).headers.location).toMatch(/^\/m\/signin\?error=/);
    expect((await b.get(mail.link)).headers.location).toMatch(/^\/m\/signin\?error=/);
  });

  it('signs in with the magic link, once, and the server renders the signed-in header', async () => {
    const b = browser();
    await b.gql(SEND, { email: 'known@example.com', operation: 'login' });
    const mail = (await lastEmailTo('known@example.com'))!;
    const first = await b.get(mail.link);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/');
    const page = await b.get('/explore-topics');
    expect(page.body).toContain('"viewer":{"id"');
    expect(page.body).toContain('Known Reader');
    const again = await browser().get(mail.link);
    expect(again.headers.location).toMatch(/^\/m\/signin\?error=/);
  });

  it('allows 5 wrong codes, then refuses even the right one, and a new code keeps the count', async () => {
    const b = browser();
    await b.gql(SEND, { email: 'known@example.com', operation: 'login' });
    const { code } = (await lastEmailTo('known@example.com'))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await b.gql(VERIFY, { code: wrong })).data!.verifyLoginCode!.message, `try ${i}`).toBe('Invalid code.');
    expect((await b.gql(VERIFY, { code: wrong })).data!.verifyLoginCode).toEqual({ __typename: 'TooManyRequests', message: 'Too many attempts. Please try again later.' });
    expect((await b.gql(VERIFY, { code })).data!.verifyLoginCode!.__typename).toBe('TooManyRequests');

    await b.gql(SEND, { email: 'known@example.com', operation: 'login' });
    const fresh = (await lastEmailTo('known@example.com'))!;
    expect((await b.gql(VERIFY, { code: fresh.code })).data!.verifyLoginCode!.__typename).toBe('TooManyRequests');
  });

  it('counts aliased guesses in one request one by one', async () => {
    const b = browser();
    await b.gql(SEND, { email: 'aliases@example.com', operation: 'register' });
    const { code } = (await lastEmailTo('aliases@example.com'))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const fields = Array.from({ length: 8 }, (_, i) => `g${i}: verifyLoginCode(loginCode: "${wrong}") { __typename }`).join(' ');
    const r = await b.gql(`mutation { ${fields} }`);
    const kinds = Object.values(r.data!).map((v) => v.__typename);
    expect(kinds).toEqual(['NotFound', 'NotFound', 'NotFound', 'NotFound', 'TooManyRequests', 'TooManyRequests', 'TooManyRequests', 'TooManyRequests']);
    const { rows } = await t.database.pool.query<{ n: number }>("select max(failed_code_tries)::int as n from email_auth_attempts where email = 'aliases@example.com'");
    expect(rows[0]!.n).toBe(5);
  });

  it('binds a code to the browser that asked for it', async () => {
    const asker = browser();
    await asker.gql(SEND, { email: 'bound@example.com', operation: 'register' });
    const { code } = (await lastEmailTo('bound@example.com'))!;
    expect((await browser().gql(VERIFY, { code })).data!.verifyLoginCode).toEqual({ __typename: 'NotFound', message: 'Invalid code.' });
    expect((await asker.gql(VERIFY, { code })).data!.verifyLoginCode!.__typename).toBe('Token');
  });

  it('expires the code after 10 minutes and the link after 24 hours', async () => {
    const now = new Date('2026-11-01T10:00:00Z');
    const sent = await sendAuthEmail(t.database.db, { email: 'clock@example.com', operation: 'register', origin: 'http://x', siteName: 'Inkwell', now });
    if (sent.kind !== 'sent') throw new Error('not sent');
    const { code } = (await lastEmailTo('clock@example.com'))!;
    const later = (ms: number) => new Date(now.getTime() + ms);
    expect(await verifyLoginCode(t.database.db, { attemptId: sent.attemptId, code, now: later(10 * 60 * 1000) })).toEqual({ kind: 'not-found', message: 'This code has expired. Ask for a new one.' });
    expect((await verifyLoginCode(t.database.db, { attemptId: sent.attemptId, code, now: later(10 * 60 * 1000 - 1) })).kind).toBe('token');
  });

  it('signs out with the xsrf token only, and the old cookie is dead', async () => {
    const b = browser();
    await b.gql(SEND, { email: 'known@example.com', operation: 'login' });
    await b.get((await lastEmailTo('known@example.com'))!.link);
    const sid = b.jar.get('sid')!;
    const page = await b.get('/explore-topics');
    const xsrf = /"xsrf":"([^"]+)"/.exec(page.body)![1]!;

    await b.get('/m/signout/not-the-token');
    expect((await b.gql('{ isLoggedIn }')).data!.isLoggedIn).toBe(true);
    const out = await b.get('/m/signout');
    expect(out.statusCode).toBe(302);
    expect(t.logs.map((l) => l.msg)).toContain('No xsrf token found.');

    const res = await b.get(`/m/signout/${xsrf}`);
    expect(res.statusCode).toBe(302);
    expect((await b.gql('{ isLoggedIn }')).data!.isLoggedIn).toBe(false);
    b.jar.set('sid', sid); // replaying the old cookie does not help
    expect((await b.gql('{ isLoggedIn }')).data!.isLoggedIn).toBe(false);
  });
});
