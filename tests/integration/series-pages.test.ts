import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

const CREATE = `mutation($input: SequenceInput!) { createSequence(input: $input) { __typename ... on SequenceSuccess { sequence { id slug } } } }`;
const PUBLISH = `mutation($id: ID!) { publishSequence(sequenceId: $id) { __typename } }`;

/** The series pages as the server renders them: statuses, redirects, the series bar. */
describe('series pages', () => {
  let t: TestApp;
  let writer: Reader;
  let parts: string[];
  let series: { id: string; slug: string };
  let draft: { id: string; slug: string };
  let loose: string;

  /** React's text separators (<!-- -->) taken out, so the test reads the page's words. */
  const get = async (url: string, browser: TestBrowser = testBrowser(t.app)) => {
    const res = await browser.get(url);
    return Object.assign(res, { body: res.body.replace(/<!-- -->/g, '') });
  };

  beforeAll(async () => {
    t = await createTestApp();
    writer = await newReader(t, 'Writer');
    parts = [];
    for (const title of ['Arrival', 'The hills', 'Leaving']) parts.push(await newStory(t, writer.id, { title }));
    loose = await newStory(t, writer.id, { title: 'Not in a series' });
    const draftPart = await newStory(t, writer.id, { title: 'Draft part' });
    series = (await writer.browser.gql(CREATE, { input: { title: 'Lisbon <letters>', description: 'Home & away', postIds: parts } })).data.createSequence.sequence;
    await writer.browser.gql(PUBLISH, { id: series.id });
    draft = (await writer.browser.gql(CREATE, { input: { title: 'Unfinished', postIds: [draftPart] } })).data.createSequence.sequence;
  });

  it('/s/{slug}: title (escaped), writer, parts in order linking into the series', async () => {
    const res = await get(`/s/${series.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Lisbon &lt;letters&gt;');
    expect(res.body).not.toContain('<letters>');
    expect(res.body).toContain('Home &amp; away');
    const links = parts.map((id) => res.body.indexOf(`href="/s/${series.slug}/${id}"`));
    expect(links.every((at) => at > 0)).toBe(true);
    expect([...links].sort((a, b) => a - b)).toEqual(links);
    expect(res.body).toContain('Follow');
  });

  it('/s/{id} and an old slug redirect to the current address; a draft is 404 to others and shown to its writer', async () => {
    const bare = await get(`/s/${series.id}`);
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(`/s/${series.slug}`);
    expect((await get(`/s/${draft.slug}`)).statusCode).toBe(404);
    const mine = await get(`/s/${draft.slug}`, writer.browser);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('This series is a draft: only you can see it.');
  });

  it('/s/{slug}/{postId}: the story with Part N of M and Previous / Next; a story not in the series is 404', async () => {
    const middle = await get(`/s/${series.slug}/${parts[1]}`);
    expect(middle.statusCode).toBe(200);
    expect(middle.body).toContain('Part 2 of 3');
    expect(middle.body.match(/<a href="([^"]+)"[^>]*rel="prev"/)?.[1]).toBe(`/s/${series.slug}/${parts[0]}`);
    expect(middle.body.match(/<a href="([^"]+)"[^>]*rel="next"/)?.[1]).toBe(`/s/${series.slug}/${parts[2]}`);
    const first = await get(`/s/${series.slug}/${parts[0]}`);
    expect(first.body).toContain('Part 1 of 3');
    expect(first.body).not.toContain('rel="prev"');
    expect((await get(`/s/${series.slug}/${loose}`)).statusCode).toBe(404);
    expect((await get(`/s/${draft.slug}/${parts[0]}`)).statusCode).toBe(404);
    // The plain story page has no series bar.
    const plain = await get(`/p/${parts[1]}`);
    expect(plain.body).not.toContain('Part 2 of 3');
  });

  it('/series/{postId} goes to the story in its series, or is 404', async () => {
    const res = await get(`/series/${parts[2]}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/s/${series.slug}/${parts[2]}`);
    expect((await get(`/series/${loose}`)).statusCode).toBe(404);
  });

  it('/@{username}/series lists the writer’s published series, not their drafts', async () => {
    const { username } = (await t.database.pool.query('select username from users where id = $1', [writer.id])).rows[0];
    const res = await get(`/@${username}/series`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="/s/${series.slug}"`);
    expect(res.body).not.toContain('Unfinished');
    expect(res.body).not.toContain('coming soon');
  });

  it('/me/series and the editor are the writer’s: signed out they sign in; another reader cannot edit', async () => {
    for (const path of ['/me/series', '/me/series/drafts', '/s/new', `/s/${series.slug}/edit`]) {
      const res = await get(path);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toContain('/m/signin');
    }
    const drafts = await get('/me/series/drafts', writer.browser);
    expect(drafts.statusCode).toBe(200);
    expect(drafts.body).toContain('Unfinished');
    expect(drafts.body).not.toContain('Lisbon &lt;letters&gt;');
    expect((await get('/me/series/other', writer.browser)).statusCode).toBe(404);
    const other = await newReader(t, 'Other');
    expect((await get(`/s/${series.slug}/edit`, other.browser)).statusCode).toBe(404);
    const editor = await get(`/s/${series.slug}/edit`, writer.browser);
    expect(editor.statusCode).toBe(200);
    expect(editor.body).toContain('Not in a series');
  });
});
