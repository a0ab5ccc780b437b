import { beforeAll, describe, expect, it } from 'vitest';
import { setMembershipAccess } from '../../src/modules/accounts/membership-access.js';
import { sendDueDigests } from '../../src/modules/notifications/digest.js';
import { followUser } from '../../src/modules/social/commands.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { grantMembership } from '../support/membership.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';
import { notificationsDispatcher, publishedStory } from './notifications-fixtures.js';
import { hitsOf, type Json } from './search-fixtures.js';
import { reindexPost } from '../../src/modules/search/indexer.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';

const OPENING = ['Lighthouse keepers kept logbooks.', 'Each night had a line.', 'Storms had several.'];
/** Words only the whole story has: none may reach a reader who cannot read it, on any surface. */
const LOCKED = ['The keeper of Skerryvore hid a ledger of shipwreck salvage.', 'Marmalade tins held the coins.'];
const SECRET_WORDS = ['skerryvore', 'ledger', 'salvage', 'marmalade'];
const paragraphs: Paragraph[] = [...OPENING, ...LOCKED].map((text, i) => ({ name: `k${i}`, type: 'P', text, markups: [] }));

const CONTENT = `query($id: ID!) { postResult(id: $id) { ... on Post { extendedPreviewContent { isFullContent } content { isLockedPreviewOnly metering { freeStoriesLeft } bodyModel { paragraphs { text } } } } } }`;
const MEMBERSHIP = '{ viewer { membership { tier memberSince friendSince } } }';

type Kind = 'visitor' | 'reader' | 'member' | 'lapsed member' | 'Friend' | 'author' | 'staff';
/** Who reads the whole story (the rule, spec issue 19): paid access running, the author, staff. */
const WHOLE: Record<Kind, boolean> = { visitor: false, reader: false, member: true, 'lapsed member': false, Friend: true, author: true, staff: true };
const KINDS = Object.keys(WHOLE) as Kind[];

/** Member-only stories on every surface, for every kind of viewer: nothing member-only leaks. */
describe('member-only access everywhere', () => {
  let t: TestApp;
  const people = {} as Record<Exclude<Kind, 'visitor'>, Reader>;
  let postId: string;
  let path: string;
  let authorUsername: string;
  const since = new Date('2025-02-03T04:05:06Z');

  const browserOf = (kind: Kind): TestBrowser => (kind === 'visitor' ? testBrowser(t.app) : people[kind].browser);
  const idOf = (kind: Kind) => (kind === 'visitor' ? null : people[kind].id);

  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: '10' });
    const d = notificationsDispatcher(t);
    people.author = await newReader(t, 'Keeper');
    people.reader = await newReader(t, 'Reader');
    people.member = await newReader(t, 'Member');
    people['lapsed member'] = await newReader(t, 'Lapsed');
    people.Friend = await newReader(t, 'Friend');
    people.staff = await newReader(t, 'Staff', { isStaff: true });
    await grantMembership(t.database.db, people.member.id, { since });
    await grantMembership(t.database.db, people.Friend.id, { tier: 'FRIEND', since });
    // Paid until a second ago: the tier is still on the row, the period is over.
    await grantMembership(t.database.db, people['lapsed member'].id, { since, until: new Date(Date.now() - 1000) });
    for (const kind of KINDS) if (kind !== 'visitor' && kind !== 'author') await followUser(t.database.db, people[kind].id, people.author.id);
    postId = await publishedStory(t, people.author.id, 'Keepers’ logbooks', paragraphs);
    // Locked, and clapped for: search shows readers engaged stories (its README, quality).
    await t.database.pool.query('update posts set is_locked = true, clap_count = 3 where id = $1', [postId]);
    await reindexPost(t.database.db, postId);
    await d.drain();
    const { rows } = await t.database.pool.query<{ username: string; slug: string }>('select u.username, p.slug from posts p join users u on u.id = p.creator_id where p.id = $1', [postId]);
    authorUsername = rows[0]!.username;
    path = `/@${authorUsername}/${rows[0]!.slug}-${postId}`;
  });

  const leaks = (text: string) => SECRET_WORDS.filter((w) => text.toLowerCase().includes(w));

  it.each(KINDS)('story page: %s', async (kind) => {
    const page = await browserOf(kind).get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(OPENING[0]);
    if (WHOLE[kind]) {
      expect(page.body).toContain(LOCKED[0]);
      expect(page.body).not.toContain('data-testid="paywall"');
    } else {
      expect(leaks(page.body)).toEqual([]);
      expect(page.body).toContain('data-testid="paywall"');
    }
  });

  it.each(KINDS)('GraphQL content: %s', async (kind) => {
    const r = await browserOf(kind).gql(CONTENT, { id: postId });
    const post = r.data.postResult;
    expect(post.content.isLockedPreviewOnly).toBe(!WHOLE[kind]);
    expect(post.extendedPreviewContent.isFullContent).toBe(WHOLE[kind]);
    expect(post.content.metering).toBeNull();
    const texts = post.content.bodyModel.paragraphs.map((p: { text: string }) => p.text);
    expect(texts).toEqual(WHOLE[kind] ? [...OPENING, ...LOCKED] : OPENING);
    if (!WHOLE[kind]) expect(leaks(JSON.stringify(r))).toEqual([]);
  });

  it.each(KINDS)('RSS (read by feed readers, never signed in): %s', async (kind) => {
    const feed = await browserOf(kind).get(`/feed/@${authorUsername}`);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(OPENING[0]);
    expect(leaks(feed.body)).toEqual([]);
  });

  it.each(KINDS)('search hits: %s', async (kind) => {
    const hits: Json[] = await hitsOf(t, idOf(kind), 'posts', 'query=skerryvore&attributesToRetrieve=*,content&attributesToSnippet=content:40');
    // The story is found by its whole text; its locked words reach only readers who may read them.
    expect(hits.map((h) => h.objectID)).toEqual([postId]);
    const text = JSON.stringify(hits);
    if (WHOLE[kind]) expect(text.toLowerCase()).toContain('skerryvore');
    else expect(leaks(text)).toEqual([]);
  });

  it('email: the digest of a member-only story’s publication names it, and holds none of its text', async () => {
    await t.database.pool.query(`update notification_inboxes set digest_due_at = now() - interval '1 minute'`);
    while ((await sendDueDigests({ db: t.database.db, logger: createLogger('silent'), siteName: 'Inkwell', origin: 'http://localhost:3000' }, 50)) === 50);
    const { rows } = await t.database.pool.query<{ to_address: string; subject: string; text_body: string; html_body: string }>(
      `select to_address, subject, text_body, html_body from email_outbox where kind = 'notification-digest'`,
    );
    // Every follower (reader, member, lapsed member, Friend, staff) got one naming the story; the author one of follows.
    expect(rows.filter((e) => e.text_body.includes('Keepers’ logbooks'))).toHaveLength(5);
    expect(rows).toHaveLength(6);
    for (const email of rows) expect(leaks(email.subject + email.text_body + email.html_body)).toEqual([]);
  });

  it.each(KINDS)('a response quoting a member-only passage: %s sees the quote only if they read the story whole', async (kind) => {
    // A member highlights a locked passage and answers it (once for the whole table).
    const quoted = await quotedResponse();
    const r = await browserOf(kind).gql('query($id: ID!) { post(id: $id) { id inResponseToQuote { text } } }', { id: quoted });
    expect(r.data.post.id).toBe(quoted);
    expect(r.data.post.inResponseToQuote).toEqual(WHOLE[kind] ? { text: 'Marmalade tins' } : null);
    if (!WHOLE[kind]) expect(leaks(JSON.stringify(r))).toEqual([]);
  });

  let quotedResponseId: Promise<string> | null = null;
  const quotedResponse = () =>
    (quotedResponseId ??= (async () => {
      const quote = await people.member.browser.gql(
        'mutation($postId: ID!) { createQuote(postId: $postId, paragraphName: "k4", startOffset: 0, endOffset: 14) { __typename ... on Quote { id } } }',
        { postId },
      );
      expect(quote.data.createQuote.__typename).toBe('Quote');
      const response = await people.member.browser.gql(
        'mutation($to: ID!, $quote: ID) { publishResponse(inResponseToPostId: $to, paragraphs: [{ name: "r1", type: P, text: "So that is where the coins went.", markups: [] }], inResponseToQuoteId: $quote) { __typename ... on Post { id } } }',
        { to: postId, quote: quote.data.createQuote.id },
      );
      return response.data.publishResponse.id as string;
    })());

  it('tells a member and a Friend their own membership from the row, nothing to a lapsed member or a reader', async () => {
    expect((await people.member.browser.gql(MEMBERSHIP)).data.viewer.membership).toEqual({ tier: 'MEMBER', memberSince: since.getTime(), friendSince: null });
    expect((await people.Friend.browser.gql(MEMBERSHIP)).data.viewer.membership).toEqual({ tier: 'FRIEND', memberSince: since.getTime(), friendSince: since.getTime() });
    expect((await people['lapsed member'].browser.gql(MEMBERSHIP)).data.viewer.membership).toBeNull();
    expect((await people.reader.browser.gql(MEMBERSHIP)).data.viewer.membership).toBeNull();
  });

  it('ends a membership by time alone: no write, a kept session, and the next request after the period gets the preview', async () => {
    const reader = await newReader(t, 'Expiring');
    const until = new Date(Date.now() + 1500);
    await t.database.db.transaction((tx) => setMembershipAccess(tx, reader.id, { tier: 'MEMBER', memberSince: since, friendSince: null, accessUntil: until }));
    const read = async () => (await reader.browser.gql(CONTENT, { id: postId })).data.postResult.content;
    expect((await read()).isLockedPreviewOnly).toBe(false);
    // The session is kept (SESSION_CACHE_SECONDS=10) and nothing is written: the clock alone ends it.
    await new Promise((r) => setTimeout(r, until.getTime() - Date.now() + 50));
    const after = await read();
    expect(after.isLockedPreviewOnly).toBe(true);
    expect(leaks(JSON.stringify(after))).toEqual([]);
    const { rows } = await t.database.pool.query('select member_tier, member_access_until from users where id = $1', [reader.id]);
    expect(rows[0]).toEqual({ member_tier: 'MEMBER', member_access_until: until });
  });
});
