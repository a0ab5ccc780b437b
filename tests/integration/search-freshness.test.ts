import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger/index.js';
import { startEventDispatcher, type EventDispatcher } from '../../src/platform/events/dispatcher.js';
import { eventHandlers } from '../../src/server/event-handlers.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { para, publishInput, signedInWriter, WRITING } from '../support/writing.js';
import type { TestBrowser } from '../support/test-browser.js';
import { hitsOf, person, story } from './search-fixtures.js';

/** The index follows the writers' commands: publish, edit, trash and restore, rename, suspension. */
describe('search index freshness', () => {
  let t: TestApp;
  let writer: { id: string; browser: TestBrowser };
  let reader: string;
  let dispatcher: EventDispatcher;
  let postId: string;
  const ids = (hits: { objectID: string }[]) => hits.map((h) => h.objectID);

  beforeAll(async () => {
    t = await createTestApp();
    writer = await signedInWriter(t, 'quillwright');
    reader = await person(t, 'Plain Reader', 'plainreader');
    // An earlier story readers clapped for: the writer is a high-quality author.
    await story(t, writer.id, { title: 'An older piece', claps: 3 });
    dispatcher = startEventDispatcher({ db: t.database.db, logger: createLogger('silent'), handlers: eventHandlers(), pollIntervalMs: 3_600_000 });
  });
  afterAll(() => dispatcher.stop());

  it('finds a story once it is published, not while it is a draft', async () => {
    const draft = await writer.browser.gql(WRITING.createDraft, { title: 'Lighthouses of the northern coast', subtitle: 'A walking guide', paragraphs: [para('a1', 'Bring a flask of tea and a windproof coat.')] });
    postId = draft.data.createDraft.postId;
    await dispatcher.drain();
    expect(await hitsOf(t, reader, 'posts', 'query=lighthouses')).toEqual([]);
    const published = await writer.browser.gql(WRITING.publishPost, { postId, input: publishInput({ tags: ['travel'] }) });
    expect(published.data.publishPost.__typename).toBe('Post');
    await dispatcher.drain();
    expect(ids(await hitsOf(t, reader, 'posts', 'query=lighthouses'))).toEqual([postId]);
    expect(ids(await hitsOf(t, reader, 'posts', 'query=windproof'))).toEqual([postId]);
    expect((await hitsOf(t, reader, 'tags', 'query=trav')).map((h: { tagSlug: string }) => h.tagSlug)).toEqual(['travel']);
  });

  it('follows an edit of the title and a republish of the body', async () => {
    await writer.browser.gql(WRITING.updatePostSettings, { postId, input: publishInput({ tags: ['travel'], previewTitle: 'Beacons of the northern coast' }) });
    await dispatcher.drain();
    expect(await hitsOf(t, reader, 'posts', 'query=lighthouses')).toEqual([]);
    expect(ids(await hitsOf(t, reader, 'posts', 'query=beacons'))).toEqual([postId]);
    const editing = await writer.browser.gql(WRITING.postForEditing, { id: postId });
    await writer.browser.gql(WRITING.saveDraft, { postId, baseRev: editing.data.postForEditing.latestRev, title: 'Beacons of the northern coast', subtitle: 'A walking guide', paragraphs: [para('a1', 'Bring binoculars and a thermos.')] });
    await dispatcher.drain();
    // Unpublished edits are not what readers see: still the published words.
    expect(ids(await hitsOf(t, reader, 'posts', 'query=windproof'))).toEqual([postId]);
    await writer.browser.gql(WRITING.publishPost, { postId, input: publishInput({ tags: ['travel'] }) });
    await dispatcher.drain();
    expect(await hitsOf(t, reader, 'posts', 'query=windproof')).toEqual([]);
    expect(ids(await hitsOf(t, reader, 'posts', 'query=binoculars'))).toEqual([postId]);
  });

  it('drops a story moved to the trash and finds it again once restored', async () => {
    const trashed = await writer.browser.gql(`mutation($id: ID!) { deletePost(targetPostId: $id) { __typename } }`, { id: postId });
    expect(trashed.errors).toBeUndefined();
    await dispatcher.drain();
    expect(await hitsOf(t, reader, 'posts', 'query=beacons')).toEqual([]);
    await writer.browser.gql(`mutation($id: ID!) { undeletePost(targetPostId: $id) { __typename } }`, { id: postId });
    await dispatcher.drain();
    expect(ids(await hitsOf(t, reader, 'posts', 'query=beacons'))).toEqual([postId]);
  });

  it('finds a writer by a new name', async () => {
    const renamed = await writer.browser.gql(`mutation { updateProfile(name: "Wilhelmina Quill", pronouns: [], bio: "Coasts and weather.") { __typename } }`);
    expect(renamed.errors).toBeUndefined();
    await dispatcher.drain();
    const hits = await hitsOf(t, reader, 'users', 'query=wilhelmina');
    expect(hits.map((h: { userId: string; name: string }) => [h.userId, h.name])).toEqual([[writer.id, 'Wilhelmina Quill']]);
    // The old name ('quillwright Writer') is gone from the document.
    expect(await hitsOf(t, reader, 'users', 'query=writer')).toEqual([]);
  });

  it('hides a suspended writer and their stories at once, and again after the event', async () => {
    await t.database.pool.query('update users set is_suspended = true where id = $1', [writer.id]);
    expect(await hitsOf(t, reader, 'posts', 'query=beacons')).toEqual([]);
    expect(await hitsOf(t, reader, 'users', 'query=wilhelmina')).toEqual([]);
    await t.database.pool.query('update users set is_suspended = false where id = $1', [writer.id]);
    expect(ids(await hitsOf(t, reader, 'posts', 'query=beacons'))).toEqual([postId]);
  });

  it('is searchable without a drain: publishing wakes the running dispatcher', async () => {
    const live = startEventDispatcher({ db: t.database.db, logger: createLogger('silent'), handlers: eventHandlers() });
    try {
      const draft = await writer.browser.gql(WRITING.createDraft, { title: 'Harbour seals at dawn', subtitle: '', paragraphs: [para('a1', 'They come up for air.')] });
      await writer.browser.gql(WRITING.publishPost, { postId: draft.data.createDraft.postId, input: publishInput() });
      let hits: unknown[] = [];
      for (let i = 0; i < 50 && hits.length === 0; i++) {
        hits = await hitsOf(t, reader, 'posts', 'query=seals');
        if (hits.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(hits).toHaveLength(1);
    } finally {
      await live.stop();
    }
  });
});
