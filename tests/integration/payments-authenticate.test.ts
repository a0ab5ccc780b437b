import { beforeAll, describe, expect, it } from 'vitest';
import { TestPaymentProvider } from '../../src/modules/payments/index.js';
import { systemClock } from '../../src/platform/clock.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';

let t: TestApp;
let provider: TestPaymentProvider;

beforeAll(async () => {
  t = await createTestApp();
  provider = new TestPaymentProvider({ db: t.database.db, clock: systemClock });
});

/** A reader whose purchase with the 3-D Secure card waits for the check. */
async function pendingPurchase(returnPath?: string) {
  const reader = await newReader(t, 'Payer');
  const { ref } = await provider.createCustomer({ userId: reader.id, email: null, name: 'Payer' }, `c-${reader.id}`);
  const pm = await provider.attachPaymentMethod(ref, { kind: 'card', number: '4000 0000 0000 3220', expMonth: 8, expYear: 2030, cvc: '123' }, `p-${reader.id}`);
  expect(pm.ok).toBe(true);
  const created = await provider.createSubscription({ customerRef: ref, plan: 'PREMIUM_MONTHLY', currency: 'USD', metadata: { userId: reader.id, ...(returnPath ? { returnPath } : {}) } }, `s-${reader.id}`);
  if (!created.ok) throw new Error(created.failure.message);
  expect(created.value).toMatchObject({ status: 'incomplete' });
  const url = created.value.pendingAction!.url;
  const chargeRef = decodeURIComponent(/authenticate\/([^?]+)/.exec(url)![1]!);
  return { reader, sub: created.value, url, chargeRef };
}

function post(reader: Reader | null, url: string, form: Record<string, string>) {
  const path = url.split('?')[0]!;
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { host: TEST_HOST, 'content-type': 'application/x-www-form-urlencoded', ...(reader ? { cookie: `sid=${reader.browser.jar.get('sid')}` } : {}) },
    payload: new URLSearchParams(form).toString(),
  });
}

describe("the test provider's 3-D Secure page", () => {
  it('asks the paying reader, says it is the test provider, and completes the payment', async () => {
    const { reader, sub, url, chargeRef } = await pendingPurchase();
    const page = await reader.browser.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain("Test provider: 3-D Secure check");
    expect(page.body).toContain('no bank is asked and no real money moves');
    expect(page.body).toContain('Monthly Friend membership');
    expect(page.body).toContain('$15.00');
    expect(page.body).toMatch(/<button type="submit" name="answer" value="complete"[^>]*>Complete<\/button>/);
    expect(page.body).toMatch(/<button type="submit" name="answer" value="fail"[^>]*>Fail<\/button>/);
    expect(page.body).not.toContain('<script');
    // The site's policy holds: nothing inline may run.
    const scriptSrc = String(page.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(page.headers['x-frame-options']).toBe('DENY');

    const answer = await post(reader, url, { xsrf: reader.xsrf, answer: 'complete', return: '/plans/confirmation/premium_monthly' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/plans/confirmation/premium_monthly');
    expect(await provider.getSubscription(sub.ref)).toMatchObject({ status: 'active', pendingAction: null, latestChargeRef: chargeRef });
    expect(await provider.getCharge(chargeRef)).toMatchObject({ status: 'succeeded', amount: { amount: 1500 } });

    // A second answer (a resubmitted form) changes nothing and goes on.
    const again = await post(reader, url, { xsrf: reader.xsrf, answer: 'fail', return: '/plans/confirmation/premium_monthly' });
    expect(again.statusCode).toBe(303);
    expect(await provider.getCharge(chargeRef)).toMatchObject({ status: 'succeeded' });
    expect((await reader.browser.get(url)).body).toContain('This payment is no longer waiting for a check.');
  });

  it('fails the payment on Fail: the subscription stays incomplete with the failure noted', async () => {
    const { reader, sub, url, chargeRef } = await pendingPurchase('/me/settings?updatedPayment=1');
    expect(url).toContain(`return=${encodeURIComponent('/me/settings?updatedPayment=1')}`);
    const answer = await post(reader, url, { xsrf: reader.xsrf, answer: 'fail', return: '/me/settings?updatedPayment=1' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/me/settings?updatedPayment=1');
    const now = await provider.getSubscription(sub.ref);
    expect(now).toMatchObject({ status: 'incomplete', pendingAction: null, failedPaymentCount: 1 });
    expect(now!.paymentFailedAt).not.toBeNull();
    expect(await provider.getCharge(chargeRef)).toMatchObject({ status: 'failed', failure: { code: 'payment_intent_authentication_failure' } });
  });

  it('sends the reader only to a path on this site', async () => {
    const { reader, url } = await pendingPurchase();
    const answer = await post(reader, url, { xsrf: reader.xsrf, answer: 'complete', return: 'https://evil.example/phish' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/');
  });

  it('escapes what it shows', async () => {
    const { reader, url } = await pendingPurchase();
    const page = await reader.browser.get(`${url.split('?')[0]}?return=${encodeURIComponent('/x"><script>alert(1)</script>')}`);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('"><script');
  });

  it('answers only the customer, signed in, with the session’s xsrf token (who × action)', async () => {
    const { reader, url, chargeRef } = await pendingPurchase();
    const other = await newReader(t, 'Other');
    const anonymous = await t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } });
    const cases: [string, () => Promise<{ statusCode: number; body: string }>, number][] = [
      ['anonymous sees', async () => anonymous, 401],
      ['another reader sees', () => other.browser.get(url), 404],
      ['the customer sees', () => reader.browser.get(url), 200],
      ['anonymous answers', () => post(null, url, { xsrf: reader.xsrf, answer: 'complete' }), 401],
      ['another reader answers with their own token', () => post(other, url, { xsrf: other.xsrf, answer: 'complete' }), 404],
      ['the customer answers without the token', () => post(reader, url, { answer: 'complete' }), 403],
      ['the customer answers with a wrong token', () => post(reader, url, { xsrf: other.xsrf, answer: 'complete' }), 403],
      ['the customer answers something else', () => post(reader, url, { xsrf: reader.xsrf, answer: 'maybe' }), 400],
      ['anyone asks for an unknown charge', () => reader.browser.get('/_/payments/test/authenticate/ch_test_0000000000000000'), 404],
    ];
    for (const [who, act, status] of cases) expect((await act()).statusCode, who).toBe(status);
    expect(anonymous.body).toContain('/m/signin?redirect=');
    // None of that answered the check.
    expect(await provider.getCharge(chargeRef)).toMatchObject({ status: 'pending' });
  });
});
