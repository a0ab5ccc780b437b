import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { sql } from './feeds-fixtures.js';

const FIELDS = 'id type subscriberCount viewerIsSubscribed viewerSubscriptionState user { id }';
const LAZY = `mutation($userId: ID!) { fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe(userId: $userId) { ${FIELDS} } }`;
const SUBSCRIBE = `mutation($id: ID!, $consent: Boolean) { subscribeNewsletterV3(newsletterV3Id: $id, shouldRecordConsent: $consent) { ${FIELDS} } }`;
const UNSUBSCRIBE = `mutation($id: ID!) { unsubscribeNewsletterV3(newsletterV3Id: $id) { ${FIELDS} } }`;
const OF_USER = `query($id: ID!) { userResult(id: $id) { ... on User { newsletterV3 { ${FIELDS} } } } }`;

describe('newsletters: a signed-in reader subscribes to a writer', () => {
  let t: TestApp;
  let writer: Reader;
  beforeAll(async () => {
    t = await createTestApp();
    writer = await newReader(t, 'Writer');
  });

  it("makes the writer's newsletter on first use, once, and subscribes the reader with a consent record", async () => {
    const ann = await newReader(t, 'Ann');
    expect((await ann.browser.gql(OF_USER, { id: writer.id })).data.userResult.newsletterV3).toBeNull();
    // Two first uses at once make one newsletter.
    const [a, b] = await Promise.all([ann.browser.gql(LAZY, { userId: writer.id }), writer.browser.gql(LAZY, { userId: writer.id })]);
    expect(a.data.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe.id).toBe(b.data.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe.id);
    expect((await sql(t, `select count(*)::int as n from newsletters where user_id = $1`, [writer.id])).rows[0].n).toBe(1);
    const n = (await ann.browser.gql(OF_USER, { id: writer.id })).data.userResult.newsletterV3;
    expect(n).toMatchObject({ type: 'USER', subscriberCount: 1, viewerIsSubscribed: true, viewerSubscriptionState: 'ACTIVE', user: { id: writer.id } });
    // The writer is not subscribed to themselves.
    expect(b.data.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe.viewerIsSubscribed).toBe(false);
    const consent = await sql(t, `select c.action, c.email, c.notice from newsletter_consents c join newsletter_subscribers s on s.id = c.subscriber_id where s.user_id = $1`, [ann.id]);
    expect(consent.rows).toHaveLength(1);
    expect(consent.rows[0].action).toBe('SUBSCRIBE');
    expect(consent.rows[0].notice).toContain('Writer');
    expect(consent.rows[0].email).toMatch(/@/);
  });

  it('subscribes and unsubscribes idempotently, the count moving once', async () => {
    const id = (await writer.browser.gql(LAZY, { userId: writer.id })).data.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe.id;
    const bob = await newReader(t, 'Bob');
    const before = (await bob.browser.gql(OF_USER, { id: writer.id })).data.userResult.newsletterV3.subscriberCount;
    await Promise.all([1, 2, 3].map(() => bob.browser.gql(SUBSCRIBE, { id, consent: true })));
    expect((await bob.browser.gql(SUBSCRIBE, { id, consent: true })).data.subscribeNewsletterV3.subscriberCount).toBe(before + 1);
    const out = (await bob.browser.gql(UNSUBSCRIBE, { id })).data.unsubscribeNewsletterV3;
    expect(out).toMatchObject({ subscriberCount: before, viewerIsSubscribed: false, viewerSubscriptionState: 'UNSUBSCRIBED' });
    expect((await bob.browser.gql(UNSUBSCRIBE, { id })).data.unsubscribeNewsletterV3.subscriberCount).toBe(before);
    const actions = await sql(t, `select c.action from newsletter_consents c join newsletter_subscribers s on s.id = c.subscriber_id where s.user_id = $1 order by c.recorded_at, c.action`, [bob.id]);
    expect(actions.rows.map((r) => r.action)).toEqual(['SUBSCRIBE', 'UNSUBSCRIBE']);
    // Subscribing again starts a new token version: links from older emails stop acting on it.
    await bob.browser.gql(SUBSCRIBE, { id, consent: true });
    expect((await sql(t, `select token_version from newsletter_subscribers where user_id = $1`, [bob.id])).rows[0].token_version).toBe(1);
  });

  it('refuses a writer subscribing to their own newsletter, a logged-out visitor, and an unknown newsletter, writing nothing', async () => {
    const id = (await writer.browser.gql(LAZY, { userId: writer.id })).data.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe.id;
    const own = await writer.browser.gql(SUBSCRIBE, { id, consent: true });
    expect(own.errors?.[0]?.message).toBe('You cannot subscribe to your own newsletter.');
    const anon = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' }, payload: { query: SUBSCRIBE, variables: { id } } });
    expect(JSON.stringify(anon.json().errors)).toContain('Sign in to subscribe.');
    const ann = await newReader(t, 'Ann2');
    expect((await ann.browser.gql(SUBSCRIBE, { id: '000000000000', consent: true })).errors?.[0]?.message).toBe('This newsletter no longer exists.');
    expect((await sql(t, `select count(*)::int as n from newsletter_subscribers where user_id in ($1, $2)`, [writer.id, ann.id])).rows[0].n).toBe(0);
  });
});
