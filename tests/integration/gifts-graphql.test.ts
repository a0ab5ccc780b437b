import { beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationToken } from '../../src/modules/accounts/integration-tokens.js';
import { setVariantFlag } from '../../src/modules/flags/queries.js';
import { GIFT_CODE_RATE_LIMITED_MESSAGE, GIFT_CODE_RATE_LIMITS } from '../../src/modules/gifts/graphql.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser, type GqlAnswer, type TestBrowser } from '../support/test-browser.js';

const CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', postalCode: '94110' };
const RESULT = `__typename
  ... on GiftPurchaseSuccess { giftPurchase { id type quantity amount { amount currency } recipientName deliveredAt codes } }
  ... on GiftRedeemSuccess { status message membershipAccessUntil }
  ... on GiftCodeNotRedeemable { status message }
  ... on PaymentMethodDeclined { message code }
  ... on PaymentError { message }
  ... on BadRequest { message }
  ... on Unauthorized { message }`;
const BUY = `mutation($name: String!, $email: String!, $deliverOn: String, $pm: PaymentMethodInput!) {
  purchaseGiftMembership(recipientName: $name, recipientEmail: $email, message: "Enjoy", deliverOn: $deliverOn, paymentMethod: $pm) { ${RESULT} } }`;
const BUY_GROUP = `mutation($n: Int!, $pm: PaymentMethodInput!) { purchaseGroupGiftMembership(quantity: $n, paymentMethod: $pm) { ${RESULT} } }`;
const REDEEM = `mutation($code: String!) { redeemGiftMembership(code: $code) { ${RESULT} } }`;
const STATUS = 'query($code: String!) { giftCodeStatus(code: $code) { code status message } }';
const CHECKOUT = '{ giftCheckout { giftPrice { amount currency } groupGiftPrice { amount currency } minGroupGiftCodes maxGroupGiftCodes giftCheckoutEnabled } }';

type Caller = { gql(q: string, v?: Record<string, unknown>): Promise<GqlAnswer> };

/** The gift operations over GraphQL: who may do what, bad input, the feature gate, and the pages. */
describe('gifts over GraphQL', () => {
  let t: TestApp;
  let reader: Reader;
  let staff: Reader;
  let visitor: TestBrowser;
  let script: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    reader = await newReader(t, 'Reader');
    staff = await newReader(t, 'Staff', { isStaff: true });
    visitor = testBrowser(t.app);
    const made = await createIntegrationToken(t.database.db, reader.id, 'script');
    if (made.kind !== 'created') throw new Error(made.message);
    script = {
      gql: async (query, variables = {}) =>
        (await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/json', authorization: `Bearer ${made.secret}` }, payload: JSON.stringify({ query, variables }) })).json() as GqlAnswer,
    };
  });

  const count = async (table: string) => (await t.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
  const buyGroup = async (who: Caller, n = 2) => (await who.gql(BUY_GROUP, { n, pm: CARD })).data?.purchaseGroupGiftMembership;

  it('authorization: role × action', async () => {
    const roles: Record<string, Caller> = { visitor, reader: reader.browser, staff: staff.browser, 'integration token': script };
    const codes = ((await buyGroup(staff.browser, 4)) as { giftPurchase: { codes: string[] } }).giftPurchase.codes;
    const outcome = async (role: string, action: string): Promise<string> => {
      const who = roles[role]!;
      const answer = async (q: string, v: Record<string, unknown>, field: string) => {
        const r = await who.gql(q, v);
        return r.errors ? `error:${r.errors[0]!.extensions?.code}` : (r.data[field].__typename as string);
      };
      switch (action) {
        case 'giftCheckout':
          return answer(CHECKOUT, {}, 'giftCheckout').then((x) => (x === undefined ? 'GiftCheckout' : x));
        case 'giftCodeStatus':
          return (await who.gql(STATUS, { code: codes[0] })).data.giftCodeStatus.status;
        case 'purchaseGiftMembership':
          return answer(BUY, { name: 'R', email: 'r@example.com', pm: CARD }, 'purchaseGiftMembership');
        case 'purchaseGroupGiftMembership':
          return answer(BUY_GROUP, { n: 2, pm: CARD }, 'purchaseGroupGiftMembership');
        case 'redeemGiftMembership':
          return answer(REDEEM, { code: codes.pop() }, 'redeemGiftMembership');
      }
      throw new Error(action);
    };
    const table: Record<string, Record<string, string>> = {
      visitor: { giftCheckout: 'GiftCheckout', giftCodeStatus: 'VALID', purchaseGiftMembership: 'Unauthorized', purchaseGroupGiftMembership: 'Unauthorized', redeemGiftMembership: 'Unauthorized' },
      reader: { giftCheckout: 'GiftCheckout', giftCodeStatus: 'VALID', purchaseGiftMembership: 'GiftPurchaseSuccess', purchaseGroupGiftMembership: 'GiftPurchaseSuccess', redeemGiftMembership: 'GiftRedeemSuccess' },
      staff: { giftCheckout: 'GiftCheckout', giftCodeStatus: 'VALID', purchaseGiftMembership: 'GiftPurchaseSuccess', purchaseGroupGiftMembership: 'GiftPurchaseSuccess', redeemGiftMembership: 'GiftRedeemSuccess' },
      // A token acts as its reader, but cannot spend the reader's money; the reader redeemed already: a past member now.
      'integration token': { giftCheckout: 'GiftCheckout', giftCodeStatus: 'NOT_REDEEMABLE_BY_PAST_MEMBERS', purchaseGiftMembership: 'Unauthorized', purchaseGroupGiftMembership: 'Unauthorized', redeemGiftMembership: 'GiftCodeNotRedeemable' },
    };
    const actual: typeof table = {};
    for (const role of Object.keys(table)) {
      actual[role] = {};
      for (const action of Object.keys(table[role]!)) actual[role]![action] = await outcome(role, action);
    }
    expect(actual).toEqual(table);
  });

  it('the checkout prices are the spec’s (gift 29, group gift 31) in cents', async () => {
    expect((await visitor.gql(CHECKOUT)).data.giftCheckout).toEqual({
      giftPrice: { amount: 2900, currency: 'USD' },
      groupGiftPrice: { amount: 3100, currency: 'USD' },
      minGroupGiftCodes: 2,
      maxGroupGiftCodes: 50,
      giftCheckoutEnabled: true,
    });
  });

  it('bad input gets a clear message and changes nothing', async () => {
    const before = [await count('gift_purchases'), await count('gift_codes'), await count('email_outbox')];
    const bad = async (v: Record<string, unknown>) => (await reader.browser.gql(BUY, { name: 'R', email: 'r@example.com', pm: CARD, ...v })).data.purchaseGiftMembership;
    expect(await bad({ email: 'nope' })).toEqual({ __typename: 'BadRequest', message: 'Please enter a valid email address.' });
    expect(await bad({ name: '' })).toEqual({ __typename: 'BadRequest', message: 'Enter the name of the person you are giving the gift to.' });
    expect(await bad({ deliverOn: '2001-01-01' })).toEqual({ __typename: 'BadRequest', message: 'Choose today or a later date for the delivery.' });
    expect(await bad({ pm: { cardNumber: '4242424242424242' } })).toEqual({ __typename: 'BadRequest', message: 'Please enter your card number, expiry date and security code.' });
    expect(await buyGroup(reader.browser, 51)).toEqual({ __typename: 'BadRequest', message: 'Choose from 2 to 50 gift codes.' });
    expect([await count('gift_purchases'), await count('gift_codes'), await count('email_outbox')]).toEqual(before);
  });

  it('a declined card is PaymentMethodDeclined', async () => {
    const r = (await reader.browser.gql(BUY, { name: 'R', email: 'r@example.com', pm: { ...CARD, cardNumber: '4000000000000002' } })).data.purchaseGiftMembership;
    expect(r).toMatchObject({ __typename: 'PaymentMethodDeclined', code: 'card_declined' });
  });

  it('every redeem status has its message; codes read in any case and spacing', async () => {
    const fresh = await newReader(t, 'Fresh');
    const codes = ((await buyGroup(reader.browser, 2)) as { giftPurchase: { codes: string[] } }).giftPurchase.codes;
    const typed = codes[0]!.toLowerCase().replace(/-/g, ' ');
    expect((await fresh.browser.gql(STATUS, { code: typed })).data.giftCodeStatus).toEqual({ code: codes[0], status: 'VALID', message: 'This gift code is valid: redeem it for a year of membership.' });
    const ok = (await fresh.browser.gql(REDEEM, { code: typed })).data.redeemGiftMembership;
    expect(ok).toMatchObject({ __typename: 'GiftRedeemSuccess', status: 'VALID' });
    expect((await fresh.browser.gql(REDEEM, { code: codes[0] })).data.redeemGiftMembership).toEqual({ __typename: 'GiftCodeNotRedeemable', status: 'ALREADY_USED', message: 'This gift code has already been redeemed.' });
    expect((await fresh.browser.gql(REDEEM, { code: codes[1] })).data.redeemGiftMembership).toMatchObject({ status: 'NOT_REDEEMABLE_BY_PAST_MEMBERS' });
    expect((await fresh.browser.gql(REDEEM, { code: 'ABCD' })).data.redeemGiftMembership).toEqual({ __typename: 'GiftCodeNotRedeemable', status: 'NOT_FOUND', message: "We couldn't find that gift code. Check it for typos and try again." });
  });

  it('the gift pages render; disable_lite_gift_page closes the gift checkout and sends it to the landing', async () => {
    for (const [path, testId] of [['/gift', 'landing-gift'], ['/gift-plans', 'gift-membership'], ['/group-gift', 'group-gift-membership'], ['/redeem-gift?code=ABCD-EFGH', 'redeem-gift-membership']] as const) {
      const res = await reader.browser.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(`data-testid="${testId}"`);
    }
    expect((await visitor.get('/gift-plans')).body).toContain('Sign in or sign up to buy a gift');
    await setVariantFlag(t.database.db, 'disable_lite_gift_page', true);
    try {
      const res = await reader.browser.get('/gift-plans');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/gift');
      const landing = await reader.browser.get('/gift');
      expect(landing.body).not.toContain('href="/gift-plans"');
      expect((await reader.browser.gql(BUY, { name: 'R', email: 'r@example.com', pm: CARD })).data.purchaseGiftMembership).toMatchObject({ __typename: 'BadRequest' });
    } finally {
      await setVariantFlag(t.database.db, 'disable_lite_gift_page', false);
    }
  });

  // Last in the file: it spends this address's allowance of code checks.
  it('gift codes cannot be tried by the thousand: per reader, then per address', async () => {
    const codes = ((await buyGroup(staff.browser, 2)) as { giftPurchase: { codes: string[] } }).giftPurchase.codes;
    const guesser = await newReader(t, 'Guesser');
    const wrong = (i: number) => `ZZZZ-ZZZZ-ZZZZ-${String(i).padStart(4, '0')}`;
    for (let i = 0; i < GIFT_CODE_RATE_LIMITS.perReader.limit; i++) {
      expect((await guesser.browser.gql(REDEEM, { code: wrong(i) })).data.redeemGiftMembership).toMatchObject({ status: 'NOT_FOUND' });
    }
    // Over the limit even a good code is refused, and stays unredeemed for someone else.
    expect((await guesser.browser.gql(REDEEM, { code: codes[0] })).data.redeemGiftMembership).toEqual({ __typename: 'BadRequest', message: GIFT_CODE_RATE_LIMITED_MESSAGE });
    const other = await newReader(t, 'Other');
    expect((await other.browser.gql(STATUS, { code: codes[0] })).data.giftCodeStatus.status).toBe('VALID');
    // The address's counter keeps going for signed-out checks until it too refuses.
    let refused: GqlAnswer | null = null;
    for (let i = 0; i < GIFT_CODE_RATE_LIMITS.perIp.limit && !refused; i++) {
      const r = await visitor.gql(STATUS, { code: wrong(i) });
      if (r.errors) refused = r;
    }
    expect(refused?.errors?.[0]).toMatchObject({ message: GIFT_CODE_RATE_LIMITED_MESSAGE, extensions: { code: 'RATE_LIMITED' } });
  });
});
