import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { followTag, muteUser } from '../../src/modules/social/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const body = [{ name: 'a1', type: 'P' as const, text: 'Words about the sea.', markups: [] }];

/** The tag pages as the server renders them: status, redirects of spec §2.2-2.3, content. */
describe('tag pages', () => {
  let t: TestApp;
  let reader: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const ann = await createUser(db, { name: 'Ann Tide', username: 'ann', email: 'ann@example.com' });
    const bob = await createUser(db, { name: 'Bob Reef', username: 'bob', email: 'bob@example.com' });
    const day = (d: number) => new Date(Date.now() - d * 86_400_000);
    await insertPublishedPost(db, { creatorId: ann, title: 'Tides of the north', subtitle: '', paragraphs: body, tags: ['Oceans', 'Science'], publishedAt: day(1) });
    await insertPublishedPost(db, { creatorId: bob, title: 'Reefs at dawn', subtitle: '', paragraphs: body, tags: ['Oceans'], publishedAt: day(2) });
    await insertPublishedPost(db, { creatorId: bob, title: 'A leap day dive', subtitle: '', paragraphs: body, tags: ['Oceans'], publishedAt: new Date(Date.UTC(2024, 1, 29, 9)) });
    reader = await newReader(t);
    await followTag(db, reader.id, 'oceans');
    await muteUser(db, reader.id, bob);
  });

  const anon = () => testBrowser(t.app);

  it('renders the tag page with its name, follower and story counts, Follow and its stories', async () => {
    const res = await anon().get('/tag/oceans');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1');
    expect(res.body).toMatch(/>Oceans<\/h1>/);
    expect(res.body).toMatch(/data-testid="topic-followers">1 Follower</);
    expect(res.body).toMatch(/data-testid="topic-stories">3 Stories</);
    expect(res.body).toContain('Tides of the north');
    expect(res.body).toContain('Reefs at dawn');
    expect(res.body).toContain('>Follow<');
    expect(res.body).toContain('href="/tag/science"');
    expect(res.body).toContain('<title>The newest stories about Oceans – Inkwell</title>');
  });

  it('leaves the muted writer out for the reader who muted them, and shows Following', async () => {
    const res = await reader.browser.get('/tag/oceans');
    expect(res.body).toContain('Tides of the north');
    expect(res.body).not.toContain('Reefs at dawn');
    expect(res.body).toContain('>Following<');
  });

  it('answers 404 for unknown tags and archive dates that do not exist', async () => {
    for (const path of ['/tag/no-such-tag', '/tag/no-such-tag/recommended', '/tag/no-such-tag/archive', '/tag/oceans/archive/2024/13', '/tag/oceans/archive/2023/02/29', '/tag/oceans/archive/abc', '/topic/no-such-topic']) {
      const res = await anon().get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toContain('<title>unknown</title>');
    }
  });

  it('redirects per the route table: latest, top of a period (302), top writers, topics, legacy topics, a non-canonical slug', async () => {
    const cases: [string, number, string][] = [
      ['/tag/oceans/latest', 301, '/tag/oceans'],
      ['/tag/oceans/top/week', 302, '/tag/oceans'],
      ['/tag/oceans/top-writers', 301, '/tag/oceans/who-to-follow'],
      ['/topics', 301, '/explore-topics'],
      ['/topic/oceans', 301, '/tag/oceans'],
      ['/tag/Oceans', 301, '/tag/oceans'],
      ['/tag/Oceans/archive/2024', 301, '/tag/oceans/archive/2024'],
    ];
    for (const [path, status, to] of cases) {
      const res = await anon().get(path);
      expect(res.statusCode, path).toBe(status);
      expect(res.headers.location, path).toBe(to);
    }
  });

  it('renders recommended, who to follow and the archive with its counts', async () => {
    const rec = await anon().get('/tag/oceans/recommended');
    expect(rec.statusCode).toBe(200);
    expect(rec.body).toContain('Tides of the north');
    const who = await anon().get('/tag/oceans/who-to-follow');
    expect(who.statusCode).toBe(200);
    expect(who.body).toContain('Ann Tide');
    expect(who.body).toContain('Bob Reef');
    const archive = await anon().get('/tag/oceans/archive/2024/02');
    expect(archive.statusCode).toBe(200);
    expect(archive.body).toContain('Oceans stories in February 2024');
    expect(archive.body).toContain('A leap day dive');
    expect(archive.body).not.toContain('Reefs at dawn');
    expect(archive.body).toMatch(/href="\/tag\/oceans\/archive\/2024\/02\/29"[^>]*>29(<!-- -->)? <span[^>]*>1<\/span>/);
  });

  it('explore-topics lists topics with stories, their counts and Follow', async () => {
    await t.database.pool.query(`insert into tags (slug, display_title, post_count) values ('nobody-wrote', 'Nobody wrote', 0)`);
    const res = await anon().get('/explore-topics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Explore topics');
    expect(res.body).toMatch(/href="\/tag\/oceans"[^>]*>Oceans</);
    expect(res.body).toContain('3 stories · 1 follower');
    expect(res.body).toContain('href="/tag/science"');
    expect(res.body).not.toContain('Nobody wrote');
  });

  it('the onboarding offers popular topics to a signed-in reader', async () => {
    const res = await reader.browser.get('/get-started/topics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('What are you interested in?');
    expect(res.body).toMatch(/aria-pressed="true"[^>]*>Oceans/);
    expect(res.body).toMatch(/aria-pressed="false"[^>]*>Science/);
  });
});
