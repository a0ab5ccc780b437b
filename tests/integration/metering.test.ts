import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIntegrationToken } from '../../src/modules/accounts/integration-tokens.js';
import { takeMeteredRead } from '../../src/modules/metering/meter.js';
import { METERING_MESSAGES } from '../../src/modules/metering/rule.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { connectDatabase } from '../../src/platform/db/client.js';
import { sharedPubSub } from '../../src/platform/pubsub/index.js';
import { SITE_SETTINGS_CHANNEL } from '../../src/modules/metering/settings.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { buildApp, type Renderer } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { grantMembership } from '../support/membership.js';
import { newReader, type Reader } from '../support/readers.js';
import { statementsDuring } from '../support/named-statements.js';
import { testBrowser, type GqlAnswer, type TestBrowser } from '../support/test-browser.js';

const LOCKED_LINE = 'Only the whole story has this sentence about quince jam.';
const paragraphs: Paragraph[] = ['One.', 'Two.', 'Three.', LOCKED_LINE].map((text, i) => ({ name: `m${i}`, type: 'P', text, markups: [] }));

const CONTENT = `query($id: ID!) { postResult(id: $id) { ... on Post { extendedPreviewContent { isFullContent }
  content { isLockedPreviewOnly metering { viaFriendLink freeStoriesPerMonth freeStoriesLeft heldUntilOpened } bodyModel { paragraphs { text } } } } } }`;
const UPDATE = `mutation($rule: MeteringRuleInput!) { updateMeteringRule(rule: $rule) { __typename
  ... on MeteringRule { enabled freeStoriesPerMonth tags friendLinks } ... on BadRequest { message } } }`;
const RULE = '{ meteringRule { enabled freeStoriesPerMonth tags friendLinks } }';
const FRIEND_LINK = 'query($id: ID!) { post(id: $id) { friendLink } }';

const OFF = { enabled: false, freeStoriesPerMonth: 3, tags: [] as string[], friendLinks: false };

/** Metering (beyond Medium, off by default): N free member-only stories a month, by tag, and writers' friend links. */
describe('metering', () => {
  let t: TestApp;
  let author: Reader;
  let staff: Reader;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    author = await newReader(t, 'Author');
    staff = await newReader(t, 'Staff', { isStaff: true });
  });

  const setRule = async (rule: Partial<typeof OFF>) => {
    const r = await staff.browser.gql(UPDATE, { rule: { ...OFF, ...rule } });
    expect(r.data.updateMeteringRule.__typename).toBe('MeteringRule');
  };
  beforeEach(() => setRule(OFF));

  const lockedStory = (tags: string[] = []) =>
    insertPublishedPost(t.database.db, { creatorId: author.id, title: `Locked ${++seq}`, subtitle: '', paragraphs, tags, isLocked: true, publishedAt: new Date('2026-01-01') });
  const read = async (b: TestBrowser, id: string) => (await b.gql(CONTENT, { id })).data.postResult;
  const rowsOf = async (readerId: string) => (await t.database.pool.query('select post_id, month::text from metered_reads where reader_id = $1 order by read_at', [readerId])).rows;

  describe('the rule, staff only', () => {
    type Who = 'visitor' | 'reader' | 'member' | 'author' | 'staff' | 'admin' | 'staff by integration token';
    /** Who may change (and read) the rule, and the error everyone else gets. */
    const TABLE: [Who, 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN'][] = [
      ['visitor', 'UNAUTHORIZED'],
      ['reader', 'FORBIDDEN'],
      ['member', 'FORBIDDEN'],
      ['author', 'FORBIDDEN'],
      ['staff', 'ok'],
      ['admin', 'ok'],
      ['staff by integration token', 'FORBIDDEN'],
    ];
    async function as(who: Who): Promise<{ gql(q: string, v?: Record<string, unknown>): Promise<GqlAnswer> }> {
      if (who === 'visitor') return testBrowser(t.app);
      if (who === 'author') return author.browser;
      if (who === 'staff') return staff.browser;
      if (who === 'admin') return (await newReader(t, 'Admin', { isStaff: true, isAdmin: true })).browser;
      if (who === 'staff by integration token') {
        const made = await createIntegrationToken(t.database.db, staff.id, `script ${++seq}`);
        if (made.kind !== 'created') throw new Error(made.message);
        return {
          gql: async (query, variables = {}) =>
            (await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, authorization: `Bearer ${made.secret}`, 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) })).json() as GqlAnswer,
        };
      }
      const r = await newReader(t, who);
      if (who === 'member') await grantMembership(t.database.db, r.id);
      return r.browser;
    }

    it.each(TABLE)('%s: %s', async (who, expected) => {
      const b = await as(who);
      const wanted = { enabled: true, freeStoriesPerMonth: 7, tags: ['poetry'], friendLinks: true };
      const changed = await b.gql(UPDATE, { rule: wanted });
      const readBack = await b.gql(RULE);
      if (expected === 'ok') {
        expect(changed.data.updateMeteringRule).toEqual({ __typename: 'MeteringRule', ...wanted });
        expect(readBack.data.meteringRule).toEqual(wanted);
      } else {
        expect(changed.errors?.[0]?.extensions?.code).toBe(expected);
        expect(readBack.errors?.[0]?.extensions?.code).toBe(expected);
        expect((await staff.browser.gql(RULE)).data.meteringRule).toEqual(OFF);
      }
    });

    it.each([
      [{ freeStoriesPerMonth: 0 }, METERING_MESSAGES.freeStories],
      [{ freeStoriesPerMonth: 101 }, METERING_MESSAGES.freeStories],
      [{ tags: ['Not a slug!'] }, METERING_MESSAGES.tags],
      [{ tags: Array.from({ length: 21 }, (_, i) => `tag-${i}`) }, METERING_MESSAGES.tags],
    ])('refuses %j with a clear message and changes nothing', async (bad, message) => {
      await setRule({ enabled: true, freeStoriesPerMonth: 5 });
      const r = await staff.browser.gql(UPDATE, { rule: { ...OFF, enabled: true, ...bad } });
      expect(r.data.updateMeteringRule).toEqual({ __typename: 'BadRequest', message });
      expect((await staff.browser.gql(RULE)).data.meteringRule.freeStoriesPerMonth).toBe(5);
    });
  });

  it('off: a non-member’s member-only story costs the statements of a public one (the kept rule, no statement)', async () => {
    const reader = await newReader(t, 'Cheap');
    const locked = await lockedStory();
    const open = await insertPublishedPost(t.database.db, { creatorId: author.id, title: 'Open', subtitle: '', paragraphs, tags: [], publishedAt: new Date('2026-01-01') });
    // Both read once first: the rule is read once per process (and after a change), bodies are kept.
    await read(reader.browser, locked);
    await read(reader.browser, open);
    const lockedCost = await statementsDuring(t.database.db.$client, () => read(reader.browser, locked));
    const openCost = await statementsDuring(t.database.db.$client, () => read(reader.browser, open));
    expect(lockedCost).toEqual(openCost);
    expect(lockedCost.join('\n')).not.toMatch(/site_settings|metered_reads/);
  });

  it('off: a reader gets the preview and nothing is counted', async () => {
    const reader = await newReader(t, 'Off');
    const id = await lockedStory();
    const post = await read(reader.browser, id);
    expect(post.content.isLockedPreviewOnly).toBe(true);
    expect(post.content.metering).toBeNull();
    expect(JSON.stringify(post)).not.toContain('quince');
    expect(await rowsOf(reader.id)).toEqual([]);
  });

  it('on: N free stories a month, the same story again free, then the preview; the page says how many are left', async () => {
    await setRule({ enabled: true, freeStoriesPerMonth: 2 });
    const reader = await newReader(t, 'Metered');
    const [a, b, c] = [await lockedStory(), await lockedStory(), await lockedStory()];

    const first = await read(reader.browser, a);
    expect(first.content).toMatchObject({ isLockedPreviewOnly: false, metering: { viaFriendLink: false, freeStoriesPerMonth: 2, freeStoriesLeft: 1 } });
    expect(first.extendedPreviewContent.isFullContent).toBe(true);
    expect(first.content.bodyModel.paragraphs.at(-1).text).toBe(LOCKED_LINE);
    expect((await read(reader.browser, a)).content.metering.freeStoriesLeft).toBe(1);
    expect((await read(reader.browser, b)).content).toMatchObject({ isLockedPreviewOnly: false, metering: { freeStoriesLeft: 0 } });
    const third = await read(reader.browser, c);
    expect(third.content).toMatchObject({ isLockedPreviewOnly: true, metering: { freeStoriesLeft: 0 } });
    expect(JSON.stringify(third)).not.toContain('quince');
    // Stories read this month stay whole.
    expect((await read(reader.browser, a)).content.isLockedPreviewOnly).toBe(false);
    expect((await rowsOf(reader.id)).map((r) => r.post_id)).toEqual([a, b]);

    const other = await newReader(t, 'Paged');
    const { rows } = await t.database.pool.query<{ username: string; slug: string }>('select u.username, p.slug from posts p join users u on u.id = p.creator_id where p.id = $1', [c]);
    const page = await other.browser.get(`/@${rows[0]!.username}/${rows[0]!.slug}-${c}`);
    expect(page.body).toContain('You have 1 free member-only story left this month.');
    expect(page.body).toContain(LOCKED_LINE);
    expect(page.body).not.toContain('data-testid="paywall"');
    const spent = await reader.browser.get(`/@${rows[0]!.username}/${rows[0]!.slug}-${c}`);
    expect(spent.body).toContain('You’ve read your 2 free member-only stories this month.');
    expect(spent.body).toContain('data-testid="paywall"');
    expect(spent.body).not.toContain('quince');
  });

  it('on: a page asked for ahead of a click (a hovered link) spends no free story and holds the text until it is opened', async () => {
    await setRule({ enabled: true, freeStoriesPerMonth: 2 });
    const reader = await newReader(t, 'Hoverer');
    const [a, b] = [await lockedStory(), await lockedStory()];
    const prefetch = { 'inkwell-purpose': 'prefetch' };
    const hovered = (await reader.browser.gql(CONTENT, { id: a }, prefetch)).data.postResult;
    expect(hovered.content).toMatchObject({ isLockedPreviewOnly: true, metering: { heldUntilOpened: true, freeStoriesLeft: null } });
    expect(JSON.stringify(hovered)).not.toContain('quince');
    expect(await rowsOf(reader.id)).toEqual([]);
    // Opened: counted once, whole; hovered again afterwards it is whole without counting again.
    expect((await read(reader.browser, a)).content).toMatchObject({ isLockedPreviewOnly: false, metering: { freeStoriesLeft: 1, heldUntilOpened: false } });
    const again = (await reader.browser.gql(CONTENT, { id: a }, prefetch)).data.postResult;
    expect(again.content.isLockedPreviewOnly).toBe(false);
    expect(again.content.bodyModel.paragraphs.at(-1).text).toBe(LOCKED_LINE);
    // Hovering the month's other stories spends nothing: the second free story is still there.
    await reader.browser.gql(CONTENT, { id: b }, prefetch);
    expect((await rowsOf(reader.id)).map((r) => r.post_id)).toEqual([a]);
    expect((await read(reader.browser, b)).content.metering.freeStoriesLeft).toBe(0);
  });

  it('on: visitors, members, the author and staff are not metered', async () => {
    await setRule({ enabled: true, freeStoriesPerMonth: 2 });
    const id = await lockedStory();
    const visitor = await read(testBrowser(t.app), id);
    expect(visitor.content).toMatchObject({ isLockedPreviewOnly: true, metering: null });
    const member = await newReader(t, 'Paying');
    await grantMembership(t.database.db, member.id);
    for (const b of [member.browser, author.browser, staff.browser]) expect((await read(b, id)).content).toMatchObject({ isLockedPreviewOnly: false, metering: null });
    expect(await rowsOf(member.id)).toEqual([]);
  });

  it('by tag: only stories with a named tag are metered', async () => {
    await setRule({ enabled: true, freeStoriesPerMonth: 5, tags: ['poetry'] });
    const reader = await newReader(t, 'Tagged');
    const poem = await lockedStory(['poetry', 'spring']);
    const essay = await lockedStory(['essays']);
    expect((await read(reader.browser, poem)).content).toMatchObject({ isLockedPreviewOnly: false, metering: { freeStoriesLeft: 4 } });
    expect((await read(reader.browser, essay)).content).toMatchObject({ isLockedPreviewOnly: true, metering: null });
    expect((await rowsOf(reader.id)).map((r) => r.post_id)).toEqual([poem]);
  });

  it('counts per calendar month (UTC): last month’s reads do not count in this one', async () => {
    const reader = await newReader(t, 'Monthly');
    const [a, b, c] = [await lockedStory(), await lockedStory(), await lockedStory()];
    const lastMonth = new Date(Date.UTC(2026, 9, 31, 23, 59));
    const thisMonth = new Date(Date.UTC(2026, 10, 1, 0, 1));
    expect(await takeMeteredRead(t.database.db, reader.id, a, 2, lastMonth)).toEqual({ granted: true, left: 1 });
    expect(await takeMeteredRead(t.database.db, reader.id, b, 2, lastMonth)).toEqual({ granted: true, left: 0 });
    expect(await takeMeteredRead(t.database.db, reader.id, c, 2, lastMonth)).toEqual({ granted: false, left: 0 });
    expect(await takeMeteredRead(t.database.db, reader.id, c, 2, thisMonth)).toEqual({ granted: true, left: 1 });
    expect(await takeMeteredRead(t.database.db, reader.id, a, 2, thisMonth)).toEqual({ granted: true, left: 0 });
    expect(await takeMeteredRead(t.database.db, reader.id, a, 2, thisMonth)).toEqual({ granted: true, left: 0 });
    expect((await rowsOf(reader.id)).map((r) => r.month)).toEqual(['2026-10-01', '2026-10-01', '2026-11-01', '2026-11-01']);
  });

  it('never grants more than N when a reader opens stories at once', async () => {
    const reader = await newReader(t, 'Racing');
    const ids = await Promise.all(Array.from({ length: 6 }, () => lockedStory()));
    const results = await Promise.all(ids.map((id) => takeMeteredRead(t.database.db, reader.id, id, 3)));
    expect(results.filter((r) => r.granted)).toHaveLength(3);
    expect(await rowsOf(reader.id)).toHaveLength(3);
  });

  it('a rule stored by another process is read again when pub/sub says so, kept until then', async () => {
    const other = connectDatabase(t.database.db.$client.options, 2);
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', CAPTCHA_PROVIDER: 'none' });
    const b = await buildApp({ config, db: other.db, logger: createLogger('silent'), loadRenderer: async () => (await import('../../src/web/entry-server.js')) as Renderer });
    try {
      await b.ready();
      const reader = await newReader(t, 'Elsewhere');
      const onB = testBrowser(b);
      onB.jar.set('sid', reader.browser.jar.get('sid')!);
      const id = await lockedStory();
      // B reads (and keeps) the rule: off.
      expect((await read(onB, id)).content).toMatchObject({ isLockedPreviewOnly: true, metering: null });
      // Another process stores a rule: this one keeps what it read until it hears of the change.
      await t.database.pool.query(`update site_settings set value = '{"enabled":true,"freeStoriesPerMonth":2,"tags":[],"friendLinks":false}' where key = 'metering'`);
      expect((await read(onB, id)).content).toMatchObject({ isLockedPreviewOnly: true, metering: null });
      await (await sharedPubSub()).publish(SITE_SETTINGS_CHANNEL, 'changed');
      await new Promise((r) => setTimeout(r, 10));
      expect((await read(onB, id)).content).toMatchObject({ isLockedPreviewOnly: false, metering: { freeStoriesLeft: 1 } });
    } finally {
      await b.close();
      await other.close();
    }
  });

  describe('friend links', () => {
    const link = async (id: string) => (await author.browser.gql(FRIEND_LINK, { id })).data.post.friendLink as string | null;

    it('are offered to the author only, and only when the rule allows them', async () => {
      const id = await lockedStory();
      expect(await link(id)).toBeNull();
      await setRule({ friendLinks: true });
      const url = await link(id);
      expect(url).toMatch(new RegExp(`^http://${TEST_HOST}/@[^/]+/locked-\\d+-${id}\\?sk=[A-Za-z0-9_-]{22}$`));
      expect((await staff.browser.gql(FRIEND_LINK, { id })).data.post.friendLink).toBeNull();
      const open = await insertPublishedPost(t.database.db, { creatorId: author.id, title: 'Open', subtitle: '', paragraphs, tags: [], publishedAt: new Date('2026-01-01') });
      expect(await link(open)).toBeNull();
    });

    it('open the story whole to anyone arriving by one, without counting; a wrong key or another story’s opens nothing', async () => {
      await setRule({ enabled: true, freeStoriesPerMonth: 1, friendLinks: true });
      const id = await lockedStory();
      const otherId = await lockedStory();
      const url = new URL((await link(id))!);
      const sk = url.searchParams.get('sk')!;

      const visitorPage = await testBrowser(t.app).get(url.pathname + url.search);
      expect(visitorPage.statusCode).toBe(200);
      expect(visitorPage.body).toContain(LOCKED_LINE);
      expect(visitorPage.body).toContain('through the writer’s friend link');

      // The story's short address keeps the key through the redirect to the canonical one.
      const short = await testBrowser(t.app).get(`/p/${id}?sk=${sk}`);
      expect(short.statusCode).toBe(301);
      expect(short.headers.location).toBe(url.pathname + url.search);

      const reader = await newReader(t, 'Befriended');
      const viaLink = await reader.browser.get(url.pathname + url.search);
      expect(viaLink.body).toContain(LOCKED_LINE);
      expect(await rowsOf(reader.id)).toEqual([]);

      // The page's own GraphQL requests carry the page's address (inkwell-path).
      const gql = async (path: string, storyId: string) =>
        (
          await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/json', 'inkwell-path': path }, payload: JSON.stringify({ query: CONTENT, variables: { id: storyId } }) })
        ).json().data.postResult.content;
      expect(await gql(url.pathname + url.search, id)).toMatchObject({ isLockedPreviewOnly: false, metering: { viaFriendLink: true, freeStoriesLeft: null } });
      expect(await gql(`/x?sk=${sk}`, otherId)).toMatchObject({ isLockedPreviewOnly: true });
      expect(await gql(`/x?sk=${sk.slice(0, -1)}A`, id)).toMatchObject({ isLockedPreviewOnly: true });

      const wrong = await testBrowser(t.app).get(`${url.pathname}?sk=${'A'.repeat(22)}`);
      expect(wrong.body).not.toContain('quince');

      // Friend links off again: the same link opens nothing.
      await setRule({ enabled: true, freeStoriesPerMonth: 1, friendLinks: false });
      expect((await testBrowser(t.app).get(url.pathname + url.search)).body).not.toContain('quince');
    });
  });
});
