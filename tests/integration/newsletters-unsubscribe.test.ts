import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWriterNewsletter, setSubscription } from '../../src/modules/newsletters/commands.js';
import { sharesEmailWithWriters } from '../../src/modules/newsletters/email-settings-queries.js';
import { emailLinkSecret, emailSettingsHash, subscriberToken, unsubscribePath, unsubscribeMailbox } from '../../src/modules/newsletters/links.js';
import { unsubscribeByMailbox } from '../../src/modules/newsletters/unsubscribe-commands.js';
import { createPublication } from '../../src/modules/publications/commands.js';
import nodemailer from 'nodemailer';
import { newId } from '../../src/platform/ids.js';
import { startBounceListener } from '../../src/platform/mail/bounce-listener.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { siteSecretFor } from '../../src/modules/metering/settings.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';
import { sql } from './feeds-fixtures.js';

const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };
const SETTINGS = `query($u: ID, $h: String) { readerEmailSettings(userId: $u, hash: $h) { userId name allowEmailAddressSharingEditorWriter emailSettingsPath subscriptions { id type name } } }`;
const UNSUB_ONE = `mutation($n: ID!, $u: ID, $h: String) { unsubscribeNewsletterV3FromEmailSettings(newsletterV3Id: $n, userId: $u, hash: $h) { subscriptions { id } } }`;
const UNSUB_ALL = `mutation($a: Boolean!, $u: ID, $h: String) { unsubscribeAllNewsletters(onlyAuthors: $a, userId: $u, hash: $h) }`;
const SHARING = `mutation($allow: Boolean!, $u: ID, $h: String) { setAllowEmailAddressSharingEditorWriter(allow: $allow, userId: $u, hash: $h) { allowEmailAddressSharingEditorWriter } }`;
const LINK = `query($t: String!) { newsletterUnsubscribeLink(token: $t) { state expired emailSettingsPath newsletter { name } } }`;

describe('newsletters: unsubscribing and email settings', () => {
  let t: TestApp;
  let writer: Reader;
  let newsletterId: string;
  let secret: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    writer = await newReader(t, 'Writer');
    newsletterId = (await ensureWriterNewsletter(t.database.db, writer.id))!.id;
    secret = await emailLinkSecret(t.database.db);
  });

  const db = () => t.database.db;
  const subscribe = (who: { userId: string } | { email: string }, id = newsletterId) =>
    db().transaction((tx) => setSubscription(tx, { newsletterId: id, who, state: 'ACTIVE', source: 'ONE_CLICK', consent: { action: 'SUBSCRIBE', notice: 'n', source: 'test' } }));
  const row = async (id: string) => (await sql(t, `select state, token_version from newsletter_subscribers where id = $1`, [id])).rows[0];
  const count = async (id = newsletterId) => (await sql(t, `select subscriber_count as n from newsletters where id = $1`, [id])).rows[0].n as number;
  const consents = async (id: string) => (await sql(t, `select action, source from newsletter_consents where subscriber_id = $1 order by recorded_at, id`, [id])).rows;
  const tokenOf = async (subscriberId: string) => subscriberToken(secret, 'unsubscribe', subscriberId, (await row(subscriberId)).token_version);
  const post = (token: string, payload = 'List-Unsubscribe=One-Click') => t.app.inject({ method: 'POST', url: unsubscribePath(token), headers: ONE_CLICK, payload });

  it('RFC 8058: a one-click POST without cookies unsubscribes at once (200, count moves, one consent line); a replay changes nothing', async () => {
    const { subscriberId } = await subscribe({ email: `one-${newId()}@example.com` });
    const before = await count();
    const token = await tokenOf(subscriberId);
    const res = await post(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toMatch(/You've unsubscribed from/);
    expect((await row(subscriberId)).state).toBe('UNSUBSCRIBED');
    expect(await count()).toBe(before - 1);
    expect(await consents(subscriberId)).toEqual([{ action: 'SUBSCRIBE', source: 'test' }, { action: 'UNSUBSCRIBE', source: 'list-unsubscribe' }]);
    // multipart/form-data is allowed by RFC 8058 too; the replay is harmless.
    const again = await t.app.inject({ method: 'POST', url: unsubscribePath(token), headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n' });
    expect(again.statusCode).toBe(200);
    expect(await count()).toBe(before - 1);
    expect(await consents(subscriberId)).toHaveLength(2);
  });

  it('refuses a forged or malformed token with 400 and writes nothing', async () => {
    const { subscriberId } = await subscribe({ email: `forged-${newId()}@example.com` });
    const before = await count();
    const forged = subscriberToken(Buffer.from('not the site secret'), 'unsubscribe', subscriberId, 0);
    const confirmNotUnsubscribe = subscriberToken(secret, 'confirm', subscriberId, 0);
    for (const token of [forged, confirmNotUnsubscribe, 'nonsense', `${subscriberId}.0.`]) {
      const res = await post(token);
      expect(res.statusCode).toBe(400);
    }
    expect((await row(subscriberId)).state).toBe('ACTIVE');
    expect(await count()).toBe(before);
    expect(await consents(subscriberId)).toHaveLength(1);
  });

  it('refuses a token replayed after the reader subscribed again (410), leaving the new subscription alone', async () => {
    const { subscriberId } = await subscribe({ email: `replay-${newId()}@example.com` });
    const oldToken = await tokenOf(subscriberId);
    expect((await post(oldToken)).statusCode).toBe(200);
    await subscribe({ email: (await sql(t, `select email from newsletter_subscribers where id = $1`, [subscriberId])).rows[0].email });
    const before = await count();
    const res = await post(oldToken);
    expect(res.statusCode).toBe(410);
    expect(await row(subscriberId)).toEqual({ state: 'ACTIVE', token_version: 1 });
    expect(await count()).toBe(before);
    // The token of the new version works.
    expect((await post(await tokenOf(subscriberId))).statusCode).toBe(200);
  });

  it('GET of the link is the page that asks: nothing changes; its form unsubscribes and goes back to the page; Resubscribe gives a new link', async () => {
    const ann = await newReader(t, 'Ann');
    const { subscriberId } = await subscribe({ userId: ann.id });
    const token = await tokenOf(subscriberId);
    const before = await count();
    const page = await testBrowser(t.app).get(unsubscribePath(token));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe from');
    // Reading the link (GraphQL as the page does) changes nothing either.
    const link = (await testAnonymousGql(t, LINK, { t: token })).data.newsletterUnsubscribeLink;
    expect(link).toMatchObject({ state: 'ACTIVE', expired: false, newsletter: { name: expect.stringContaining('Writer') } });
    expect(link.emailSettingsPath).toBe(`/me/email-settings/${ann.id}/${emailSettingsHash(secret, ann.id)}`);
    expect((await row(subscriberId)).state).toBe('ACTIVE');
    expect(await count()).toBe(before);

    const form = await post(token, 'List-Unsubscribe=One-Click&from-page=1');
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(unsubscribePath(token));
    expect((await row(subscriberId)).state).toBe('UNSUBSCRIBED');
    expect((await consents(subscriberId)).at(-1)).toEqual({ action: 'UNSUBSCRIBE', source: 'email-link' });
    const done = await testBrowser(t.app).get(unsubscribePath(token));
    expect(done.body).toContain('unsubscribed from');

    const re = await t.app.inject({ method: 'POST', url: `/_/newsletters/resubscribe/${token}`, headers: ONE_CLICK, payload: 'from-page=1' });
    expect(re.statusCode).toBe(303);
    const next = await tokenOf(subscriberId);
    expect(next).not.toBe(token);
    expect(re.headers.location).toBe(unsubscribePath(next));
    expect(await row(subscriberId)).toEqual({ state: 'ACTIVE', token_version: 1 });
    expect(await count()).toBe(before);
    expect((await consents(subscriberId)).at(-1)).toEqual({ action: 'SUBSCRIBE', source: 'email-link' });
    // The old link cannot resubscribe or unsubscribe any more.
    expect((await testAnonymousGql(t, LINK, { t: token })).data.newsletterUnsubscribeLink.expired).toBe(true);
    expect((await post(token)).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'POST', url: `/_/newsletters/resubscribe/${token.slice(0, -2)}xx`, headers: ONE_CLICK, payload: 'from-page=1' })).statusCode).toBe(400);
  });

  it('unsubscribes by the List-Unsubscribe mailto address, and ignores other local parts', async () => {
    const { subscriberId } = await subscribe({ email: `mailto-${newId()}@example.com` });
    const address = unsubscribeMailbox(await tokenOf(subscriberId), 'bounces.example.com');
    const localPart = address.slice(0, address.lastIndexOf('@'));
    expect((await unsubscribeByMailbox(db(), 'bounce+abc')).kind).toBe('invalid');
    expect((await row(subscriberId)).state).toBe('ACTIVE');
    const outcome = await unsubscribeByMailbox(db(), localPart);
    expect(outcome.kind).toBe('ok');
    expect((await row(subscriberId)).state).toBe('UNSUBSCRIBED');
    expect((await consents(subscriberId)).at(-1)).toEqual({ action: 'UNSUBSCRIBE', source: 'list-unsubscribe-mailto' });
  });

  it('the bounce listener hands mail to the List-Unsubscribe mailto address over real SMTP to the unsubscribe; a forged token changes nothing', async () => {
    const { subscriberId } = await subscribe({ email: `smtp-mailto-${newId()}@example.com` });
    const listener = startBounceListener({ db: db(), logger: createLogger('silent'), listen: '127.0.0.1:0', verpSecret: () => siteSecretFor(db(), 'verp'), unsubscribeMail: (local) => unsubscribeByMailbox(db(), local) });
    try {
      const { port } = await listener.ready;
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
      await transport.sendMail({ from: 'reader@example.com', to: unsubscribeMailbox(await tokenOf(subscriberId), 'bounces.example.com'), subject: 'unsubscribe', text: '' });
      expect((await row(subscriberId)).state).toBe('UNSUBSCRIBED');
      expect((await consents(subscriberId)).at(-1)).toEqual({ action: 'UNSUBSCRIBE', source: 'list-unsubscribe-mailto' });
      // A made-up token is accepted at RCPT (its signature is checked with the mail) but changes nothing.
      const other = await subscribe({ email: `smtp-mailto-${newId()}@example.com` });
      await transport.sendMail({ from: 'x@example.com', to: `unsubscribe+${other.subscriberId}.0.forgedforgedforgedforg@bounces.example.com`, subject: 'x', text: '' });
      expect((await row(other.subscriberId)).state).toBe('ACTIVE');
      transport.close();
    } finally {
      await listener.stop();
    }
  });

  it('email settings: the signed pair opens them without signing in; a forged hash, or someone else’s id with one’s own hash, is refused', async () => {
    const bea = await newReader(t, 'Bea');
    const cid = await newReader(t, 'Cid');
    await subscribe({ userId: bea.id });
    const hash = emailSettingsHash(secret, bea.id);
    const own = (await testAnonymousGql(t, SETTINGS, { u: bea.id, h: hash })).data.readerEmailSettings;
    expect(own).toMatchObject({ userId: bea.id, allowEmailAddressSharingEditorWriter: true, subscriptions: [{ id: newsletterId, type: 'USER' }] });
    const page = await testBrowser(t.app).get(`/me/email-settings/${bea.id}/${hash}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Email settings');
    const forgedHash = hash.slice(0, -1) + (hash.endsWith('A') ? 'B' : 'A');
    const forgedPage = await testBrowser(t.app).get(`/me/email-settings/${bea.id}/${forgedHash}`);
    expect(forgedPage.statusCode).toBe(404);
    expect(forgedPage.body).not.toContain('Email settings');

    // Role × action: anonymous with a forged hash; Cid signed in with Bea's id and Cid's own hash; Cid with no pair acts on Cid only.
    const cidHash = emailSettingsHash(secret, cid.id);
    const cases: [string, (q: string, v: Record<string, unknown>) => Promise<any>, Record<string, unknown>, string][] = [
      ['anonymous, forged hash', (q, v) => testAnonymousGql(t, q, v), { u: bea.id, h: 'x'.repeat(22) }, 'This email settings link is not valid.'],
      ["signed-in other reader, their own hash", (q, v) => cid.browser.gql(q, v), { u: bea.id, h: cidHash }, 'This email settings link is not valid.'],
      ['anonymous, no pair', (q, v) => testAnonymousGql(t, q, v), {}, 'Sign in to manage your newsletter subscriptions.'],
    ];
    for (const [who, ask, pair, message] of cases) {
      expect((await ask(SETTINGS, pair)).data?.readerEmailSettings ?? null, who).toBeNull();
      for (const [q, v] of [[UNSUB_ONE, { n: newsletterId }], [UNSUB_ALL, { a: false }], [SHARING, { allow: false }]] as const) {
        const res = await ask(q, { ...v, ...pair });
        expect(res.errors?.[0]?.message, `${who}: ${q.slice(0, 40)}`).toBe(message);
      }
    }
    expect((await row((await sql(t, `select id from newsletter_subscribers where user_id = $1`, [bea.id])).rows[0].id)).state).toBe('ACTIVE');
    expect((await sql(t, `select count(*)::int as n from reader_email_preferences where user_id = $1`, [bea.id])).rows[0].n).toBe(0);
    // Cid without a pair: their own settings (no subscriptions), never Bea's.
    expect((await cid.browser.gql(SETTINGS, {})).data.readerEmailSettings).toMatchObject({ userId: cid.id, subscriptions: [] });

    // Bea with the pair unsubscribes from one newsletter.
    const res = await testAnonymousGql(t, UNSUB_ONE, { n: newsletterId, u: bea.id, h: hash });
    expect(res.data.unsubscribeNewsletterV3FromEmailSettings.subscriptions).toEqual([]);
  });

  it('unsubscribe from all author newsletters leaves publications’ newsletters; all newsletters ends every one, each with a consent line', async () => {
    const dee = await newReader(t, 'Dee');
    const other = await newReader(t, 'Other');
    const writer2 = await newReader(t, 'Writer');
    const pub = await createPublication(db(), writer.id, { name: 'The Daily', slug: `daily-${newId()}` });
    if (pub.kind !== 'ok') throw new Error(pub.message);
    const pubNewsletter = newId();
    await sql(t, `insert into newsletters (id, type, user_id, collection_id, slug, name) values ($1, 'COLLECTION', $2, $3, 'daily', 'The Daily Letter')`, [pubNewsletter, writer.id, pub.value.id]);
    const second = (await ensureWriterNewsletter(db(), writer2.id))!.id;
    const deeEmail = (await sql(t, `select email from users where id = $1`, [dee.id])).rows[0].email as string;
    const a = await subscribe({ userId: dee.id });
    const b = await subscribe({ email: deeEmail.toUpperCase() }, second); // by address, from the email form
    const c = await subscribe({ userId: dee.id }, pubNewsletter);
    const o = await subscribe({ userId: other.id });
    const hash = emailSettingsHash(secret, dee.id);
    const names = async () => (await testAnonymousGql(t, SETTINGS, { u: dee.id, h: hash })).data.readerEmailSettings.subscriptions.map((s: { type: string }) => s.type);
    expect(await names()).toEqual(['USER', 'USER', 'COLLECTION']);

    expect((await testAnonymousGql(t, UNSUB_ALL, { a: true, u: dee.id, h: hash })).data.unsubscribeAllNewsletters).toBe(2);
    expect([(await row(a.subscriberId)).state, (await row(b.subscriberId)).state, (await row(c.subscriberId)).state]).toEqual(['UNSUBSCRIBED', 'UNSUBSCRIBED', 'ACTIVE']);
    expect(await names()).toEqual(['COLLECTION']);
    // Signed in, no pair: everything else.
    expect((await dee.browser.gql(UNSUB_ALL, { a: false })).data.unsubscribeAllNewsletters).toBe(1);
    expect((await row(c.subscriberId)).state).toBe('UNSUBSCRIBED');
    expect((await row(o.subscriberId)).state).toBe('ACTIVE');
    for (const s of [a, b, c]) expect((await consents(s.subscriberId)).map((x) => x.action)).toEqual(['SUBSCRIBE', 'UNSUBSCRIBE']);
    // A signed link's consent line names the email settings, not the page path holding the hash.
    expect((await consents(a.subscriberId)).at(-1)!.source).toBe('email-settings');
    expect((await dee.browser.gql(UNSUB_ALL, { a: false })).data.unsubscribeAllNewsletters).toBe(0);
  });

  it('allowEmailAddressSharingEditorWriter: the viewer’s own only; off, sharesEmailWithWriters leaves the reader out', async () => {
    const eve = await newReader(t, 'Eve');
    const { subscriberId } = await subscribe({ userId: eve.id });
    const shared = async () =>
      (await db().execute<{ ok: boolean }>(sqlTag`select ${sharesEmailWithWriters('s')} as ok from newsletter_subscribers s where s.id = ${subscriberId}`)).rows[0]!.ok;
    const OWN = `query($id: ID!) { userResult(id: $id) { ... on User { allowEmailAddressSharingEditorWriter } } }`;
    expect((await eve.browser.gql(OWN, { id: eve.id })).data.userResult.allowEmailAddressSharingEditorWriter).toBe(true);
    expect((await writer.browser.gql(OWN, { id: eve.id })).data.userResult.allowEmailAddressSharingEditorWriter).toBeNull();
    expect(await shared()).toBe(true);
    expect((await eve.browser.gql(SHARING, { allow: false })).data.setAllowEmailAddressSharingEditorWriter.allowEmailAddressSharingEditorWriter).toBe(false);
    expect(await shared()).toBe(false);
    expect((await eve.browser.gql(OWN, { id: eve.id })).data.userResult.allowEmailAddressSharingEditorWriter).toBe(false);
    await testAnonymousGql(t, SHARING, { allow: true, u: eve.id, h: emailSettingsHash(secret, eve.id) });
    expect(await shared()).toBe(true);
  });
});

import { sql as sqlTag } from 'drizzle-orm';

/** A GraphQL request with no session, as a reader opening a link from their inbox. */
async function testAnonymousGql(t: TestApp, query: string, variables: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' }, payload: { query, variables } });
  return res.json();
}
