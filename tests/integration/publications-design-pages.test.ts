import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';

const CREATE = `mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id } } } }`;
const SAVE = `mutation($id: ID!, $design: HomepageDesignInput!) { saveHomepageDraft(collectionId: $id, design: $design) { __typename } }`;
const PUBLISH = `mutation($id: ID!) { publishHomepage(collectionId: $id) { __typename } }`;

describe('publication homepage, section, design and featured pages', () => {
  let t: TestApp;
  let owner: Reader;
  let writer: Reader;
  let pubId: string;
  const slug = 'lighthouse-notes';
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } });

  beforeAll(async () => {
    t = await createTestApp({ PAGE_CACHE_SECONDS: '60' });
    owner = await newReader(t, 'Keeper');
    writer = await newReader(t, 'Writer');
    pubId = (await owner.browser.gql(CREATE, { input: { name: 'Lighthouse Notes', slug, description: 'Letters from the lamp room' } })).data.createCollection.collection.id;
    await t.database.pool.query(`insert into publication_members (publication_id, user_id, role) values ($1, $2, 'WRITER')`, [pubId, writer.id]);
    for (let i = 0; i < 3; i++) {
      const id = await newStory(t, writer.id, { title: `Lamp log ${i}` });
      await t.database.pool.query(`update posts set collection_id = $1, tags = '{lamps}', first_published_at = timestamptz '2026-03-01' + $3 * interval '1 hour' where id = $2`, [pubId, id, i]);
    }
  });

  it('serves the published design to logged-out readers from the page cache, and the new one once published', async () => {
    const first = await get(`/${slug}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Lamp log 2');
    expect(first.body).toContain('Letters from the lamp room');
    expect((await get(`/${slug}`)).headers['x-cache']).toBe('HIT');

    const design = {
      header: { size: 'SMALL', color: '#223344' },
      sections: [
        { type: 'POSTS', id: 'lamps', title: 'From the lamp room', layout: 'LIST', source: 'TAG', tags: ['lamps'], limit: 2 },
        { type: 'PROMOTION', headlineText: 'Visit <the> lighthouse', buttonText: 'Plan a visit', url: 'https://example.com/visit' },
      ],
    };
    expect((await owner.browser.gql(SAVE, { id: pubId, design })).data.saveHomepageDraft.__typename).toBe('CollectionSuccess');
    // A draft is not the readers' page.
    expect((await get(`/${slug}`)).body).not.toContain('From the lamp room');
    await owner.browser.gql(PUBLISH, { id: pubId });
    const after = await get(`/${slug}`);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('From the lamp room');
    expect(after.body).toContain('Visit &lt;the&gt; lighthouse');
    expect(after.body).toMatch(/<a[^>]*href="https:\/\/example.com\/visit"[^>]*rel="ugc nofollow"|<a[^>]*rel="ugc nofollow"[^>]*href="https:\/\/example.com\/visit"/);
    expect(after.body).toContain(`href="/${slug}/home/lamps"`);
    expect((await get(`/${slug}`)).headers['x-cache']).toBe('HIT');

    const section = await get(`/${slug}/home/lamps`);
    expect(section.statusCode).toBe(200);
    expect(section.body).toContain('Lamp log 0');
    expect((await get(`/${slug}/home/nope`)).statusCode).toBe(404);
  });

  it('is the 404 page for a publication that does not exist', async () => {
    expect((await get('/no-such-publication-here')).statusCode).toBe(404);
  });

  it('opens the design editor and featured stories to editors only', async () => {
    for (const path of [`/${slug}/design`, `/${slug}/manage/stories/featured`]) {
      expect((await owner.browser.get(path)).statusCode).toBe(200);
      expect((await writer.browser.get(path)).statusCode).toBe(404);
      expect((await get(path)).statusCode).toBe(404);
    }
    expect((await owner.browser.get(`/${slug}/design`)).body).toContain('Add promotion section');
  });
});
