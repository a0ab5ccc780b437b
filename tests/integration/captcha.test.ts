import { beforeAll, describe, expect, it } from 'vitest';
import { solvePow } from '../../src/shared/pow.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

/** Sign-up needs the proof of work; sign-in does not. */
describe('sign-up captcha (proof of work)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_PROVIDER: 'pow', CAPTCHA_POW_DIFFICULTY: '10' });
  });
  const gql = async (query: string, variables: Record<string, unknown> = {}) =>
    (await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) })).json() as {
      data: Record<string, Record<string, unknown>>;
    };
  const SIGN_UP = 'mutation($e: String!, $c: String) { sendAcctAuthEmail(email: $e, operation: register, captchaValue: $c) { __typename ... on FailedChallenge { message } } }';

  it('refuses a sign-up without a solved challenge and sends nothing', async () => {
    expect((await gql(SIGN_UP, { e: 'bot@example.com' })).data.sendAcctAuthEmail).toEqual({ __typename: 'FailedChallenge', message: 'The sign-up check did not pass. Please try again.' });
    const { rows } = await t.database.pool.query<{ n: number }>("select count(*)::int as n from email_outbox where to_address = 'bot@example.com'");
    expect(rows[0]!.n).toBe(0);
  });

  it('accepts a solved challenge once', async () => {
    const c = (await gql('{ captchaChallenge { provider challenge difficulty } }')).data.captchaChallenge as { provider: string; challenge: string; difficulty: number };
    expect(c.provider).toBe('pow');
    expect(c.difficulty).toBe(10);
    const value = `${c.challenge}:${await solvePow(c.challenge, c.difficulty)}`;
    expect((await gql(SIGN_UP, { e: 'person@example.com', c: value })).data.sendAcctAuthEmail).toEqual({ __typename: 'SusiMethod' });
    expect((await gql(SIGN_UP, { e: 'person2@example.com', c: value })).data.sendAcctAuthEmail!.__typename).toBe('FailedChallenge');
  });

  it('does not ask for it to sign in', async () => {
    const r = await gql('mutation { sendAcctAuthEmail(email: "person@example.com", operation: login) { __typename } }');
    expect(r.data.sendAcctAuthEmail!.__typename).toBe('NotFound'); // no account yet: the email was never confirmed
  });
});
