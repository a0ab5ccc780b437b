import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { grantMembership } from '../support/membership.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

const paragraphs: Paragraph[] = Array.from({ length: 8 }, (_, i) => ({ name: `p${i}`, type: 'P', text: `Paragraph number ${i} of the locked story.`, markups: [] }));

const CONTENT = `query($id: ID!) { postResult(id: $id) { __typename ... on Post { id isLocked
  extendedPreviewContent { isFullContent } content { isLockedPreviewOnly bodyModel { paragraphs { name } } } } } }`;
const MEMBERSHIP = '{ viewer { id membership { tier memberSince } } }';

/** Member-only stories: whole for members (a paid tier's access period running), the author and staff; a preview for everyone else. */
describe('member-only stories', () => {
  let t: TestApp;
  let postId: string;
  let authorId: string;
  let memberId: string;
  let readerId: string;
  let staffId: string;
  const memberSince = new Date('2024-11-05T10:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    authorId = await createUser(db, { name: 'Locked Author', username: 'locked_author', email: 'author@example.com' });
    memberId = await createUser(db, { name: 'A Member', username: 'a_member', email: 'member@example.com' });
    readerId = await createUser(db, { name: 'A Reader', username: 'a_reader', email: 'reader@example.com' });
    staffId = await createUser(db, { name: 'Staff', username: 'staff_one', email: 'staff@example.com', isStaff: true });
    await grantMembership(db, memberId, { since: memberSince });
    postId = await insertPublishedPost(db, { creatorId: authorId, title: 'Locked', subtitle: 'For members', paragraphs, tags: [], isLocked: true, publishedAt: new Date('2025-01-01') });
  });

  async function as(userId: string | null): Promise<TestBrowser> {
    const b = testBrowser(t.app);
    if (userId) b.jar.set('sid', (await createSession(t.database.db, userId, { userAgent: 'test', ip: '203.0.113.1' })).token);
    return b;
  }
  const read = async (userId: string | null) => (await (await as(userId)).gql(CONTENT, { id: postId })).data.postResult;

  it('gives members, the author and staff the whole story', async () => {
    for (const id of [memberId, authorId, staffId]) {
      const post = await read(id);
      expect(post.content.isLockedPreviewOnly, id).toBe(false);
      expect(post.extendedPreviewContent.isFullContent, id).toBe(true);
      expect(post.content.bodyModel.paragraphs).toHaveLength(8);
    }
  });

  it('gives signed-out readers and non-members the preview only', async () => {
    for (const id of [null, readerId]) {
      const post = await read(id);
      expect(post.content.isLockedPreviewOnly).toBe(true);
      expect(post.extendedPreviewContent.isFullContent).toBe(false);
      expect(post.content.bodyModel.paragraphs.map((p: { name: string }) => p.name)).toEqual(['p0', 'p1', 'p2']);
    }
  });

  it('tells the viewer their own membership (spec §3 membership.memberSince), null for a non-member', async () => {
    expect((await (await as(memberId)).gql(MEMBERSHIP)).data.viewer.membership).toEqual({ tier: 'MEMBER', memberSince: memberSince.getTime() });
    expect((await (await as(readerId)).gql(MEMBERSHIP)).data.viewer.membership).toBeNull();
  });

  it('does not tell anyone else whether a user is a member', async () => {
    const r = await (await as(readerId)).gql('query($u: ID!) { userResult(username: $u) { ... on User { id membership { tier } } } }', { u: 'a_member' });
    expect(r.data.userResult).toEqual({ id: memberId, membership: null });
  });

  it('renders the preview and the paywall for a signed-out reader, the whole story for a member', async () => {
    const out = await (await as(null)).get(`/p/${postId}`);
    expect(out.statusCode).toBe(301);
    const path = out.headers.location as string;
    const anon = await (await as(null)).get(path);
    expect(anon.body).toContain('data-testid="paywall"');
    expect(anon.body).not.toContain('Paragraph number 5');
    const member = await (await as(memberId)).get(path);
    expect(member.body).not.toContain('data-testid="paywall"');
    expect(member.body).toContain('Paragraph number 5');
  });
});
