import { beforeAll, describe, expect, it } from 'vitest';
import { solvePow } from '../../src/shared/pow.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { sql } from './feeds-fixtures.js';

const SUBSCRIBE_BY_EMAIL = `mutation($id: ID!, $email: String!, $captcha: String, $redirect: String) {
  newsletterV3PublicationSubscribeByEmail(newsletterV3Id: $id, email: $email, captchaValue: $captcha, redirect: $redirect) {
    __typename ... on SusiMethod { value } ... on BadRequest { message } ... on FailedChallenge { message } ... on NotFound { message }
  }
}`;
const LAZY = `mutation($userId: ID!) { fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe(userId: $userId) { id subscriberCount } }`;

describe('newsletters: subscribing by email (double opt-in)', () => {
  let t: TestApp;
  let writer: Reader;
  let newsletterId: string;
  let ipSeq = 0;

  /** A solved proof of work, as the form's captcha-client sends it. */
  async function captcha(ip: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/_/graphql', remoteAddress: ip, headers: { host: TEST_HOST, 'content-type': 'application/json' }, payload: { query: '{ captchaChallenge { challenge difficulty } }' } });
    const c = res.json().data.captchaChallenge as { challenge: string; difficulty: number };
    return `${c.challenge}:${await solvePow(c.challenge, c.difficulty)}`;
  }

  /** The form's call from a visitor without a session; each test from a network of its own unless told. */
  async function subscribe(email: string, opts: { id?: string; captcha?: string | null; ip?: string; redirect?: string } = {}) {
    const ip = opts.ip ?? `198.51.100.${++ipSeq}`;
    const value = opts.captcha === undefined ? await captcha(ip) : opts.captcha;
    const res = await t.app.inject({
      method: 'POST',
      url: '/_/graphql',
      remoteAddress: ip,
      headers: { host: TEST_HOST, 'content-type': 'application/json', 'user-agent': 'journey-agent', 'inkwell-path': '/@writer/subscribe' },
      payload: { query: SUBSCRIBE_BY_EMAIL, variables: { id: opts.id ?? newsletterId, email, captcha: value, redirect: opts.redirect } },
    });
    return res.json().data.newsletterV3PublicationSubscribeByEmail as { __typename: string; value?: string; message?: string };
  }

  const mails = async (to: string) =>
    (await sql(t, `select subject, text_body, html_body, kind from email_outbox where to_address = $1 order by created_at`, [to])).rows as { subject: string; text_body: string; html_body: string; kind: string }[];
  const confirmPath = (text: string) => /\/_\/newsletters\/confirm\/[^\s]+/.exec(text)![0];
  const subscriber = async (email: string) =>
    (await sql(t, `select id, state, source, user_id, token_version from newsletter_subscribers where newsletter_id = $1 and email = $2`, [newsletterId, email])).rows[0];
  const consents = async (subscriberId: string) =>
    (await sql(t, `select action, email, notice, source, ip, user_agent from newsletter_consents where subscriber_id = $1 order by recorded_at, action desc`, [subscriberId])).rows;
  const count = async () => (await sql(t, `select subscriber_count from newsletters where id = $1`, [newsletterId])).rows[0].subscriber_count as number;

  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_PROVIDER: 'pow', CAPTCHA_POW_DIFFICULTY: '8' });
    writer = await newReader(t, 'Writer');
    await sql(t, `update users set name = 'Wren <Writer>' where id = $1`, [writer.id]);
    newsletterId = (await writer.browser.gql(LAZY, { userId: writer.id })).data.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe.id;
  });

  it('makes a PENDING subscriber with the consent notice and mails a confirmation link; the link makes it ACTIVE once', async () => {
    const before = await count();
    expect(await subscribe('  Visitor@Example.com ')).toEqual({ __typename: 'SusiMethod', value: 'EMAIL_CONFIRMATION_SENT' });
    const s = await subscriber('visitor@example.com');
    expect(s).toMatchObject({ state: 'PENDING', source: 'EMAIL_FORM', user_id: null });
    expect(await count()).toBe(before);
    const [subscribed] = await consents(s.id);
    expect(subscribed).toMatchObject({ action: 'SUBSCRIBE', email: 'visitor@example.com', source: '/@writer/subscribe', user_agent: 'journey-agent' });
    expect(subscribed.notice).toContain('shared with Wren <Writer>');
    const [mail] = await mails('visitor@example.com');
    expect(mail).toMatchObject({ kind: 'newsletter-confirm' });
    expect(mail!.subject).toContain('Confirm your subscription to');
    // The writer's name is text in the HTML part.
    expect(mail!.html_body).toContain('Wren &lt;Writer&gt;');
    expect(mail!.html_body).not.toContain('<Writer>');

    const link = confirmPath(mail!.text_body);
    const opened = await t.app.inject({ method: 'GET', url: link, headers: { host: TEST_HOST } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/^\/@writer_\w+\/subscribe\?subscribed=1$/);
    expect((await subscriber('visitor@example.com')).state).toBe('ACTIVE');
    expect(await count()).toBe(before + 1);
    // Opened again (a mail client's preview, a second click): nothing more happens.
    expect((await t.app.inject({ method: 'GET', url: link, headers: { host: TEST_HOST } })).statusCode).toBe(303);
    expect((await consents(s.id)).map((c) => c.action)).toEqual(['SUBSCRIBE', 'CONFIRM']);
    expect(await count()).toBe(before + 1);
    // Asking again once ACTIVE sends nothing and says the same.
    expect((await subscribe('visitor@example.com')).__typename).toBe('SusiMethod');
    expect(await mails('visitor@example.com')).toHaveLength(1);
  });

  it('follows the redirect given with the form (a path on this site only)', async () => {
    await subscribe('redirected@example.com', { redirect: 'https://evil.example/x' });
    await subscribe('redirected2@example.com', { redirect: '/@somewhere/else' });
    const far = await t.app.inject({ method: 'GET', url: confirmPath((await mails('redirected@example.com'))[0]!.text_body), headers: { host: TEST_HOST } });
    expect(far.headers.location).toBe('/?subscribed=1');
    const near = await t.app.inject({ method: 'GET', url: confirmPath((await mails('redirected2@example.com'))[0]!.text_body), headers: { host: TEST_HOST } });
    expect(near.headers.location).toBe('/@somewhere/else?subscribed=1');
  });

  it('refuses a forged or altered link with a clear page, changing nothing', async () => {
    await subscribe('forged@example.com');
    const link = confirmPath((await mails('forged@example.com'))[0]!.text_body);
    const altered = link.slice(0, -2) + (link.endsWith('AA') ? 'BB' : 'AA');
    const res = await t.app.inject({ method: 'GET', url: altered, headers: { host: TEST_HOST } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This confirmation link is not valid.');
    expect((await t.app.inject({ method: 'GET', url: '/_/newsletters/confirm/nonsense', headers: { host: TEST_HOST } })).statusCode).toBe(404);
    expect((await subscriber('forged@example.com')).state).toBe('PENDING');
  });

  it('refuses a link from before an unsubscribe (expired), and the new subscription has a link of its own', async () => {
    await subscribe('again@example.com');
    const first = confirmPath((await mails('again@example.com'))[0]!.text_body);
    const s = await subscriber('again@example.com');
    await sql(t, `update newsletter_subscribers set state = 'UNSUBSCRIBED' where id = $1`, [s.id]);
    const res = await t.app.inject({ method: 'GET', url: first, headers: { host: TEST_HOST } });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This confirmation link has expired');
    expect((await subscriber('again@example.com')).state).toBe('UNSUBSCRIBED');
    // Subscribing again: a new version, so the old link still does nothing, the new one works.
    await subscribe('again@example.com');
    const all = await mails('again@example.com');
    expect(all).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: first, headers: { host: TEST_HOST } })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: confirmPath(all[1]!.text_body), headers: { host: TEST_HOST } })).statusCode).toBe(303);
    expect((await subscriber('again@example.com')).state).toBe('ACTIVE');
  });

  it('answers BadRequest for a bad address, FailedChallenge without a solved check, NotFound for an unknown newsletter; nothing is written', async () => {
    const rows = async () => (await sql(t, `select count(*)::int as n from newsletter_subscribers`)).rows[0].n as number;
    const before = await rows();
    expect(await subscribe('not-an-address')).toEqual({ __typename: 'BadRequest', message: 'Please enter a valid email address.' });
    expect(await subscribe('bot@example.com', { captcha: null })).toEqual({ __typename: 'FailedChallenge', message: 'The sign-up check did not pass. Please try again.' });
    expect((await subscribe('bot@example.com', { captcha: 'made:up' })).__typename).toBe('FailedChallenge');
    expect(await subscribe('lost@example.com', { id: '000000000000' })).toEqual({ __typename: 'NotFound', message: 'This newsletter no longer exists.' });
    expect(await rows()).toBe(before);
    expect(await mails('bot@example.com')).toHaveLength(0);
    expect(await mails('lost@example.com')).toHaveLength(0);
  });

  it("an account's address becomes that account's subscription, answered the same as any address", async () => {
    const ann = await newReader(t, 'Ann');
    const annEmail = (await sql(t, `select email from users where id = $1`, [ann.id])).rows[0].email as string;
    expect(await subscribe(annEmail.toUpperCase())).toEqual({ __typename: 'SusiMethod', value: 'EMAIL_CONFIRMATION_SENT' });
    const row = (await sql(t, `select id, state, email from newsletter_subscribers where newsletter_id = $1 and user_id = $2`, [newsletterId, ann.id])).rows[0];
    expect(row).toMatchObject({ state: 'PENDING', email: null });
    await t.app.inject({ method: 'GET', url: confirmPath((await mails(annEmail))[0]!.text_body), headers: { host: TEST_HOST } });
    const state = await ann.browser.gql(`query($id: ID!) { newsletterV3(id: $id) { viewerIsSubscribed } }`, { id: newsletterId });
    expect(state.data.newsletterV3.viewerIsSubscribed).toBe(true);
    // The writer's own address: the same answer, nothing written, nothing sent.
    const own = (await sql(t, `select email from users where id = $1`, [writer.id])).rows[0].email as string;
    expect((await subscribe(own)).__typename).toBe('SusiMethod');
    expect(await mails(own)).toHaveLength(0);
  });

  it('sends the confirmation again for a PENDING address at most once per few minutes', async () => {
    await subscribe('twice@example.com');
    await subscribe('twice@example.com');
    await subscribe('twice@example.com');
    expect(await mails('twice@example.com')).toHaveLength(1);
    const s = await subscriber('twice@example.com');
    expect((await consents(s.id)).map((c) => c.action)).toEqual(['SUBSCRIBE']);
  });

  it('limits calls per address and per network', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await subscribe('flood@example.com', { captcha: null })).__typename);
    // The first five are checked (no captcha: FailedChallenge); the sixth is refused before.
    expect(answers).toEqual([...Array(5).fill('FailedChallenge'), 'BadRequest']);
    expect(await subscribe('flood@example.com', { captcha: null })).toEqual({ __typename: 'BadRequest', message: 'Too many attempts. Please try again later.' });
    const ip = '192.0.2.77';
    const fromOne = [];
    for (let i = 0; i < 21; i++) fromOne.push((await subscribe(`n${i}@example.com`, { ip, captcha: null })).__typename);
    expect(fromOne.slice(0, 20).every((a) => a === 'FailedChallenge')).toBe(true);
    expect(fromOne[20]).toBe('BadRequest');
  });

  it("signed out, fetchOrLazilyCreate… only gives the writer's newsletter (the form needs its id), subscribing nobody", async () => {
    const other = await newReader(t, 'Other');
    const before = (await sql(t, `select count(*)::int as n from newsletter_subscribers`)).rows[0].n;
    const res = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/json', 'apollo-require-preflight': 'true' }, payload: { query: LAZY, variables: { userId: other.id } } });
    const made = res.json().data.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe;
    expect(made).toEqual({ id: expect.stringMatching(/^[0-9a-f]{12}$/), subscriberCount: 0 });
    expect((await sql(t, `select count(*)::int as n from newsletter_subscribers`)).rows[0].n).toBe(before);
    expect((await subscribe('first@example.com', { id: made.id })).__typename).toBe('SusiMethod');
  });
});

