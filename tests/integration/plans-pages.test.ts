import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANDING_MEMBERSHIP_QUERY, MEMBERSHIP_CONFIRMATION_QUERY, PLANS_PAGE_QUERY, PURCHASE_MEMBERSHIP } from '../../src/web/graphql/membership-operations.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

/** Server-rendered HTML without React's text separators. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '');

const card = (cardNumber: string) => ({ cardNumber, expMonth: 8, expYear: 2030, cvc: '123', postalCode: '94103' });

/** The page's HTML as a reader in `country` gets it (the edge's country header, behind a trusted proxy). */
async function pageFrom(t: TestApp, reader: Reader | null, path: string, country: string) {
  const cookie = reader ? [...reader.browser.jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  return t.app.inject({ method: 'GET', url: path, headers: { host: TEST_HOST, cookie, 'cf-ipcountry': country } });
}

async function buy(reader: Reader, membershipType: string, cardNumber: string, extra: Record<string, unknown> = {}) {
  const res = await reader.browser.gql(print(PURCHASE_MEMBERSHIP), { membershipType, paymentMethod: card(cardNumber), ...extra });
  expect(res.errors).toBeUndefined();
  return res.data.purchaseMembership;
}

/** The plans pages and their operations, against the real server and the built-in test provider. */
describe('plans pages', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });

  it('signed out: checkout pages send the reader to sign in and back; the landing is open and indexed', async () => {
    const browser = testBrowser(t.app);
    for (const path of ['/plans', '/discount', '/get-started/plans', '/plans/confirmation/yearly', '/welcome-member']) {
      const res = await browser.get(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location, path).toBe(`/m/signin?operation=login&redirect=${path}`);
    }
    const landing = await browser.get('/membership');
    expect(landing.statusCode).toBe(200);
    const html = textOf(landing.body);
    expect(html).toContain('<title>Membership – ');
    expect(html).not.toContain('noindex');
    expect(html).toContain('less than $1/week: $0.96/week, billed $50 a year');
    expect(html).toContain('$15/month or $150/year');
    expect(html).toContain('$2.88/week on the yearly plan');
  });

  it('signed in: the plans with the spec §9 prices and crossouts, noindex; ?plan= opens its checkout in test mode', async () => {
    const ann = await newReader(t, 'Ann');
    const plans = await ann.browser.get('/plans');
    expect(plans.statusCode).toBe(200);
    expect(plans.body).toContain('<title>Membership plans – ');
    expect(plans.body).toContain('<meta name="robots" content="noindex"');
    expect(plans.body).toMatch(/\$50\/year<\/span> <span class="visually-hidden">instead of <\/span><s[^>]*>\$60<\/s>/);
    expect(plans.body).toContain('save $10');
    expect(plans.body).toMatch(/\$150\/year<\/span> <span class="visually-hidden">instead of <\/span><s[^>]*>\$180<\/s>/);
    expect(plans.body).toContain('save $30');

    const checkout = await ann.browser.get('/plans?plan=premium_monthly');
    expect(checkout.body).toContain('Friend of Inkwell, monthly');
    expect(checkout.body).toContain('Pay $15');
    expect(checkout.body).toContain('Test mode');
    expect(checkout.body).toMatch(/autoComplete="cc-number"|autocomplete="cc-number"/);

    const unknown = await ann.browser.get('/plans?plan=lifetime');
    expect(unknown.body).toContain('Unavailable membership price');
    const confirmation = await ann.browser.get('/plans/confirmation/lifetime');
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.body).toContain('<h1 class="');
    expect(confirmation.body).toMatch(/>Unavailable membership price<\/h1>/);

    const discount = await ann.browser.get('/discount');
    expect(discount.body).toMatch(/\$25\/year<\/span> <span class="visually-hidden">instead of <\/span><s[^>]*>\$50<\/s>/);
    expect(discount.body).toContain('save $25');
    expect(discount.body).toContain('Then $50/year');
    const onboarding = await ann.browser.get('/get-started/plans');
    expect(onboarding.body).toContain('Not now');
  });

  it('a reader in Canada sees CAD and pays in CAD', async () => {
    const cal = await newReader(t, 'Cal');
    const page = await pageFrom(t, cal, '/plans', 'CA');
    expect(page.body).toContain('Prices in Canadian dollars (CAD).');
    const data = await cal.browser.gql(print(PLANS_PAGE_QUERY), { discount: 'NONE' });
    expect(data.data.cadPlans.map((p: { price: { currency: string } }) => p.price.currency)).toEqual(['CAD', 'CAD', 'CAD', 'CAD']);
    const bought = await buy(cal, 'MONTHLY', '4242424242424242', { currency: 'CAD' });
    expect(bought.__typename).toBe('MembershipPurchaseSuccess');
    expect(bought.membershipStatus).toMatchObject({ currency: 'CAD', amount: 500, state: 'ACTIVE' });
    expect((await pageFrom(t, null, '/membership', 'CA')).body).toContain('Prices in Canadian dollars (CAD).');
    expect((await pageFrom(t, null, '/membership', 'US')).body).not.toContain('Canadian dollars');
  });

  it('after paying: the confirmation, the welcome, and /plans shows the plan and where to manage it instead of a checkout', async () => {
    const bea = await newReader(t, 'Bea');
    const bought = await buy(bea, 'YEARLY', '4242424242424242');
    expect(bought).toMatchObject({ __typename: 'MembershipPurchaseSuccess', membershipStatus: { membershipType: 'YEARLY', tier: 'MEMBER', state: 'ACTIVE', amount: 5000 } });

    const confirmation = await bea.browser.get('/plans/confirmation/yearly');
    expect(confirmation.body).toContain('Thank you for becoming a member');
    expect(confirmation.body).toContain('Visa ending in 4242 (Expires 08/2030)');
    expect(confirmation.body).toContain('href="/welcome-member"');
    const welcome = await bea.browser.get('/welcome-member');
    expect(welcome.body).toContain('a member.');
    const plans = await bea.browser.get('/plans');
    expect(plans.body).toContain('You&#x27;re a member');
    expect(plans.body).toContain('href="/me/settings/membership"');
    expect(plans.body).not.toContain('data-testid="card-form"');
    expect(plans.body).not.toContain('data-testid="plan-YEARLY"');
    const data = await bea.browser.gql(print(MEMBERSHIP_CONFIRMATION_QUERY));
    expect(data.data.viewer.membershipStatus.paymentMethod).toEqual({ __typename: 'CreditCard', cardType: 'visa', lastFour: '4242', expirationMonth: 8, expirationYear: 2030 });
    const landing = await bea.browser.gql(print(LANDING_MEMBERSHIP_QUERY));
    expect(landing.data.viewer.membershipStatus.state).toBe('ACTIVE');
  });

  it('a declined card leaves no membership and the reader can still buy', async () => {
    const dan = await newReader(t, 'Dan');
    const declined = await buy(dan, 'PREMIUM_YEARLY', '4000000000000002');
    expect(declined.__typename).toBe('PaymentMethodDeclined');
    expect(declined.message).toMatch(/declined/i);
    const data = await dan.browser.gql(print(MEMBERSHIP_CONFIRMATION_QUERY));
    expect(data.data.viewer.membershipStatus).toBeNull();
    expect((await dan.browser.get('/plans')).body).toContain('data-testid="plan-PREMIUM_YEARLY"');
    expect((await dan.browser.get('/plans/confirmation/premium_yearly')).body).toContain('No membership yet');
  });

  it('a 3-D Secure card leaves the membership waiting with the page to confirm it at, which returns to the confirmation', async () => {
    const tia = await newReader(t, 'Tia');
    const pending = await buy(tia, 'MONTHLY', '4000000000003220');
    expect(pending.__typename).toBe('MembershipPurchaseSuccess');
    expect(pending.membershipStatus.state).toBe('PENDING_ACTION');
    const url = new URL(pending.membershipStatus.pendingActionUrl, 'http://x');
    expect(url.searchParams.get('return')).toBe('/plans/confirmation/monthly');
    const confirmation = await tia.browser.get('/plans/confirmation/monthly');
    expect(confirmation.body).toContain('Confirming your payment');
    // On /plans it is not yet a membership: the plans stay, with the page to confirm it at.
    const plans = await tia.browser.get('/plans');
    expect(plans.body).toContain('data-testid="membership-pending"');
    expect(plans.body).toContain('data-testid="plan-YEARLY"');
    expect(plans.body).toContain(`href="${pending.membershipStatus.pendingActionUrl.replaceAll('&', '&amp;')}"`);
  });
});
