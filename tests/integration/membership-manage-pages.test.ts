import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

type Gql = { data?: Record<string, unknown> | null; errors?: { message: string }[] };

const PURCHASE = `mutation($type: MembershipPlanType!, $card: PaymentMethodInput!) {
  purchaseMembership(membershipType: $type, paymentMethod: $card) { __typename ... on MembershipPurchaseSuccess { membershipStatus { membershipId state } } } }`;
const HISTORY = '{ billingHistory(limit: 10) { id amount { amount currency } } }';
const VISA = { cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', postalCode: '94107' };

/** The membership management pages as the server renders them, over a membership bought through the real mutation. */
describe('membership management pages', () => {
  let t: TestApp;
  let member: ReturnType<typeof client>;
  let reader: ReturnType<typeof client>;

  function client(cookie: string) {
    return {
      async gql(query: string, variables: Record<string, unknown> = {}): Promise<Gql> {
        const res = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/json', cookie }, payload: JSON.stringify({ query, variables }) });
        return res.json() as Gql;
      },
      get: (url: string) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, cookie } }),
    };
  }
  async function signedIn(userId: string) {
    const { token } = await createSession(t.database.db, userId, { userAgent: 'test', ip: '203.0.113.9' });
    return client(`sid=${token}`);
  }

  beforeAll(async () => {
    t = await createTestApp();
    member = await signedIn(await createUser(t.database.db, { name: 'Mia Member', username: 'mia', email: 'mia@example.com' }));
    reader = await signedIn(await createUser(t.database.db, { name: 'Rae Reader', username: 'rae', email: 'rae@example.com' }));
    const bought = await member.gql(PURCHASE, { type: 'MONTHLY', card: VISA });
    expect(bought.errors).toBeUndefined();
    expect((bought.data?.purchaseMembership as { __typename: string }).__typename).toBe('MembershipPurchaseSuccess');
  });

  it('sends a signed-out reader to sign in from every page, and back afterwards', async () => {
    const out = client('');
    for (const path of ['/me/settings/membership', '/manage-membership', '/manage-membership/confirmation/premium_monthly', '/me/membership/cancel', '/me/settings/payment/update', '/me/billing-history/receipt/abc']) {
      const res = await out.get(path);
      expect(res.statusCode, path).toBe(302);
      expect(new URL(res.headers.location as string, 'http://x').searchParams.get('redirect'), path).toBe(path);
    }
  });

  it('renders Settings → Membership and payment for a member: plan, next billing, payment text, history', async () => {
    const res = await member.get('/me/settings/membership');
    expect(res.statusCode).toBe(200);
    for (const id of ['membership', 'payment', 'redeemGiftMembership']) expect(res.body).toContain(`id="${id}"`);
    expect(res.body).toContain('Member, monthly');
    expect(res.body).toContain('Next billing date');
    expect(res.body).toMatch(/Visa ending in 4242 \(Expires 12\/\d{4}\)/);
    expect(res.body).toContain('href="/me/membership/cancel"');
    expect(res.body).toMatch(/href="\/me\/billing-history\/receipt\/[^"]+"/);
  });

  it('renders the tab for a reader who never paid, with the way to become a member', async () => {
    const res = await reader.get('/me/settings/membership');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/href="\/plans"[^>]*>Become a member</);
    expect(res.body).not.toContain('href="/me/membership/cancel"');
  });

  it('serves a receipt to its reader only: another reader and an unknown id get the 404 page', async () => {
    const charges = (await member.gql(HISTORY)).data?.billingHistory as { id: string; amount: { amount: number; currency: string } }[];
    expect(charges.length).toBe(1);
    expect(charges[0]!.amount).toEqual({ amount: 500, currency: 'USD' });
    const path = `/me/billing-history/receipt/${encodeURIComponent(charges[0]!.id)}`;
    const own = await member.get(path);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('data-layout="basic"');
    expect(own.body).toContain(charges[0]!.id);
    expect(own.body).toContain('$5.00');
    expect((await reader.get(path)).statusCode).toBe(404);
    expect((await member.get('/me/billing-history/receipt/no-such-charge')).statusCode).toBe(404);
  });

  it('renders the manage, cancel and payment pages in their spec layouts', async () => {
    const manage = await member.get('/manage-membership');
    expect(manage.statusCode).toBe(200);
    expect(manage.body).toContain('data-layout="wordmark"');
    expect(manage.body).toContain('Friend of Inkwell, monthly');
    const cancel = await member.get('/me/membership/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.body).toContain('data-layout="top-nav"');
    expect(cancel.body).toContain('It costs too much');
    const payment = await member.get('/me/settings/payment/update');
    expect(payment.statusCode).toBe(200);
    expect(payment.body).toContain('data-layout="top-nav"');
    expect(payment.body).toMatch(/autocomplete="cc-number"/i);
    expect((await member.get('/manage-membership/confirmation/NOT_A_PLAN')).statusCode).toBe(404);
  });
});
