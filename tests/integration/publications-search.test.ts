import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublication } from '../../src/modules/publications/commands.js';
import { updatePublicationSettings } from '../../src/modules/publications/admin-commands.js';
import { setPostCollection } from '../../src/modules/posts/collection.js';
import { startEventDispatcher, type EventDispatcher } from '../../src/platform/events/dispatcher.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { eventHandlers } from '../../src/server/event-handlers.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { grantMembership } from '../support/membership.js';
import { hitsOf, multiQuery, person, story, type Json } from './search-fixtures.js';

const PREVIEW = ['Lamps along the harbour wall at dusk.', 'Ropes creak.', 'The tide turns.'];
const LOCKED = ['Behind the paywall the cartographers of Samarkand trade vellum.'];

/** A publication's own search (filters collectionId:{id}) and the collections index (spec §2.5, §7, §9). */
describe('search: publications', () => {
  let t: TestApp;
  let dispatcher: EventDispatcher;
  let owner: string;
  let writer: string;
  let reader: string;
  let member: string;
  let pub: { id: string; slug: string };
  let other: { id: string; slug: string };
  const inPub: string[] = [];
  let outside: string;
  let locked: string;

  const made = async (name: string, slug: string, description = '') => {
    const r = await createPublication(t.database.db, owner, { name, slug, description });
    if (r.kind !== 'ok') throw new Error(r.message);
    await dispatcher.drain();
    return { id: r.value.id, slug: r.value.slug };
  };
  const join = async (postId: string, publicationId: string) => {
    await t.database.db.transaction((tx) => setPostCollection(tx as never, postId, publicationId));
    await dispatcher.drain();
  };
  const ids = (hits: Json[]) => hits.map((h: Json) => h.objectID).sort();

  beforeAll(async () => {
    t = await createTestApp();
    dispatcher = startEventDispatcher({ db: t.database.db, logger: createLogger('silent'), handlers: eventHandlers(), pollIntervalMs: 3_600_000 });
    owner = await person(t, 'Pub Owner', 'pubowner');
    writer = await person(t, 'Quay Writer', 'quaywriter');
    reader = await person(t, 'Quay Reader', 'quayreader');
    member = await person(t, 'Quay Member', 'quaymember');
    await grantMembership(t.database.db, member);
    pub = await made('The Quayside Review', 'quayside-review', 'Essays about harbours and the sea');
    other = await made('Inland Notes', 'inland-notes');
    for (let i = 0; i < 10; i++) {
      const id = await story(t, writer, { title: `Lanterns of the quay ${i}`, claps: 10 - i });
      await join(id, pub.id);
      inPub.push(id);
    }
    outside = await story(t, writer, { title: 'Lanterns far from the quay', claps: 50 });
    await join(outside, other.id);
    locked = await story(t, writer, { title: 'Quay maps', body: [...PREVIEW, ...LOCKED], isLocked: true, claps: 2 });
    await join(locked, pub.id);
  });
  afterAll(() => dispatcher.stop());

  it('finds only the publication’s stories, 8 a page, each at its address under the publication', async () => {
    const filters = `collectionId:"${pub.id}"`;
    const first = await multiQuery(t, reader, [{ indexName: 'posts', params: `query=lanterns&hitsPerPage=8&filters=${encodeURIComponent(filters)}` }]);
    expect(first.status).toBe(200);
    const page0 = first.body.results[0];
    expect(page0.hits).toHaveLength(8);
    expect(page0.nbHits).toBe(10);
    expect(page0.nbPages).toBe(2);
    const page1 = await hitsOf(t, reader, 'posts', `query=lanterns&hitsPerPage=8&page=1&filters=${encodeURIComponent(filters)}`);
    expect(page1).toHaveLength(2);
    expect([...ids(page0.hits), ...ids(page1)].sort()).toEqual([...inPub].sort());
    expect(page0.hits[0]).toMatchObject({ collectionId: pub.id });
    expect(page0.hits[0].mediumUrl).toMatch(new RegExp(`^/quayside-review/lanterns-of-the-quay-\\d-${page0.hits[0].objectID}$`));
    // The whole site still finds the story of the other publication; NOT excludes the publication.
    expect(ids(await hitsOf(t, reader, 'posts', 'query=lanterns&hitsPerPage=20'))).toContain(outside);
    expect(ids(await hitsOf(t, reader, 'posts', `query=lanterns&hitsPerPage=20&filters=${encodeURIComponent(`NOT ${filters}`)}`))).toEqual([outside]);
  });

  it('follows a story out of the publication', async () => {
    await join(inPub[9]!, null as never);
    const hits = await hitsOf(t, reader, 'posts', `query=lanterns&hitsPerPage=20&filters=${encodeURIComponent(`collectionId:"${pub.id}"`)}`);
    expect(ids(hits)).toEqual(inPub.slice(0, 9).sort());
    await join(inPub[9]!, pub.id);
  });

  it('never shows member-only text to a reader without access, in the publication as on the site', async () => {
    const params = { query: 'samarkand', filters: `collectionId:"${pub.id}"`, attributesToRetrieve: ['*', 'content'], attributesToHighlight: ['*'], attributesToSnippet: ['content:40'] };
    for (const who of [reader, null]) {
      const { body } = await multiQuery(t, who, [{ indexName: 'posts', ...params }]);
      const result = body.results[0];
      expect(result.hits.map((h: Json) => h.objectID)).toEqual([locked]);
      const text = JSON.stringify({ ...result, query: null, params: null }).toLowerCase();
      for (const word of ['samarkand', 'cartographers', 'vellum', 'paywall']) expect(text).not.toContain(word);
    }
    const { body } = await multiQuery(t, member, [{ indexName: 'posts', ...params }]);
    expect(body.results[0].hits[0]._snippetResult.content.value).toContain('<em>Samarkand</em>');
  });

  it('finds a publication by its name, slug words, description and a typed prefix', async () => {
    for (const query of ['The Quayside Review', 'quayside', 'quaysi', 'harbours', 'harbour', 'review']) {
      const hits = await hitsOf(t, null, 'collections', `query=${encodeURIComponent(query)}`);
      expect(hits.map((h: Json) => h.objectID), query).toContain(pub.id);
    }
    const [hit] = await hitsOf(t, null, 'collections', 'query=quayside');
    expect(hit).toMatchObject({ collectionId: pub.id, name: 'The Quayside Review', slug: 'quayside-review', url: '/quayside-review', followerCount: 0 });
    expect(hit._highlightResult.name.value).toBe('The <em>Quayside</em> Review');
    expect(await hitsOf(t, null, 'collections', 'query=zeppelin')).toEqual([]);
  });

  it('always finds a publication by its name, even one of stop words, above every other match', async () => {
    const stopWords = await made('The Other', 'the-other-one', 'Not the quayside');
    const hits = await hitsOf(t, null, 'collections', `query=${encodeURIComponent('The Other')}`);
    expect(hits[0].objectID).toBe(stopWords.id);
  });

  it('keeps the document when the publication is renamed', async () => {
    const r = await updatePublicationSettings(t.database.db, owner, other.id, { name: 'Mountain Letters', slug: 'mountain-letters' });
    expect(r.kind).toBe('ok');
    await dispatcher.drain();
    expect((await hitsOf(t, null, 'collections', 'query=mountain')).map((h: Json) => h.objectID)).toEqual([other.id]);
    expect(await hitsOf(t, null, 'collections', 'query=inland')).toEqual([]);
  });

  it('refuses an unknown filter attribute on publications (400)', async () => {
    const { status } = await multiQuery(t, null, [{ indexName: 'collections', params: 'query=x&filters=creatorId:abc' }]);
    expect(status).toBe(400);
  });
});
