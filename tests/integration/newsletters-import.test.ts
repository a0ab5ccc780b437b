import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { multipartBody } from '../support/media.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { sql } from './feeds-fixtures.js';
import { newsletterImportSweep } from '../../src/modules/newsletters/import-job.js';
import { emailLinkSecret, readSubscriberToken } from '../../src/modules/newsletters/links.js';
import { IMPORT_MESSAGES } from '../../src/modules/newsletters/import-model.js';

const LAZY = `mutation($userId: ID!) { fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe(userId: $userId) { id } }`;
const CONFIRM = `mutation($id: ID!, $attested: Boolean!) { confirmNewsletterImport(importId: $id, attested: $attested) { id state toImportCount importedCount } }`;
const PAGE = `{ newsletterImportPage { isEligibleToImportEmails attestation latestImport { id state } } viewer { isEligibleToImportEmails } }`;
const PROGRESS = `query($id: ID!) { newsletterImport(id: $id) { id state toImportCount importedCount skippedCount } }`;

function uploadCsv(t: TestApp, r: Reader | null, newsletterId: string, csv: string | Buffer, opts: { xsrf?: string } = {}) {
  const { payload, contentType } = multipartBody(Buffer.isBuffer(csv) ? csv : Buffer.from(csv), { filename: 'list.csv', contentType: 'text/csv' });
  const headers: Record<string, string> = { host: TEST_HOST, 'content-type': contentType };
  if (r) {
    headers.cookie = `sid=${r.browser.jar.get('sid')}`;
    headers['x-xsrf-token'] = opts.xsrf ?? r.xsrf;
  }
  return t.app.inject({ method: 'POST', url: `/_/api/newsletters/${newsletterId}/import/process-unvalidated-files`, headers, payload });
}

/** A writer who may import: a verified address and a published story. */
async function eligibleWriter(t: TestApp, name: string): Promise<{ w: Reader; newsletterId: string }> {
  const w = await newReader(t, name);
  await newStory(t, w.id);
  const newsletterId = (await w.browser.gql(LAZY, { userId: w.id })).data.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe.id as string;
  return { w, newsletterId };
}

const subscriberCount = async (t: TestApp, newsletterId: string) =>
  (await sql(t, `select count(*)::int as n from newsletter_subscribers where newsletter_id = $1`, [newsletterId])).rows[0].n as number;

describe('newsletters: importing a mailing list', () => {
  let t: TestApp;
  const sweep = () => newsletterImportSweep({ db: t.database.db, siteName: 'Inkwell', origin: 'http://localhost:3000' });
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('reports invalid, duplicate, subscribed, unsubscribed and suppressed rows before anything is written', async () => {
    const { w, newsletterId } = await eligibleWriter(t, 'Report');
    // A reader subscribed with one click, another unsubscribed, an imported address unsubscribed, one suppressed, one only counted.
    const sub = await newReader(t, 'Sub');
    const gone = await newReader(t, 'Gone');
    await sub.browser.gql(`mutation($id: ID!) { subscribeNewsletterV3(newsletterV3Id: $id) { id } }`, { id: newsletterId });
    await gone.browser.gql(`mutation($id: ID!) { subscribeNewsletterV3(newsletterV3Id: $id) { id } }`, { id: newsletterId });
    await gone.browser.gql(`mutation($id: ID!) { unsubscribeNewsletterV3(newsletterV3Id: $id) { id } }`, { id: newsletterId });
    await sql(t, `insert into newsletter_subscribers (id, newsletter_id, email, state, source) values ('aaaaaaaaaaa1', $1, 'left@example.org', 'UNSUBSCRIBED', 'IMPORT')`, [newsletterId]);
    await sql(t, `insert into email_suppressions (address, reason, suppressed_at) values ('bounced@example.org', 'HARD_BOUNCE', now()), ('soft@example.org', 'SOFT_BOUNCE', null)`);
    const [subEmail, goneEmail] = (await sql(t, `select email from users where id = any($1) order by array_position($1, id)`, [[sub.id, gone.id]])).rows.map((r) => r.email as string);
    const csv =
      '\ufeffName,"E-mail",Note\r\n' +
      'Ann,ann@example.org,"likes, commas"\r\n' +
      'Ann again,ANN@example.org,\r\n' +
      'Nobody,not-an-address,\r\n' +
      'Broken,"bad@@example.org",\r\n' +
      `Sub,${subEmail!.toUpperCase()},\r\n` +
      `Gone,${goneEmail},\r\n` +
      'Left,left@example.org,\r\n' +
      'Bounced,bounced@example.org,\r\n' +
      'Soft,soft@example.org,\r\n' +
      '\r\n' +
      '"Multi\nline",bo@example.org,\n';
    const before = await subscriberCount(t, newsletterId);
    const res = await uploadCsv(t, w, newsletterId, csv);
    expect(res.statusCode).toBe(200);
    const report = res.json().import;
    expect(report).toMatchObject({
      state: 'VALIDATED',
      emailColumn: 'E-mail',
      totalRows: 10,
      invalidCount: 2,
      duplicateCount: 1,
      subscribedCount: 1,
      unsubscribedCount: 2,
      suppressedCount: 1,
      toImportCount: 3,
    });
    expect(report.samples).toMatchObject({ INVALID: ['not-an-address', 'bad@@example.org'], DUPLICATE: ['ANN@example.org'], SUPPRESSED: ['bounced@example.org'] });
    expect(report.samples.UNSUBSCRIBED).toEqual([goneEmail, 'left@example.org']);
    // Nothing written to the newsletter yet.
    expect(await subscriberCount(t, newsletterId)).toBe(before);
    expect((await sql(t, `select count(*)::int as n from email_outbox where kind = 'newsletter-welcome'`)).rows[0].n).toBe(0);
    // The page shows it.
    const page = (await w.browser.gql(PAGE)).data;
    expect(page.newsletterImportPage.latestImport).toEqual({ id: report.id, state: 'VALIDATED' });
    expect(page.viewer.isEligibleToImportEmails).toBe(true);

    // Without the attestation: refused, nothing changes.
    const refused = await w.browser.gql(CONFIRM, { id: report.id, attested: false });
    expect(refused.errors?.[0]?.message).toBe(IMPORT_MESSAGES.attest);
    expect((await w.browser.gql(PROGRESS, { id: report.id })).data.newsletterImport.state).toBe('VALIDATED');

    const confirmed = (await w.browser.gql(CONFIRM, { id: report.id, attested: true })).data.confirmNewsletterImport;
    expect(confirmed).toMatchObject({ state: 'IMPORTING', toImportCount: 3, importedCount: 0 });
    while ((await sweep().runBatch(50)) > 0);
    const done = (await w.browser.gql(PROGRESS, { id: report.id })).data.newsletterImport;
    expect(done).toMatchObject({ state: 'DONE', importedCount: 3, skippedCount: 0 });
    const added = await sql(t, `select s.email, s.state, s.source, c.action, c.notice, c.source as origin from newsletter_subscribers s
      join newsletter_consents c on c.subscriber_id = s.id where s.newsletter_id = $1 and s.source = 'IMPORT' and s.state = 'ACTIVE' order by s.email`, [newsletterId]);
    expect(added.rows.map((r) => r.email)).toEqual(['ann@example.org', 'bo@example.org', 'soft@example.org']);
    expect(added.rows.every((r) => r.action === 'IMPORT' && r.origin === `import:${report.id}` && r.notice.includes('agreed to receive email from'))).toBe(true);
    // The unsubscribed stay unsubscribed; the reader subscribed with one click is not doubled.
    expect((await sql(t, `select state from newsletter_subscribers where id = 'aaaaaaaaaaa1'`)).rows[0].state).toBe('UNSUBSCRIBED');
    expect((await sql(t, `select count(*)::int as n from newsletter_subscribers where newsletter_id = $1 and email = any($2)`, [newsletterId, [subEmail, goneEmail]])).rows[0].n).toBe(0);
    expect((await sql(t, `select subscriber_count as n from newsletters where id = $1`, [newsletterId])).rows[0].n).toBe(4);

    // Each imported address got one welcome email with a working unsubscribe link.
    const mails = await sql(t, `select to_address, subject, text_body, html_body from email_outbox where kind = 'newsletter-welcome' order by to_address`);
    expect(mails.rows.map((m) => m.to_address)).toEqual(['ann@example.org', 'bo@example.org', 'soft@example.org']);
    const secret = await emailLinkSecret(t.database.db);
    for (const m of mails.rows) {
      const token = /\/_\/newsletters\/unsubscribe\/([^\s"<]+)/.exec(m.text_body)?.[1];
      const read = readSubscriberToken(secret, 'unsubscribe', token ?? '');
      const owner = await sql(t, `select email from newsletter_subscribers where id = $1`, [read?.subscriberId]);
      expect(owner.rows[0]?.email).toBe(m.to_address);
      expect(m.html_body).toContain('Unsubscribe');
    }
  });

  it('refuses anyone but the writer, and a writer who is not eligible', async () => {
    const { w, newsletterId } = await eligibleWriter(t, 'Owner');
    const other = await eligibleWriter(t, 'Other');
    const csv = 'email\nx1@example.org\n';
    expect((await uploadCsv(t, other.w, newsletterId, csv)).statusCode).toBe(403);
    expect((await uploadCsv(t, null, newsletterId, csv)).statusCode).toBe(401);
    expect((await uploadCsv(t, w, newsletterId, csv, { xsrf: 'wrong' })).statusCode).toBe(403);
    const staged = (await uploadCsv(t, w, newsletterId, csv)).json().import;
    const stolen = await other.w.browser.gql(CONFIRM, { id: staged.id, attested: true });
    expect(stolen.errors?.[0]?.message).toBe(IMPORT_MESSAGES.notWriter);
    expect((await other.w.browser.gql(PROGRESS, { id: staged.id })).data.newsletterImport).toBeNull();

    // No published story: not eligible, refused at upload and at confirmation.
    const fresh = await newReader(t, 'Fresh');
    const freshId = (await fresh.browser.gql(LAZY, { userId: fresh.id })).data.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe.id;
    expect((await fresh.browser.gql(PAGE)).data.newsletterImportPage.isEligibleToImportEmails).toBe(false);
    const res = await uploadCsv(t, fresh, freshId, csv);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(IMPORT_MESSAGES.notEligible);
    // Suspended after uploading: the confirmation is refused too.
    await sql(t, `update users set is_suspended = true where id = $1`, [w.id]);
    expect((await w.browser.gql(CONFIRM, { id: staged.id, attested: true })).errors?.[0]).toBeTruthy();
    await sql(t, `update users set is_suspended = false where id = $1`, [w.id]);
    expect(await subscriberCount(t, newsletterId)).toBe(0);
  });

  it('who may do what: only the writer uploads, confirms and reads the progress (table)', async () => {
    const { w, newsletterId } = await eligibleWriter(t, 'Table');
    const other = (await eligibleWriter(t, 'Stranger')).w;
    const staff = await newReader(t, 'Staff', { isStaff: true });
    const staged = (await uploadCsv(t, w, newsletterId, 'email\ntable1@example.org\n')).json().import;
    const actors: [string, Reader | null][] = [['writer', w], ['another writer', other], ['staff', staff], ['signed out', null]];
    const expected: Record<string, { upload: number; confirm: boolean; progress: boolean }> = {
      // The writer's confirmation starts the import, so their next file waits for it (400, IMPORT_MESSAGES.running).
      writer: { upload: 400, confirm: true, progress: true },
      'another writer': { upload: 403, confirm: false, progress: false },
      staff: { upload: 403, confirm: false, progress: false },
      'signed out': { upload: 401, confirm: false, progress: false },
    };
    const anon = (await import('../support/test-browser.js')).testBrowser(t.app);
    for (const [name, actor] of actors.reverse()) {
      const browser = actor?.browser ?? anon;
      const progress = (await browser.gql(PROGRESS, { id: staged.id })).data?.newsletterImport;
      const confirm = await browser.gql(CONFIRM, { id: staged.id, attested: true });
      const upload = (await uploadCsv(t, actor, newsletterId, 'email\ntable2@example.org\n')).statusCode;
      expect({ name, upload, confirm: !!confirm.data?.confirmNewsletterImport, progress: !!progress }).toEqual({ name, ...expected[name] });
    }
    // The writer's import runs to the end, so the next test's sweep starts with none pending.
    while ((await sweep().runBatch(50)) > 0);
  });

  it('refuses a file without an address column or not UTF-8', async () => {
    const { w, newsletterId } = await eligibleWriter(t, 'Files');
    const none = await uploadCsv(t, w, newsletterId, 'name,city\nAnn,Paris\n');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/No column of email addresses/);
    expect((await uploadCsv(t, w, newsletterId, Buffer.from([0x65, 0x6d, 0xff, 0xfe, 0x0a]))).statusCode).toBe(400);
  });

  it('resumes an import stopped mid-way, and a batch that failed half-way leaves no trace: every address once', async () => {
    const { w, newsletterId } = await eligibleWriter(t, 'Resume');
    const addresses = Array.from({ length: 230 }, (_, i) => `resume${i}@example.net`);
    const staged = (await uploadCsv(t, w, newsletterId, `email\n${addresses.join('\n')}\n`)).json().import;
    await w.browser.gql(CONFIRM, { id: staged.id, attested: true });
    // Two batches, then the process "stops".
    expect(await sweep().runBatch(50)).toBe(50);
    expect(await sweep().runBatch(50)).toBe(50);
    expect((await w.browser.gql(PROGRESS, { id: staged.id })).data.newsletterImport).toMatchObject({ state: 'IMPORTING', importedCount: 100, toImportCount: 130 });
    // The next batch fails on its 20th welcome email (a crash mid-transaction): all of it rolls back.
    await sql(t, `create function fail_resume() returns trigger language plpgsql as $$ begin raise exception 'crash'; end $$`);
    await sql(t, `create trigger fail_resume before insert on email_outbox for each row when (new.to_address = 'resume119@example.net') execute function fail_resume()`);
    await expect(sweep().runBatch(50)).rejects.toThrow();
    expect((await w.browser.gql(PROGRESS, { id: staged.id })).data.newsletterImport.importedCount).toBe(100);
    expect(await subscriberCount(t, newsletterId)).toBe(100);
    await sql(t, `drop trigger fail_resume on email_outbox`);
    // A new worker resumes where the last committed batch ended.
    while ((await sweep().runBatch(50)) > 0);
    expect((await w.browser.gql(PROGRESS, { id: staged.id })).data.newsletterImport).toMatchObject({ state: 'DONE', importedCount: 230, toImportCount: 0 });
    const subs = await sql(t, `select email, count(*)::int as n from newsletter_subscribers where newsletter_id = $1 group by email`, [newsletterId]);
    expect(subs.rows).toHaveLength(230);
    expect(subs.rows.every((r) => r.n === 1)).toBe(true);
    const mails = await sql(t, `select to_address, count(*)::int as n from email_outbox where to_address like 'resume%' group by to_address`);
    expect(mails.rows).toHaveLength(230);
    expect(mails.rows.every((r) => r.n === 1)).toBe(true);
    const consents = await sql(t, `select count(*)::int as n from newsletter_consents c join newsletter_subscribers s on s.id = c.subscriber_id where s.newsletter_id = $1`, [newsletterId]);
    expect(consents.rows[0].n).toBe(230);
    expect((await sql(t, `select subscriber_count as n from newsletters where id = $1`, [newsletterId])).rows[0].n).toBe(230);
    // The finished import keeps its counts, not its staged rows.
    expect((await sql(t, `select count(*)::int as n from newsletter_import_rows where import_id = $1`, [staged.id])).rows[0].n).toBe(0);
  });

  it('validates and imports a list of 100,000 addresses', { timeout: 900_000 }, async () => {
    const { w, newsletterId } = await eligibleWriter(t, 'Large');
    const rows = Array.from({ length: 100_000 }, (_, i) => `Reader ${i},reader${i}@big.example.com`);
    const csv = `name,email\n${rows.join('\n')}\n`;
    let started = performance.now();
    const res = await uploadCsv(t, w, newsletterId, csv);
    const validateMs = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const report = res.json().import;
    expect(report).toMatchObject({ totalRows: 100_000, toImportCount: 100_000, invalidCount: 0, duplicateCount: 0 });
    await w.browser.gql(CONFIRM, { id: report.id, attested: true });
    started = performance.now();
    const job = sweep();
    while ((await job.runBatch(500)) > 0);
    const importMs = performance.now() - started;
    console.log(`100,000-row list: validated in ${Math.round(validateMs)} ms, imported in ${Math.round(importMs / 1000)} s`);
    expect((await w.browser.gql(PROGRESS, { id: report.id })).data.newsletterImport).toMatchObject({ state: 'DONE', importedCount: 100_000 });
    expect((await sql(t, `select subscriber_count as n from newsletters where id = $1`, [newsletterId])).rows[0].n).toBe(100_000);
    expect((await sql(t, `select count(*)::int as n from email_outbox where to_address like '%@big.example.com'`)).rows[0].n).toBe(100_000);
  });
});
