import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser } from '../support/test-browser.js';

const SET = `mutation($current: String, $next: String!) { setPassword(currentPassword: $current, newPassword: $next) {
  __typename ... on ReauthRequired { message } ... on BadRequest { message } ... on Unauthorized { message } } }`;
const SEND = `mutation($redirect: String) { sendReauthEmail(redirect: $redirect) {
  __typename ... on ReauthEmailSent { emailObfuscated } ... on BadRequest { message } ... on Unauthorized { message } } }`;

/**
 * A first password set long after signing in: the server asks for a recent sign-in, and
 * sendReauthEmail mails the account's own address a sign-in link that comes back to the page
 * the reader was on, where the password can then be set.
 */
describe('setting a password after signing in again', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  /** A reader signed in `minutesAgo`, without a password. */
  async function signedInLongAgo(username: string, minutesAgo: number) {
    const id = await createUser(t.database.db, { name: 'Late Setter', username, email: `${username}@example.com` });
    const { token } = await createSession(t.database.db, id, { userAgent: 'vitest', ip: '203.0.113.7' });
    await t.database.pool.query(`update sessions set created_at = now() - make_interval(mins => $2) where user_id = $1`, [id, minutesAgo]);
    const browser = testBrowser(t.app);
    browser.jar.set('sid', token);
    return { id, browser, email: `${username}@example.com` };
  }

  const lastLinkTo = async (address: string) => {
    const { rows } = await t.database.pool.query<{ text_body: string }>('select text_body from email_outbox where to_address = $1 order by created_at desc limit 1', [address]);
    const link = /(https?:\/\/\S+\/m\/callback\/email\?token=[\w%-]+)/.exec(rows[0]?.text_body ?? '')?.[1];
    return link ? new URL(link).pathname + new URL(link).search : null;
  };

  it.each([
    ['the password page', '/password'],
    ['the security settings', '/me/settings/security'],
  ])('offers a sign-in email that comes back to %s, after which the password is set', async (_, page) => {
    const { browser, email } = await signedInLongAgo(`late${page.length}`, 11);
    const refused = (await browser.gql(SET, { next: 'a long enough password' })).data!.setPassword;
    expect(refused.__typename).toBe('ReauthRequired');

    const sent = (await browser.gql(SEND, { redirect: page })).data!.sendReauthEmail;
    expect(sent).toEqual({ __typename: 'ReauthEmailSent', emailObfuscated: expect.stringMatching(/@example\.com$/) });
    expect(sent.emailObfuscated).not.toBe(email);
    const link = await lastLinkTo(email);
    expect(link).not.toBeNull();

    const back = await browser.get(link!);
    expect(back.headers.location).toBe(page);
    expect((await browser.gql(SET, { next: 'a long enough password' })).data!.setPassword.__typename).toBe('MutationSuccess');
  });

  it('sends nothing for a signed-out visitor, and keeps a redirect on this site', async () => {
    const visitor = testBrowser(t.app);
    expect((await visitor.gql(SEND, { redirect: '/password' })).data!.sendReauthEmail.__typename).toBe('Unauthorized');

    const { browser, email } = await signedInLongAgo('offsite', 30);
    expect((await browser.gql(SEND, { redirect: 'https://evil.example/password' })).data!.sendReauthEmail.__typename).toBe('ReauthEmailSent');
    expect((await browser.get((await lastLinkTo(email))!)).headers.location).toBe('/');
  });
});
