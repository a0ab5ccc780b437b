import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { pinPost } from '../../src/modules/posts/pins.js';
import { publishResponse } from '../../src/modules/posts/responses.js';
import { users } from '../../src/modules/accounts/tables.js';
import { userFollows } from '../../src/modules/social/tables.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser } from '../support/test-browser.js';

const body: Paragraph[] = [{ name: 'a1', type: 'P', text: 'Words for the profile pages.', markups: [] }];

/** The profile pages as the server renders them: statuses, redirects, tabs and lists. */
describe('profile pages', () => {
  let t: TestApp;
  let ivyId: string;
  let noNameId: string;
  /** React's text separators (<!-- -->) taken out, so the test reads the page's words. */
  const get = async (url: string) => {
    const res = await testBrowser(t.app).get(url);
    return Object.assign(res, { body: res.body.replace(/<!-- -->/g, '') });
  };
  const order = (html: string, titles: string[]) => titles.map((title) => html.indexOf(`>${title}</h2>`));

  beforeAll(async () => {
    const db = (t = await createTestApp()).database.db;
    ivyId = await createUser(db, { name: 'Ivy Profile', username: 'ivy', bio: 'Writes about rivers.', pronouns: ['she', 'her'], createdAt: new Date('2024-05-10T00:00:00Z') });
    noNameId = await createUser(db, { name: 'No Name Yet', username: null as unknown as string });
    const reader = await createUser(db, { name: 'Rae Reader', username: 'rae', bio: 'Reads on trains.' });
    const story = (title: string, day: number) => insertPublishedPost(db, { creatorId: ivyId, title, subtitle: '', paragraphs: body, tags: [], publishedAt: new Date(Date.UTC(2025, 5, day)) });
    const oldest = await story('Oldest river', 1);
    await story('Middle river', 2);
    await story('Newest river', 3);
    expect((await pinPost(db, ivyId, oldest, new Date())).kind).toBe('ok');
    await publishResponse(db, { id: ivyId, isStaff: false }, { inResponseToPostId: oldest, paragraphs: [{ name: 'r1', type: 'P', text: 'A reply from Ivy herself.', markups: [] }] });
    await db.insert(userFollows).values({ followerId: reader, targetUserId: ivyId });
    await db.update(users).set({ followerCount: 1 }).where(eq(users.id, ivyId));
    await db.update(users).set({ followingCount: 1 }).where(eq(users.id, reader));
  });

  it('/@{username}: name, tabs, pinned story first then newest, no responses on Home', async () => {
    const res = await get('/@ivy');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Ivy Profile – Inkwell</title>');
    for (const tab of ['Home', 'Responses', 'About']) expect(res.body).toContain(`>${tab}</a>`);
    expect(res.body).toMatch(/<a href="\/@ivy\/lists"[^>]*>Lists<\/a>/);
    const [pinned, newest, middle] = order(res.body, ['Oldest river', 'Newest river', 'Middle river']);
    expect(pinned).toBeGreaterThan(0);
    expect(pinned).toBeLessThan(newest!);
    expect(newest).toBeLessThan(middle!);
    expect(res.body).toContain('Pinned');
    expect(res.body).not.toContain('A reply from Ivy herself.');
    expect(res.body).toContain('data-testid="profile-sidebar"');
    expect(res.body).toContain('(she/her)');
    expect(res.body).toContain('Writes about rivers.');
    expect(res.body).toContain('href="/@ivy/followers"');
    expect(res.body).toContain('>1 Follower</a>');
  });

  it('/@{username}/latest lists the same stories in publishing order, the pin not lifted', async () => {
    const res = await get('/@ivy/latest');
    expect(res.statusCode).toBe(200);
    const [newest, middle, oldest] = order(res.body, ['Newest river', 'Middle river', 'Oldest river']);
    expect(newest).toBeGreaterThan(0);
    expect(newest).toBeLessThan(middle!);
    expect(middle).toBeLessThan(oldest!);
    expect(res.body).not.toContain('data-pinned="true"');
  });

  it('/@{username}/responses lists the writer’s responses', async () => {
    const res = await get('/@ivy/responses');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('A reply from Ivy herself.');
    expect(res.body).not.toContain('>Middle river</h2>');
  });

  it('/u/{id} redirects to /@{username}; without a username it is the profile itself', async () => {
    const res = await get(`/u/${ivyId}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/@ivy');
    const bare = await get(`/u/${noNameId}`);
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('No Name Yet');
    expect(bare.body).not.toContain('aria-label="Profile"');
    expect(bare.body).toContain('<title>No Name Yet – Inkwell</title>');
    expect(bare.body).not.toContain('/@undefined');
  });

  it('a profile subdomain serves the profile at its root', async () => {
    const res = await testBrowser(t.app, { host: 'ivy.localhost:3000' }).get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="profile-sidebar"');
    expect(res.body).toContain('>Oldest river</h2>');
    // Its tabs and links are the subdomain's own paths.
    for (const href of ['/about', '/responses', '/followers']) expect(res.body).toContain(`href="${href}"`);
    expect(res.body).not.toContain('href="/@ivy/about"');
    expect((await testBrowser(t.app, { host: 'ivy.localhost:3000' }).get('/followers')).body).toContain('Rae Reader');
    const about = await testBrowser(t.app, { host: 'ivy.localhost:3000' }).get('/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('Writes about rivers.');
    expect((await testBrowser(t.app, { host: 'nobody-here.localhost:3000' }).get('/')).statusCode).toBe(404);
  });

  it('unknown users are 404 on every profile page', async () => {
    for (const url of ['/@nobody_here', '/@nobody_here/about', '/@nobody_here/followers', '/@nobody_here/following', '/@nobody_here/responses', '/u/ffffffffffff']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>unknown</title>');
    }
  });

  it('/@{username}/about: bio, joined date and both counts', async () => {
    const res = await get('/@ivy/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Writes about rivers.');
    expect(res.body).toContain('Joined May 2024');
    expect(res.body).toContain('>1 Follower</a>');
    expect(res.body).toContain('>0 Following</a>');
    expect(res.body).not.toContain('About you');
  });

  it('/@{username}/followers and /following list people with Follow', async () => {
    const followers = await get('/@ivy/followers');
    expect(followers.statusCode).toBe(200);
    expect(followers.body).toContain('Rae Reader');
    expect(followers.body).toContain('Reads on trains.');
    expect(followers.body).toContain('data-testid="follow-button"');
    const following = await get('/@rae/following');
    expect(following.statusCode).toBe(200);
    expect(following.body).toContain('>Ivy Profile</a>');
    const none = await get('/@ivy/following');
    expect(none.body).toContain('Ivy Profile isn’t following anyone yet.');
  });

  it('/me/about: signed out goes to sign in; signed in shows the editor with the bio', async () => {
    const out = await get('/me/about');
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toContain('/m/signin');
    const { token } = await createSession(t.database.db, ivyId, { userAgent: 'vitest', ip: '203.0.113.9' });
    const ivy = testBrowser(t.app);
    ivy.jar.set('sid', token);
    const res = await ivy.get('/me/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('About you');
    expect(res.body).toMatch(/<textarea[^>]*>Writes about rivers\.<\/textarea>/);
    // Their own profile offers Edit profile instead of Follow.
    const own = await ivy.get('/@ivy');
    expect(own.body).toContain('Edit profile');
    expect(own.body).not.toContain('data-testid="follow-button"');
  });

  it('/@{username}/edit opens the profile settings', async () => {
    const res = await get('/@ivy/edit');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/me/settings#profileInformation');
  });
});
