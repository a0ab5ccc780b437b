import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../src/modules/accounts/auth-limits.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

/** Per-network limits on sign-in calls, counted per resolver call (aliases and batches included). */
describe('sign-in rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  const post = (payload: unknown, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/_/graphql', remoteAddress, headers: { host: TEST_HOST, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('refuses code guesses past the limit even when packed into aliases and batches', async () => {
    const limit = AUTH_RATE_LIMITS.codePerIp.limit;
    const aliases = (n: number) => Array.from({ length: n }, (_, i) => `g${i}: verifyLoginCode(loginCode: "123456") { __typename }`).join(' ');
    const batch = [{ query: `mutation { ${aliases(25)} }` }, { query: `mutation { ${aliases(25)} }` }, { query: `mutation { ${aliases(25)} }` }];
    const res = await post(batch);
    const kinds = (res.json() as { data: Record<string, { __typename: string }> }[]).flatMap((r) => Object.values(r.data).map((v) => v.__typename));
    expect(kinds).toHaveLength(75);
    expect(kinds.filter((k) => k === 'RateLimited')).toHaveLength(75 - limit);
    // Another network is not affected.
    const other = await post({ query: 'mutation { verifyLoginCode(loginCode: "123456") { __typename } }' }, '198.51.100.9');
    expect((other.json() as { data: { verifyLoginCode: { __typename: string } } }).data.verifyLoginCode.__typename).toBe('NotFound');
  });

  it('limits sign-in emails per address', async () => {
    const send = () => post({ query: 'mutation { sendAcctAuthEmail(email: "limit@example.com", operation: register) { __typename ... on BadRequest { message } } }' }, '192.0.2.44');
    const results = [];
    for (let i = 0; i < AUTH_RATE_LIMITS.emailPerAddress.limit + 1; i++) results.push((await send()).json() as { data: { sendAcctAuthEmail: { __typename: string; message?: string } } });
    expect(results.slice(0, -1).every((r) => r.data.sendAcctAuthEmail.__typename === 'SusiMethod')).toBe(true);
    expect(results.at(-1)!.data.sendAcctAuthEmail).toEqual({ __typename: 'BadRequest', message: 'Too many attempts. Please try again later.' });
    const { rows } = await t.database.pool.query<{ n: number }>("select count(*)::int as n from email_outbox where to_address = 'limit@example.com'");
    expect(rows[0]!.n).toBe(AUTH_RATE_LIMITS.emailPerAddress.limit);
  });

  it('bars a network that fails sign-in against 10 accounts (IpAuthLockout), and only that network', async () => {
    const login = (email: string, ip: string) =>
      post({ query: `mutation { loginWithPassword(email: "${email}", password: "some wrong password") { __typename ... on IpAuthLockout { message days } } }` }, ip);
    for (let i = 0; i < 10; i++) await login(`victim${i}@example.com`, '203.0.113.50');
    const barred = (await login('victim0@example.com', '203.0.113.50')).json() as { data: { loginWithPassword: unknown } };
    expect(barred.data.loginWithPassword).toEqual({ __typename: 'IpAuthLockout', message: 'For security reasons, you cannot sign in from this network for 1 days.', days: 1 });
    const elsewhere = (await login('victim0@example.com', '203.0.113.51')).json() as { data: { loginWithPassword: { __typename: string } } };
    expect(elsewhere.data.loginWithPassword.__typename).toBe('InvalidPassword');
  });

  it('answers the sign-in link route with 429 and Retry-After past the limit', async () => {
    let last;
    for (let i = 0; i <= AUTH_RATE_LIMITS.callbackPerIp.limit; i++) {
      last = await t.app.inject({ method: 'GET', url: '/m/callback/email?token=nope', remoteAddress: '203.0.113.99', headers: { host: TEST_HOST } });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
