import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser } from '../support/test-browser.js';

type Gql = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };

/** Changing the email address, deactivating and deleting an account, and the security emails. */
describe('account lifecycle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.database.db, { name: 'Taken', username: 'taken', email: 'taken@example.com' });
  });

  const browser = () => testBrowser<Gql>(t.app);
  const latest = async (to: string) =>
    (await t.database.pool.query<{ subject: string; text_body: string }>('select subject, text_body from email_outbox where to_address = $1 order by created_at desc limit 1', [to])).rows[0];

  async function signedUp(email: string, fullName: string) {
    const b = browser();
    await b.gql('mutation($e: String!, $n: String) { sendAcctAuthEmail(email: $e, operation: register, fullName: $n) { __typename } }', { e: email, n: fullName });
    const link = /(\/m\/callback\/email\?token=[\w%-]+)/.exec((await latest(email))!.text_body)![1]!;
    await b.get(link);
    return b;
  }

  it('changes the email address only once the new inbox confirms it, and tells the old one', async () => {
    const b = await signedUp('old@example.com', 'Mover');
    const CHANGE = 'mutation($e: String!) { changeEmail(email: $e) { __typename ... on User { unverifiedEmail emailObfuscated } ... on BadRequest { message } } }';
    expect((await b.gql(CHANGE, { e: 'nope' })).data!.changeEmail).toEqual({ __typename: 'BadRequest', message: 'Please enter a valid email address.' });
    expect((await b.gql(CHANGE, { e: 'TAKEN@example.com' })).data!.changeEmail).toEqual({ __typename: 'BadRequest', message: 'That email address belongs to another account.' });
    expect((await b.gql(CHANGE, { e: 'old@example.com' })).data!.changeEmail).toEqual({ __typename: 'BadRequest', message: 'That is already your email address.' });
    expect((await b.gql(CHANGE, { e: ' New@Example.com ' })).data!.changeEmail).toEqual({ __typename: 'User', unverifiedEmail: 'new@example.com', emailObfuscated: 'o••@example.com' });
    expect((await latest('old@example.com'))!.subject).toBe('Your Inkwell email address is changing');

    expect(await b.gql('mutation { sendVerificationEmail }')).toEqual({ data: { sendVerificationEmail: true } });
    const mail = (await latest('new@example.com'))!;
    expect(mail.subject).toBe('Confirm your email address for Inkwell');
    const key = /\/m\/account\/confirm\/([\w%-]+)/.exec(mail.text_body)![1]!;

    // Until confirmed, the old address still signs in and the new one does not.
    const probe = browser();
    expect(((await probe.gql('mutation { sendAcctAuthEmail(email: "new@example.com", operation: login) { __typename } }')).data!.sendAcctAuthEmail as { __typename: string }).__typename).toBe('NotFound');

    const confirm = await browser().get(`/m/account/confirm/${key}`);
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/me/settings/account?emailConfirmed=1#email');
    expect((await b.gql('{ viewer { emailObfuscated unverifiedEmail } }')).data!.viewer).toEqual({ emailObfuscated: 'n••@example.com', unverifiedEmail: null });
    const again = await browser().get(`/m/account/confirm/${key}`);
    expect(again.headers.location).toMatch(/emailConfirmError=/);
  });

  it('deactivating hides the profile and stories and signs out; signing in brings them back', async () => {
    const b = await signedUp('quiet@example.com', 'Quiet Writer');
    const me = (await b.gql('{ viewer { id username } }')).data!.viewer as { id: string; username: string };
    const postId = await insertPublishedPost(t.database.db, { creatorId: me.id, title: 'Soon hidden', subtitle: '', paragraphs: [], tags: [], publishedAt: new Date() });
    expect(await b.gql('mutation { deactivateAccount }')).toEqual({ data: { deactivateAccount: true } });
    expect((await b.gql('{ isLoggedIn }')).data!.isLoggedIn).toBe(false);
    const anyone = browser();
    expect((await anyone.get(`/@${me.username}`)).statusCode).toBe(404);
    expect((await anyone.get(`/p/${postId}`)).statusCode).toBe(404);

    const back = await signedUp('quiet@example.com', 'ignored');
    expect((await back.gql('{ isLoggedIn }')).data!.isLoggedIn).toBe(true);
    expect((await anyone.get(`/@${me.username}`)).statusCode).toBe(200);
  });

  it('deletes the account and its stories after the username is typed', async () => {
    const b = await signedUp('gone@example.com', 'Gone Soon');
    const me = (await b.gql('{ viewer { id username } }')).data!.viewer as { id: string; username: string };
    const postId = await insertPublishedPost(t.database.db, { creatorId: me.id, title: 'Bye', subtitle: '', paragraphs: [], tags: [], publishedAt: new Date() });
    const DELETE = 'mutation($c: String!) { deleteAccount(confirmation: $c) { __typename ... on BadRequest { message } } }';
    expect((await b.gql(DELETE, { c: 'someone-else' })).data!.deleteAccount).toEqual({ __typename: 'BadRequest', message: `Type your username (${me.username}) to confirm.` });
    expect((await b.gql(DELETE, { c: `@${me.username.toUpperCase()}` })).data!.deleteAccount).toEqual({ __typename: 'MutationSuccess' });
    const { rows } = await t.database.pool.query('select 1 from users where id = $1 union all select 1 from posts where id = $2', [me.id, postId]);
    expect(rows).toHaveLength(0);
    expect((await b.gql('{ isLoggedIn }')).data!.isLoggedIn).toBe(false);
  });

  it('refuses account changes to signed-out requests', async () => {
    const r = await browser().gql('mutation { deactivateAccount }');
    expect(r.errors![0]!.extensions?.code).toBe('UNAUTHORIZED');
  });

  it('emails the account when a password is set', async () => {
    const b = await signedUp('alerts@example.com', 'Alert Me');
    await b.gql('mutation { setPassword(newPassword: "a sturdy new password") { __typename } }');
    expect((await latest('alerts@example.com'))!.subject).toBe('Your password was changed – Inkwell');
  });
});
