import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';
import { DAY_MS, manualClock } from '../../src/platform/clock.js';
import { recordStoryView } from '../../src/modules/stats/commands.js';
import { publicationStats } from '../../src/modules/stats/queries.js';
import { STORY_VIEW_PATH, STORY_VIEW_RATE_LIMITS } from '../../src/modules/stats/http.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CREATE = `mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id } } } }`;
const STATS = `query($id: ID!, $days: Int) { publicationStats(collectionId: $id, days: $days) { __typename
  ... on PublicationStats { totalViews totalReads totalNewFollowers views { day count } stories { postId title views reads claps } }
  ... on Forbidden { message } ... on Unauthorized { message } ... on NotFound { message } ... on BadRequest { message } } }`;

describe('publication stats', () => {
  let t: TestApp;
  let owner: Reader;
  let pubId: string;
  let storyId: string;

  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.database.db.$client.query(text, values)).rows as T[];
  const viewsToday = async (postId: string) => (await sql<{ views: number }>('select views from story_view_days where post_id = $1', [postId]))[0]?.views ?? 0;

  /** The story page's POST, as the browser sends it: JSON, and the session's xsrf token when signed in. */
  const sendView = async (browser: TestBrowser, postId: string, opts: { xsrf?: string; userAgent?: string; contentType?: string } = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: STORY_VIEW_PATH,
      headers: {
        host: TEST_HOST,
        cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': opts.contentType ?? 'application/json',
        'user-agent': opts.userAgent ?? CHROME,
        ...(opts.xsrf ? { 'x-xsrf-token': opts.xsrf } : {}),
      },
      payload: JSON.stringify({ postId }),
    });
    for (const c of [res.headers['set-cookie'] ?? []].flat()) {
      const [name, ...value] = c.split(';')[0]!.split('=');
      browser.jar.set(name!, value.join('='));
    }
    return res.statusCode;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Owner');
    pubId = (await owner.browser.gql(CREATE, { input: { name: 'Stats Review', slug: 'stats-review' } })).data.createCollection.collection.id;
    storyId = await newStory(t, owner.id, { title: 'Counted story' });
    await sql('update posts set collection_id = $1 where id = $2', [pubId, storyId]);
  });

  it('counts a reader once a day, a logged-out visitor once by their lo_ id, never a bot or the writer', async () => {
    const reader = await newReader(t, 'Reader');
    expect(await sendView(reader.browser, storyId, { xsrf: reader.xsrf })).toBe(204);
    expect(await sendView(reader.browser, storyId, { xsrf: reader.xsrf })).toBe(204);
    expect(await viewsToday(storyId)).toBe(1);

    const visitor = testBrowser(t.app);
    expect(await sendView(visitor, storyId)).toBe(204);
    expect(visitor.jar.get('uid')).toMatch(/^lo_/);
    expect(await sendView(visitor, storyId)).toBe(204);
    expect(await viewsToday(storyId)).toBe(2);

    expect(await sendView(testBrowser(t.app), storyId, { userAgent: GOOGLEBOT })).toBe(204);
    expect(await sendView(testBrowser(t.app), storyId, { userAgent: '' })).toBe(204);
    expect(await sendView(owner.browser, storyId, { xsrf: owner.xsrf })).toBe(204);
    expect(await viewsToday(storyId)).toBe(2);
    expect(await sql('select visitor from story_view_visitors where post_id = $1 order by visitor', [storyId])).toEqual(
      [{ visitor: reader.id }, { visitor: visitor.jar.get('uid') }].sort((a, b) => (a.visitor! < b.visitor! ? -1 : 1)),
    );
  });

  it('refuses a view another site could have sent, and bad input, changing nothing', async () => {
    const reader = await newReader(t, 'Forged');
    expect(await sendView(reader.browser, storyId)).toBe(403); // signed in without the xsrf token
    expect(await sendView(reader.browser, storyId, { xsrf: 'x'.repeat(reader.xsrf.length) })).toBe(403);
    expect(await sendView(testBrowser(t.app), storyId, { contentType: 'text/plain' })).toBe(403);
    expect(await sendView(testBrowser(t.app), 'not-an-id')).toBe(400);
    expect(await viewsToday(storyId)).toBe(2);
  });

  it('rate-limits one visitor (the shared limiter): the 61st view in a minute is refused', async () => {
    const visitor = testBrowser(t.app);
    const elsewhere = await newStory(t, owner.id, { title: 'Not in the publication' });
    const answers: number[] = [];
    for (let i = 0; i < STORY_VIEW_RATE_LIMITS[0]!.limit + 1; i++) answers.push(await sendView(visitor, elsewhere));
    expect(answers.slice(0, -1).every((s) => s === 204)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('counts per UTC day on the clock; reads, new followers and the per-story table over the window', async () => {
    const pub = (await owner.browser.gql(CREATE, { input: { name: 'Days Review', slug: 'days-review' } })).data.createCollection.collection.id as string;
    const a = await newStory(t, owner.id, { title: 'First' });
    const b = await newStory(t, owner.id, { title: 'Second' });
    const elsewhere = await newStory(t, owner.id, { title: 'Not in it' });
    await sql('update posts set collection_id = $1, first_published_at = $2 where id = $3', [pub, new Date('2026-02-01T00:00:00Z'), a]);
    await sql('update posts set collection_id = $1, first_published_at = $2 where id = $3', [pub, new Date('2026-02-02T00:00:00Z'), b]);
    const clock = manualClock(new Date('2026-03-10T23:59:00Z'));
    const view = (postId: string, visitorId: string) => recordStoryView(t.database.db, { postId, viewerId: null, visitorId }, clock.now());

    expect(await view(a, 'lo_0000000000000001')).toBe('counted');
    expect(await view(a, 'lo_0000000000000002')).toBe('counted');
    expect(await view(elsewhere, 'lo_0000000000000001')).toBe('counted');
    clock.advance(2 * 60_000); // 2026-03-11 00:01: a new UTC day counts the same visitor again
    expect(await view(a, 'lo_0000000000000001')).toBe('counted');
    expect(await view(a, 'lo_0000000000000001')).toBe('already-counted');
    expect(await view(b, 'lo_0000000000000001')).toBe('counted');
    clock.advance(-40 * DAY_MS); // outside a 30-day window ending 2026-03-11
    expect(await view(b, 'lo_0000000000000009')).toBe('counted');
    clock.advance(40 * DAY_MS);

    const r1 = await newReader(t, 'R1');
    const r2 = await newReader(t, 'R2');
    await sql('insert into post_reads (user_id, post_id, first_read_at, last_read_at) values ($1, $3, $4, $4), ($2, $3, $5, $5), ($1, $6, $5, $5)', [
      r1.id, r2.id, a, new Date('2026-03-10T12:00:00Z'), new Date('2026-03-11T00:30:00Z'), b,
    ]);
    await sql('insert into publication_follows (publication_id, user_id, created_at) values ($1, $2, $3), ($1, $4, $5)', [
      pub, r1.id, new Date('2026-03-09T08:00:00Z'), r2.id, new Date('2026-01-01T08:00:00Z'),
    ]);
    await sql('update posts set clap_count = 7 where id = $1', [a]);

    const stats = await publicationStats(t.database.db, pub, 30, clock.now());
    expect(stats.from).toBe('2026-02-10');
    expect(stats.to).toBe('2026-03-11');
    expect(stats.views).toHaveLength(30);
    const nonZero = (s: { day: string; count: number }[]) => s.filter((d) => d.count > 0);
    expect(nonZero(stats.views)).toEqual([{ day: '2026-03-10', count: 2 }, { day: '2026-03-11', count: 2 }]);
    expect(nonZero(stats.reads)).toEqual([{ day: '2026-03-10', count: 1 }, { day: '2026-03-11', count: 2 }]);
    expect(nonZero(stats.followers)).toEqual([{ day: '2026-03-09', count: 1 }]);
    // Per story, all time (the view 40 days back included), newest story first.
    expect(stats.stories).toEqual([
      { postId: b, title: 'Second', views: 2, reads: 1, claps: 0 },
      { postId: a, title: 'First', views: 3, reads: 2, claps: 7 },
    ]);
  });

  it('a story not published, or deleted, counts nothing', async () => {
    const draft = await newStory(t, owner.id, { title: 'Draft' });
    await sql('update posts set first_published_at = null where id = $1', [draft]);
    expect(await recordStoryView(t.database.db, { postId: draft, viewerId: null, visitorId: 'lo_00000000000000aa' }, new Date())).toBe('not-counted');
    const gone = await newStory(t, owner.id, { title: 'Gone' });
    await sql('update posts set deleted_at = now() where id = $1', [gone]);
    expect(await recordStoryView(t.database.db, { postId: gone, viewerId: null, visitorId: 'lo_00000000000000aa' }, new Date())).toBe('not-counted');
    expect(await sql('select * from story_view_visitors where post_id in ($1, $2)', [draft, gone])).toEqual([]);
  });

  describe('who may see them (role × action)', () => {
    const roles = ['OWNER', 'EDITOR', 'WRITER', 'reader', 'signed out'] as const;
    const expected: Record<(typeof roles)[number], { graphql: string; field: boolean; page: number }> = {
      OWNER: { graphql: 'PublicationStats', field: true, page: 200 },
      EDITOR: { graphql: 'PublicationStats', field: true, page: 200 },
      WRITER: { graphql: 'Forbidden', field: false, page: 404 },
      reader: { graphql: 'Forbidden', field: false, page: 404 },
      'signed out': { graphql: 'Unauthorized', field: false, page: 404 },
    };
    const browsers = {} as Record<(typeof roles)[number], TestBrowser>;

    beforeAll(async () => {
      browsers.OWNER = owner.browser;
      for (const role of ['EDITOR', 'WRITER'] as const) {
        const member = await newReader(t, role);
        await sql('insert into publication_members (publication_id, user_id, role) values ($1, $2, $3)', [pubId, member.id, role]);
        browsers[role] = member.browser;
      }
      browsers.reader = (await newReader(t, 'Just reading')).browser;
      browsers['signed out'] = testBrowser(t.app);
    });

    it.each(roles)('%s', async (role) => {
      const browser = browsers[role];
      const answer = (await browser.gql(STATS, { id: pubId })).data.publicationStats;
      expect(answer.__typename).toBe(expected[role].graphql);
      if (answer.__typename === 'PublicationStats') {
        expect(answer.totalViews).toBe(2);
        expect(answer.views).toHaveLength(30);
        expect(answer.stories).toEqual([{ postId: storyId, title: 'Counted story', views: 2, reads: 0, claps: 0 }]);
      }
      const field = (await browser.gql(`query { collection(domainOrSlug: "stats-review") { stats { totalViews } } }`)).data.collection.stats;
      expect(field !== null).toBe(expected[role].field);
      const page = await browser.get('/stats-review/stats');
      expect(page.statusCode).toBe(expected[role].page);
      if (page.statusCode === 200) {
        expect(page.body).toContain('data-testid="publication-masthead"');
        expect(page.body).toContain('Counted story');
        expect(page.body).toMatch(/role="img" aria-label="Views: 2 in 30 days/);
      } else expect(page.body).not.toContain('publication-story-stats'); // the 404 page may list the story among the site's stories, never the stats
    });

    it('bad input: days out of range, a publication that does not exist', async () => {
      expect((await owner.browser.gql(STATS, { id: pubId, days: 0 })).data.publicationStats).toEqual({ __typename: 'BadRequest', message: 'days must be between 1 and 90.' });
      expect((await owner.browser.gql(STATS, { id: pubId, days: 91 })).data.publicationStats.__typename).toBe('BadRequest');
      expect((await owner.browser.gql(STATS, { id: 'ffffffffffff' })).data.publicationStats.__typename).toBe('NotFound');
    });
  });
});
