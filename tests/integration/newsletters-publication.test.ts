import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';
import { setSubscription } from '../../src/modules/newsletters/commands.js';
import { ensureWriterNewsletter } from '../../src/modules/newsletters/commands.js';

const CREATE_PUB = `mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id slug } } } }`;
const RESULT = `__typename ... on NewsletterV3Success { newsletterV3 { id slug name description showPromo type collection { id } } }
  ... on NotFound { message } ... on BadRequest { message } ... on Unauthorized { message } ... on Forbidden { message } ... on AlreadyExists { message }`;
const CREATE = `mutation($id: ID!, $input: NewsletterV3Input!) { createNewsletterV3(collectionId: $id, input: $input) { ${RESULT} } }`;
const UPDATE = `mutation($id: ID!, $input: NewsletterV3Input!) { updateNewsletterV3(newsletterV3Id: $id, input: $input) { ${RESULT} } }`;
const AUDIENCE = `active pending unsubscribed hardBounces complaints otherSuppressed newSubscribers { day count }
  subscribers(paging: { limit: 2 }) { subscribers { email state source user { id } } pagingInfo { next { limit to } } }`;
const NEWSLETTER_AUDIENCE = `query($id: ID!) { newsletterV3(id: $id) { id viewerCanEdit audience { ${AUDIENCE} } } }`;
const USER_AUDIENCE = `query($id: ID!) { userResult(id: $id) { ... on User { audience { ${AUDIENCE} } } } }`;

describe('publication newsletters', () => {
  let t: TestApp;
  let owner: Reader;
  let editor: Reader;
  let writer: Reader;
  let other: Reader;
  let pub: { id: string; slug: string };
  const sql = async <T = Record<string, any>>(text: string, values: unknown[] = []) => (await t.database.db.$client.query(text, values)).rows as T[];
  const count = async () => (await sql<{ n: number }>(`select count(*)::int as n from newsletters where collection_id = $1`, [pub.id]))[0]!.n;
  const anonymous = () => ({ browser: testBrowser(t.app) });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, editor, writer, other] = await Promise.all(['Owner', 'Editor', 'Writer', 'Other'].map((n) => newReader(t, n)));
    pub = (await owner.browser.gql(CREATE_PUB, { input: { name: 'The Weekly Review', slug: 'weekly-review' } })).data.createCollection.collection;
    await sql(`insert into publication_members (publication_id, user_id, role) values ($1, $2, 'EDITOR'), ($1, $3, 'WRITER')`, [pub.id, editor.id, writer.id]);
  });

  it('lets the owner and editors create and update the newsletter; writers, others and logged-out visitors are refused and nothing is written', async () => {
    const table: [string, () => { browser: Reader['browser'] }, string][] = [
      ['logged out', anonymous, 'Unauthorized'],
      ['other', () => other, 'Forbidden'],
      ['writer', () => writer, 'Forbidden'],
      ['editor', () => editor, 'NewsletterV3Success'],
      ['owner', () => owner, 'NewsletterV3Success'],
    ];
    for (const [who, as, expected] of table) {
      const before = await count();
      const made = (await as().browser.gql(CREATE, { id: pub.id, input: { name: `By ${who}`, slug: `by-${who.replace(' ', '-')}` } })).data.createNewsletterV3;
      expect(made.__typename, who).toBe(expected);
      expect(await count(), who).toBe(before + (expected === 'NewsletterV3Success' ? 1 : 0));
    }
    const [target] = await sql<{ id: string }>(`select id from newsletters where collection_id = $1 and slug = 'by-owner'`, [pub.id]);
    for (const [who, as, expected] of table) {
      const updated = (await as().browser.gql(UPDATE, { id: target!.id, input: { name: `Renamed by ${who}`, slug: 'by-owner', description: 'Weekly notes' } })).data.updateNewsletterV3;
      expect(updated.__typename, who).toBe(expected);
      const [row] = await sql<{ name: string }>(`select name from newsletters where id = $1`, [target!.id]);
      if (expected === 'NewsletterV3Success') expect(row!.name).toBe(`Renamed by ${who}`);
      else expect(row!.name, who).not.toBe(`Renamed by ${who}`);
    }
    const audit = await sql(`select action from publication_audit_log where publication_id = $1 and action like 'newsletter.%'`, [pub.id]);
    expect(audit.filter((a) => a.action === 'newsletter.created')).toHaveLength(2);
  });

  it('checks name, slug and description, refuses a taken slug in the same publication, and writes nothing on bad input', async () => {
    const before = await count();
    const bad = [
      [{ name: '' }, 'A newsletter needs a name of 1 to 60 characters.'],
      [{ name: 'x'.repeat(61) }, 'A newsletter needs a name of 1 to 60 characters.'],
      [{ name: 'Fine', slug: 'Bad Slug!' }, 'The newsletter URL must be 3 to 40 lowercase letters, digits or single hyphens.'],
      [{ name: 'Fine', slug: 'a--b' }, 'The newsletter URL must be 3 to 40 lowercase letters, digits or single hyphens.'],
      [{ name: 'Fine', slug: 'ab' }, 'The newsletter URL must be 3 to 40 lowercase letters, digits or single hyphens.'],
      [{ name: 'Fine', description: 'd'.repeat(281) }, 'A newsletter description is at most 280 characters.'],
    ] as const;
    for (const [input, message] of bad) {
      const answer = (await owner.browser.gql(CREATE, { id: pub.id, input })).data.createNewsletterV3;
      expect(answer, JSON.stringify(input)).toEqual({ __typename: 'BadRequest', message });
    }
    const made = (await owner.browser.gql(CREATE, { id: pub.id, input: { name: 'Sunday Letters', description: '  Every Sunday.  ', showPromo: false } })).data.createNewsletterV3;
    expect(made.newsletterV3).toMatchObject({ slug: 'sunday-letters', name: 'Sunday Letters', description: 'Every Sunday.', showPromo: false, type: 'COLLECTION', collection: { id: pub.id } });
    const taken = (await editor.browser.gql(CREATE, { id: pub.id, input: { name: 'Other', slug: 'SUNDAY-letters' } })).data.createNewsletterV3;
    expect(taken).toEqual({ __typename: 'AlreadyExists', message: 'That newsletter URL is taken in this publication. Please choose another.' });
    // Renaming another newsletter onto a taken slug is refused too, and leaves it as it was.
    const second = (await owner.browser.gql(CREATE, { id: pub.id, input: { name: 'Monday Letters' } })).data.createNewsletterV3.newsletterV3;
    const clash = (await owner.browser.gql(UPDATE, { id: second.id, input: { name: 'Monday Letters', slug: 'sunday-letters' } })).data.updateNewsletterV3;
    expect(clash.__typename).toBe('AlreadyExists');
    expect((await sql(`select slug from newsletters where id = $1`, [second.id]))[0]!.slug).toBe('monday-letters');
    expect(await count()).toBe(before + 2);
    // Another publication may use the same slug.
    const elsewhere = (await other.browser.gql(CREATE_PUB, { input: { name: 'Elsewhere', slug: 'elsewhere-pub' } })).data.createCollection.collection;
    expect((await other.browser.gql(CREATE, { id: elsewhere.id, input: { name: 'Sunday Letters' } })).data.createNewsletterV3.__typename).toBe('NewsletterV3Success');
    expect((await owner.browser.gql(CREATE, { id: '000000000000', input: { name: 'Nowhere' } })).data.createNewsletterV3.__typename).toBe('NotFound');
  });

  it("lets a writer edit their own newsletter's name but not its slug, and nobody else", async () => {
    const mine = (await ensureWriterNewsletter(t.database.db, other.id))!;
    expect((await owner.browser.gql(UPDATE, { id: mine.id, input: { name: 'Not yours' } })).data.updateNewsletterV3.__typename).toBe('Forbidden');
    const ok = (await other.browser.gql(UPDATE, { id: mine.id, input: { name: 'Notes from Other', slug: 'changed-slug' } })).data.updateNewsletterV3;
    expect(ok.newsletterV3).toMatchObject({ name: 'Notes from Other', slug: mine.slug });
  });

  it('shows the audience to the editors only: counts by state, suppressed subscribers, new subscribers per day, the list with shared addresses only', async () => {
    const n = (await owner.browser.gql(CREATE, { id: pub.id, input: { name: 'Audience Test' } })).data.createNewsletterV3.newsletterV3;
    const readers = await Promise.all(['A', 'B', 'C'].map((x) => newReader(t, `Sub${x}`)));
    await t.database.db.transaction(async (tx) => {
      for (const r of readers) await setSubscription(tx, { newsletterId: n.id, who: { userId: r.id }, state: 'ACTIVE', source: 'ONE_CLICK', shareEmail: r !== readers[1] });
      await setSubscription(tx, { newsletterId: n.id, who: { email: 'bounced@example.com' }, state: 'ACTIVE', source: 'EMAIL_FORM' });
      await setSubscription(tx, { newsletterId: n.id, who: { email: 'waiting@example.com' }, state: 'PENDING', source: 'EMAIL_FORM' });
      await setSubscription(tx, { newsletterId: n.id, who: { email: 'gone@example.com' }, state: 'UNSUBSCRIBED', source: 'EMAIL_FORM' });
    });
    await sql(`insert into email_suppressions (address, reason, suppressed_at) values ('bounced@example.com', 'HARD_BOUNCE', now()), ('gone@example.com', 'COMPLAINT', now())`);
    const [hidden] = await sql<{ email: string }>(`select email from users where id = $1`, [readers[1]!.id]);

    for (const who of [owner, editor]) {
      const a = (await who.browser.gql(NEWSLETTER_AUDIENCE, { id: n.id })).data.newsletterV3;
      expect(a.viewerCanEdit).toBe(true);
      // The unsubscribed complaint is not counted among subscribers' suppressions.
      expect(a.audience).toMatchObject({ active: 4, pending: 1, unsubscribed: 1, hardBounces: 1, complaints: 0, otherSuppressed: 0 });
      expect(a.audience.newSubscribers).toHaveLength(30);
      expect(a.audience.newSubscribers.at(-1).count).toBe(4);
    }
    for (const who of [writer, other]) expect((await who.browser.gql(NEWSLETTER_AUDIENCE, { id: n.id })).data.newsletterV3).toEqual({ id: n.id, viewerCanEdit: false, audience: null });
    expect((await anonymous().browser.gql(NEWSLETTER_AUDIENCE, { id: n.id })).data.newsletterV3.audience).toBeNull();

    // Paged newest first; every subscriber listed once; an address only for those who share it.
    const seen: { email: string | null; user: { id: string } | null }[] = [];
    let to: string | undefined;
    for (let page = 0; page < 5; page++) {
      const q = `query($id: ID!, $to: String) { newsletterV3(id: $id) { audience { subscribers(paging: { limit: 2, to: $to }) { subscribers { email user { id } } pagingInfo { next { to } } } } } }`;
      const s = (await owner.browser.gql(q, { id: n.id, to })).data.newsletterV3.audience.subscribers;
      seen.push(...s.subscribers);
      to = s.pagingInfo.next?.to;
      if (!to) break;
    }
    expect(seen).toHaveLength(6);
    expect(seen.find((s) => s.user?.id === readers[1]!.id)!.email).toBeNull();
    expect(JSON.stringify(seen)).not.toContain(hidden!.email);
    expect(seen.filter((s) => s.email).map((s) => s.email)).toEqual(expect.arrayContaining(['bounced@example.com', 'waiting@example.com']));
  });

  it("shows the writer their own audience at /@{username}/audience, nobody else, and exports active subscribers, addresses only where shared, as safe CSV", async () => {
    const author = await newReader(t, 'Author');
    const [{ username }] = (await sql<{ username: string }>(`select username from users where id = $1`, [author.id])) as [{ username: string }];
    // Before the newsletter exists: zeros for the writer, an empty file.
    expect((await author.browser.gql(USER_AUDIENCE, { id: author.id })).data.userResult.audience).toMatchObject({ active: 0, pending: 0 });
    const empty = await author.browser.get(`/@${username}/audience/stats/export`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('email,name,username,source,subscribed_at\r\n');

    const n = (await ensureWriterNewsletter(t.database.db, author.id))!;
    const hostile = ['=HYPERLINK("http://evil.example","x")@example.com', '+cmd@example.com', '-sum@example.com', '@at@example.com', 'comma,quote"@example.com'];
    await t.database.db.transaction(async (tx) => {
      for (const email of hostile) await setSubscription(tx, { newsletterId: n.id, who: { email }, state: 'ACTIVE', source: 'IMPORT' });
      await setSubscription(tx, { newsletterId: n.id, who: { email: 'private@example.com' }, state: 'ACTIVE', source: 'EMAIL_FORM', shareEmail: false });
      await setSubscription(tx, { newsletterId: n.id, who: { email: 'pending@example.com' }, state: 'PENDING', source: 'EMAIL_FORM' });
      await setSubscription(tx, { newsletterId: n.id, who: { email: 'left@example.com' }, state: 'UNSUBSCRIBED', source: 'EMAIL_FORM' });
    });
    expect((await author.browser.gql(USER_AUDIENCE, { id: author.id })).data.userResult.audience).toMatchObject({ active: 6, pending: 1, unsubscribed: 1 });
    for (const who of [other, owner]) expect((await who.browser.gql(USER_AUDIENCE, { id: author.id })).data.userResult.audience).toBeNull();

    const res = await author.browser.get(`/@${username}/audience/stats/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,name,username,source,subscribed_at');
    // Active subscribers only; the one who did not share their address is listed without it.
    expect(lines).toHaveLength(1 + hostile.length + 1);
    expect(res.body).not.toContain('private@example.com');
    expect(res.body).not.toContain('pending@example.com');
    expect(res.body).not.toContain('left@example.com');
    // Every cell a spreadsheet would run starts with an apostrophe; quotes and commas stay inside one cell.
    const cells = lines.slice(1).map((l) => l.match(/^("(?:[^"]|"")*"|[^,]*),/)![1]!);
    expect(cells).toEqual(
      expect.arrayContaining([`"'=hyperlink(""http://evil.example"",""x"")@example.com"`, `'+cmd@example.com`, `'-sum@example.com`, `'@at@example.com`, `"comma,quote""@example.com"`, '']),
    );
    expect((await other.browser.get(`/@${username}/audience/stats/export`)).statusCode).toBe(403);
    expect((await anonymous().browser.get(`/@${username}/audience/stats/export`)).statusCode).toBe(401);
  });

  it('answers the pages: 404 to readers without a newsletter, the way to make one for editors; settings and stats for editors only', async () => {
    const status = async (who: { browser: Reader['browser'] }, path: string) => (await who.browser.get(path)).statusCode;
    const bare = (await owner.browser.gql(CREATE_PUB, { input: { name: 'No Letters Yet', slug: 'no-letters-yet' } })).data.createCollection.collection;
    await sql(`insert into publication_members (publication_id, user_id, role) values ($1, $2, 'EDITOR'), ($1, $3, 'WRITER')`, [bare.id, editor.id, writer.id]);
    for (const who of [anonymous(), other, writer]) expect(await status(who, `/${bare.slug}/newsletter`)).toBe(404);
    const promo = await editor.browser.get(`/${bare.slug}/newsletter`);
    expect(promo.statusCode).toBe(200);
    expect(promo.body).toContain('Create a newsletter');
    expect(promo.body).toContain(`href="/${bare.slug}/new-newsletter"`);
    for (const who of [anonymous(), other, writer]) expect(await status(who, `/${bare.slug}/new-newsletter`)).toBe(404);
    expect(await status(owner, `/${bare.slug}/new-newsletter`)).toBe(200);
    // The settings page leads editors to make one.
    expect((await owner.browser.get(`/${bare.slug}/settings`)).body).toContain(`href="/${bare.slug}/new-newsletter"`);

    const n = (await owner.browser.gql(CREATE, { id: bare.id, input: { name: 'First <Letter>', description: '<script>alert(1)</script>' } })).data.createNewsletterV3.newsletterV3;
    for (const who of [anonymous(), other, writer, editor]) {
      const landing = await who.browser.get(`/${bare.slug}/newsletters/${n.slug}`);
      expect(landing.statusCode).toBe(200);
      expect(landing.body).toContain('First &lt;Letter&gt;');
      expect(landing.body).not.toContain('<script>alert(1)</script>');
      expect(await status(who, `/${bare.slug}/newsletter`)).toBe(200);
      expect(await status(who, `/${bare.slug}/newsletters/no-such-letter`)).toBe(404);
    }
    expect((await anonymous().browser.get(`/${bare.slug}/newsletters/${n.slug}`)).body).toContain('data-testid="email-subscribe-form"');
    expect((await owner.browser.get(`/${bare.slug}/settings`)).body).toContain(`href="/${bare.slug}/newsletters/${n.slug}/settings"`);
    for (const path of [`/${bare.slug}/newsletters/${n.slug}/settings`, `/${bare.slug}/newsletters/${n.slug}/stats`]) {
      for (const who of [anonymous(), other, writer]) expect(await status(who, path), path).toBe(404);
      for (const who of [owner, editor]) expect(await status(who, path), path).toBe(200);
    }
    expect(await status(owner, `/${bare.slug}/newsletters/no-such-letter/settings`)).toBe(404);
    const [{ username }] = (await sql<{ username: string }>(`select username from users where id = $1`, [writer.id])) as [{ username: string }];
    expect(await status(writer, `/@${username}/audience`)).toBe(200);
    expect(await status(writer, `/@${username}/audience/subscribers`)).toBe(200);
    expect(await status(writer, `/@${username}/audience/elsewhere`)).toBe(404);
    for (const who of [anonymous(), other, owner]) expect(await status(who, `/@${username}/audience`)).toBe(404);
  });
});
