import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { setPassword, signInWithPassword } from '../../src/modules/accounts/password.js';
import { totpCodeAt } from '../../src/modules/accounts/two-factor.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser } from '../support/test-browser.js';

type Result = { __typename: string; message?: string; value?: string; attemptsLeft?: number; minutes?: number; redirect?: string; challenge?: string; codes?: string[]; secret?: string; qrSvg?: string };
type Gql = { data?: Record<string, Result> | null; errors?: { message: string }[] };

describe('passwords and two-factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  const browser = () => testBrowser<Gql>(t.app);

  /** A signed-in browser for a new account, through the real email code flow. */
  async function signedUp(email: string) {
    const b = browser();
    await b.gql('mutation($e: String!) { sendAcctAuthEmail(email: $e, operation: register) { __typename } }', { e: email });
    const { rows } = await t.database.pool.query<{ text_body: string }>('select text_body from email_outbox where to_address = $1 order by created_at desc limit 1', [email]);
    const code = /\b(\d{6})\b/.exec(rows[0]!.text_body)![1];
    const token = (await b.gql('mutation($c: String!) { verifyLoginCode(loginCode: $c) { ... on Token { value } } }', { c: code })).data!.verifyLoginCode!.value!;
    await b.get(`/m/callback/email?token=${encodeURIComponent(token)}`);
    return b;
  }

  const LOGIN = `mutation($email: String!, $password: String!) { loginWithPassword(email: $email, password: $password, redirect: "/@x") {
    __typename ... on SignedIn { redirect } ... on TwoFactorRequired { challenge } ... on InvalidPassword { message attemptsLeft }
    ... on PasswordSoftLockout { message minutes } ... on PasswordPermanentLockout { message } ... on BadRequest { message } } }`;
  const SET = `mutation($current: String, $next: String!) { setPassword(currentPassword: $current, newPassword: $next) {
    __typename ... on BadRequest { message } ... on InvalidPassword { message } ... on Unauthorized { message } } }`;

  it('sets a password after a recent sign-in, refusing short, long and common ones', async () => {
    const b = await signedUp('pw@example.com');
    for (const [pw, msg] of [
      ['short12', 'Use at least 8 characters.'],
      ['x'.repeat(129), 'Use at most 128 characters.'],
      ['Password123', 'That password is among the first ones people try. Choose another.'],
    ] as const) {
      expect((await b.gql(SET, { next: pw })).data!.setPassword).toEqual({ __typename: 'BadRequest', message: msg });
    }
    expect((await b.gql(SET, { next: 'x'.repeat(128) })).data!.setPassword!.__typename).toBe('MutationSuccess');
    expect((await b.gql(SET, { next: 'correct horse battery staple' })).data!.setPassword!.__typename).toBe('MutationSuccess');
    expect((await b.gql('{ viewer { hasPassword twoFactorEnabled } }')).data!.viewer).toEqual({ hasPassword: true, twoFactorEnabled: false });
    expect((await browser().gql(SET, { next: 'another long one' })).data!.setPassword!.__typename).toBe('Unauthorized');
  });

  it('signs in with the password and sets the session cookie', async () => {
    const b = browser();
    const r = await b.gql(LOGIN, { email: ' PW@example.com ', password: 'correct horse battery staple' });
    expect(r.data!.loginWithPassword).toEqual({ __typename: 'SignedIn', redirect: '/@x' });
    expect(b.jar.has('sid')).toBe(true);
    expect((await b.gql('{ isLoggedIn }')).data!.isLoggedIn).toBe(true);
  });

  it('counts down the attempts, locks for a minute at the 6th, and answers unknown addresses alike', async () => {
    const b = browser();
    const left: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = (await b.gql(LOGIN, { email: 'pw@example.com', password: `wrong-${i}-password` })).data!.loginWithPassword!;
      expect(r.__typename).toBe('InvalidPassword');
      left.push(r.attemptsLeft!);
    }
    expect(left).toEqual([5, 4, 3, 2, 1]);
    expect((await b.gql(LOGIN, { email: 'pw@example.com', password: 'wrong-5-password' })).data!.loginWithPassword).toEqual({
      __typename: 'PasswordSoftLockout',
      message: 'Due to too many password attempts, your account is locked for 1 minutes.',
      minutes: 1,
    });
    // Locked: even the right password is refused.
    expect((await b.gql(LOGIN, { email: 'pw@example.com', password: 'correct horse battery staple' })).data!.loginWithPassword!.__typename).toBe('PasswordSoftLockout');
    const unknown = (await b.gql(LOGIN, { email: 'nobody@example.com', password: 'whatever-it-is' })).data!.loginWithPassword!;
    expect(unknown).toEqual({ __typename: 'InvalidPassword', message: 'That password was incorrect. You have 5 more attempts before your account is locked for 1 minute.', attemptsLeft: 5 });
  });

  it('locks for good after three soft lockouts in a day, until a new password is set after a link sign-in', async () => {
    const id = await createUser(t.database.db, { name: 'Locked', username: 'locked', email: 'locked@example.com' });
    await t.database.pool.query("insert into user_credentials (user_id, password_hash) values ($1, (select password_hash from user_credentials where user_id = (select id from users where email = 'pw@example.com')))", [id]);
    let now = new Date('2026-11-01T10:00:00Z');
    let last;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 6; i++) last = await signInWithPassword(t.database.db, { email: 'locked@example.com', password: 'nope-nope-nope', now });
      now = new Date(now.getTime() + 2 * 60_000);
    }
    expect(last).toEqual({ kind: 'permanent' });
    expect(await signInWithPassword(t.database.db, { email: 'locked@example.com', password: 'correct horse battery staple', now })).toEqual({ kind: 'permanent' });
    // Without a recent sign-in the current password cannot even be checked…
    expect((await setPassword(t.database.db, { userId: id, newPassword: 'a brand new password', currentPassword: 'correct horse battery staple', signedInAt: new Date(now.getTime() - 3600_000), now })).kind).toBe('permanent');
    // …after signing in by link or code, a new password lifts the lock.
    expect(await setPassword(t.database.db, { userId: id, newPassword: 'a brand new password', signedInAt: now, now })).toEqual({ kind: 'set' });
    expect(await signInWithPassword(t.database.db, { email: 'locked@example.com', password: 'a brand new password', now })).toEqual({ kind: 'signed-in', userId: id });
  });

  it('enables two-factor with a QR code, then a sign-in needs a code that works once', async () => {
    const b = await signedUp('tfa@example.com');
    await b.gql(SET, { next: 'a long tfa password' });
    const setup = (await b.gql('mutation { startTwoFactorSetup { __typename ... on TwoFactorSetup { secret otpauthUri qrSvg } } }')).data!.startTwoFactorSetup!;
    expect(setup.__typename).toBe('TwoFactorSetup');
    expect(setup.qrSvg).toMatch(/^<svg/);
    const secret = setup.secret!;
    expect((await b.gql('mutation($c: String!) { confirmTwoFactorSetup(code: $c) { __typename } }', { c: '000000' === totpCodeAt(secret, new Date()) ? '111111' : '000000' })).data!.confirmTwoFactorSetup!.__typename).toBe('BadRequest');
    const enabled = (await b.gql('mutation($c: String!) { confirmTwoFactorSetup(code: $c) { __typename ... on RecoveryCodes { codes } } }', { c: totpCodeAt(secret, new Date()) })).data!.confirmTwoFactorSetup!;
    expect(enabled.codes).toHaveLength(10);

    const other = browser();
    const first = (await other.gql(LOGIN, { email: 'tfa@example.com', password: 'a long tfa password' })).data!.loginWithPassword!;
    expect(first.__typename).toBe('TwoFactorRequired');
    expect(other.jar.has('sid')).toBe(false);
    const VERIFY = `mutation($ch: String!, $c: String!) { verifyTwoFactorSignIn(challenge: $ch, code: $c) { __typename ... on SignedIn { redirect } ... on InvalidTwoFactorAuthCode { message attemptsLeft } ... on BadRequest { message } } }`;
    const wrong = await other.gql(VERIFY, { ch: first.challenge, c: '123456' === totpCodeAt(secret, new Date()) ? '654321' : '123456' });
    expect(wrong.data!.verifyTwoFactorSignIn).toEqual({
      __typename: 'InvalidTwoFactorAuthCode',
      message: 'That verification code was incorrect. You have 5 more attempts before your account is locked for 1 minute.',
      attemptsLeft: 5,
    });
    // The code used to enable two-factor was spent: the same code cannot sign in.
    const reused = await other.gql(VERIFY, { ch: first.challenge, c: totpCodeAt(secret, new Date()) });
    expect(reused.data!.verifyTwoFactorSignIn!.__typename).toBe('InvalidTwoFactorAuthCode');
    // A recovery code works, once.
    const ok = await other.gql(VERIFY, { ch: first.challenge, c: enabled.codes![0] });
    expect(ok.data!.verifyTwoFactorSignIn).toEqual({ __typename: 'SignedIn', redirect: '/@x' });
    expect((await other.gql('{ isLoggedIn }')).data!.isLoggedIn).toBe(true);

    const again = browser();
    const second = (await again.gql(LOGIN, { email: 'tfa@example.com', password: 'a long tfa password' })).data!.loginWithPassword!;
    expect((await again.gql(VERIFY, { ch: second.challenge, c: enabled.codes![0] })).data!.verifyTwoFactorSignIn!.__typename).toBe('InvalidTwoFactorAuthCode');
  });

  it('asks a magic-link sign-in for the two-factor code too', async () => {
    const b = browser();
    await b.gql('mutation { sendAcctAuthEmail(email: "tfa@example.com", operation: login) { __typename } }');
    const { rows } = await t.database.pool.query<{ text_body: string }>("select text_body from email_outbox where to_address = 'tfa@example.com' order by created_at desc limit 1");
    const link = /(\/m\/callback\/email\?token=[\w%-]+)/.exec(rows[0]!.text_body)![1]!;
    const res = await b.get(link);
    expect(res.headers.location).toMatch(/^\/m\/signin\?twoFactorChallenge=/);
    expect(b.jar.has('sid')).toBe(false);
  });
});
