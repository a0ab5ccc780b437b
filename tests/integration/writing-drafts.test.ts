import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';
import { WRITING, para, signedInWriter } from '../support/writing.js';

/** Drafts through the real GraphQL endpoint: create, autosave, conflicts, revisions, revert, who may see them. */
describe('writing: drafts and revisions', () => {
  let t: TestApp;
  let ann: TestBrowser;
  let bob: TestBrowser;
  let staff: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp();
    ann = (await signedInWriter(t, 'ann')).browser;
    bob = (await signedInWriter(t, 'bob')).browser;
    staff = (await signedInWriter(t, 'root', { isStaff: true })).browser;
  });

  const row = async (id: string) =>
    (await t.database.pool.query('select title, subtitle, paragraphs, latest_rev, published_rev, first_published_at, updated_at from posts where id = $1', [id])).rows[0];
  const revisionCount = async (id: string) => Number((await t.database.pool.query('select count(*) from post_revisions where post_id = $1', [id])).rows[0].count);

  async function newDraft(b = ann, title = 'A first draft') {
    const r = await b.gql(WRITING.createDraft, { title, subtitle: 'Sub', paragraphs: [para('a1', 'Hello there.')] });
    expect(r.errors).toBeUndefined();
    expect(r.data.createDraft.__typename).toBe('SavedDraft');
    return r.data.createDraft.postId as string;
  }

  it('creates a draft as revision 1, readable for editing by its author only', async () => {
    const id = await newDraft();
    expect((await row(id)).latest_rev).toBe(1);
    expect(await revisionCount(id)).toBe(1);
    const mine = (await ann.gql(WRITING.postForEditing, { id })).data.postForEditing;
    expect(mine).toMatchObject({
      __typename: 'EditablePost',
      id,
      title: 'A first draft',
      subtitle: 'Sub',
      latestRev: 1,
      publishedRev: null,
      isPublished: false,
      visibility: 'PUBLIC',
      license: 'ALL_RIGHTS_RESERVED',
      hasUnpublishedEdits: false,
      tags: [],
      uniqueSlug: `a-first-draft-${id}`,
    });
    expect(mine.paragraphs).toEqual([
      { name: 'a1', type: 'P', text: 'Hello there.', markups: [], layout: null, metadata: null, codeBlockMetadata: null, iframe: null, mixtapeMetadata: null },
    ]);
    expect(mine.mediumUrl).toMatch(new RegExp(`/@ann/a-first-draft-${id}$`));
    expect((await staff.gql(WRITING.postForEditing, { id })).data.postForEditing.__typename).toBe('EditablePost');
    expect((await bob.gql(WRITING.postForEditing, { id })).data.postForEditing).toEqual({ __typename: 'NotFound', message: 'Post not found.' });
    expect((await testBrowser(t.app).gql(WRITING.postForEditing, { id })).data.postForEditing.__typename).toBe('NotFound');
    // A draft is no story for readers yet.
    expect((await bob.gql('query($id: ID!) { postResult(id: $id) { __typename } }', { id })).data.postResult.__typename).toBe('NotFound');
  });

  it('saves one revision per save and keeps the draft row in step', async () => {
    const id = await newDraft();
    const s2 = await ann.gql(WRITING.saveDraft, { postId: id, baseRev: 1, title: 'Second title', subtitle: '', paragraphs: [para('a1', 'Hello again.'), para('b2', 'More.')] });
    expect(s2.data.saveDraft).toMatchObject({ __typename: 'SavedDraft', postId: id, latestRev: 2 });
    const s3 = await ann.gql(WRITING.saveDraft, { postId: id, baseRev: 2, title: 'Third title', subtitle: '', paragraphs: [para('a1', 'Hello again.')] });
    expect(s3.data.saveDraft.latestRev).toBe(3);
    expect(await revisionCount(id)).toBe(3);
    const r = await row(id);
    expect(r).toMatchObject({ title: 'Third title', latest_rev: 3, published_rev: null });
    expect(r.paragraphs).toEqual([{ name: 'a1', type: 'P', text: 'Hello again.', markups: [] }]);
    expect(r.updated_at.getTime()).toBe(s3.data.saveDraft.updatedAt);
  });

  it('answers a stale baseRev with Conflict and writes nothing; a retried save is not a conflict', async () => {
    const id = await newDraft();
    const body = { postId: id, title: 'Tab one', subtitle: '', paragraphs: [para('a1', 'From tab one.')] };
    expect((await ann.gql(WRITING.saveDraft, { ...body, baseRev: 1 })).data.saveDraft.latestRev).toBe(2);
    // The same save again (the answer was lost): the server recognises it.
    expect((await ann.gql(WRITING.saveDraft, { ...body, baseRev: 1 })).data.saveDraft).toMatchObject({ __typename: 'SavedDraft', latestRev: 2 });
    // Another tab still at revision 1 with different text.
    const other = await ann.gql(WRITING.saveDraft, { ...body, baseRev: 1, title: 'Tab two' });
    expect(other.data.saveDraft.__typename).toBe('Conflict');
    expect(other.data.saveDraft.latestRev).toBe(2);
    expect(other.data.saveDraft.message).toMatch(/changed somewhere else/);
    expect((await ann.gql(WRITING.saveDraft, { ...body, baseRev: 7 })).data.saveDraft.__typename).toBe('Conflict');
    expect(await revisionCount(id)).toBe(2);
    expect((await row(id)).title).toBe('Tab one');
  });

  it('keeps two concurrent saves from the same base apart: one wins, the other conflicts', async () => {
    const id = await newDraft();
    const results = await Promise.all(
      ['one', 'two', 'three'].map((w) => ann.gql(WRITING.saveDraft, { postId: id, baseRev: 1, title: w, subtitle: '', paragraphs: [para('a1', w)] })),
    );
    const kinds = results.map((r) => r.data.saveDraft.__typename).sort();
    expect(kinds).toEqual(['Conflict', 'Conflict', 'SavedDraft']);
    expect(await revisionCount(id)).toBe(2);
  });

  it("refuses another writer's save, revert and revisions with NotFound, changing nothing", async () => {
    const id = await newDraft();
    const before = await row(id);
    const save = await bob.gql(WRITING.saveDraft, { postId: id, baseRev: 1, title: 'Mine now', subtitle: '', paragraphs: [] });
    expect(save.data.saveDraft).toEqual({ __typename: 'NotFound', message: 'Post not found.' });
    expect((await bob.gql(WRITING.revertPost, { postId: id, rev: 1 })).data.revertPost.__typename).toBe('NotFound');
    expect((await bob.gql(WRITING.postRevisions, { postId: id })).data.postRevisions).toEqual([]);
    // Staff may look, not write.
    expect((await staff.gql(WRITING.saveDraft, { postId: id, baseRev: 1, title: 'Staff', subtitle: '', paragraphs: [] })).data.saveDraft.__typename).toBe('NotFound');
    expect(await row(id)).toEqual(before);
    expect(await revisionCount(id)).toBe(1);
    const signedOut = await testBrowser(t.app).gql(WRITING.saveDraft, { postId: id, baseRev: 1, title: 'x', subtitle: '', paragraphs: [] });
    expect(signedOut.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect((await ann.gql(WRITING.saveDraft, { postId: 'ffffffffffff', baseRev: 1, title: 'x', subtitle: '', paragraphs: [] })).data.saveDraft.__typename).toBe('NotFound');
  });

  it('lists revisions newest first and restores an old one as a new revision', async () => {
    const id = await newDraft(ann, 'Version one');
    await ann.gql(WRITING.saveDraft, { postId: id, baseRev: 1, title: 'Version two', subtitle: '', paragraphs: [para('a1', 'Second text.')] });
    const list = (await ann.gql(WRITING.postRevisions, { postId: id })).data.postRevisions;
    expect(list.map((r: { rev: number; title: string }) => [r.rev, r.title])).toEqual([
      [2, 'Version two'],
      [1, 'Version one'],
    ]);
    expect(list[1].paragraphs).toEqual([{ name: 'a1', text: 'Hello there.' }]);
    expect(list[0].publishedAt).toBeNull();
    expect((await staff.gql(WRITING.postRevisions, { postId: id })).data.postRevisions).toHaveLength(2);

    const reverted = await ann.gql(WRITING.revertPost, { postId: id, rev: 1 });
    expect(reverted.data.revertPost).toMatchObject({ __typename: 'SavedDraft', latestRev: 3 });
    const edit = (await ann.gql(WRITING.postForEditing, { id })).data.postForEditing;
    expect(edit).toMatchObject({ title: 'Version one', latestRev: 3 });
    expect(edit.paragraphs.map((p: { text: string }) => p.text)).toEqual(['Hello there.']);
    expect((await row(id)).title).toBe('Version one');
    expect(await revisionCount(id)).toBe(3);
    expect((await ann.gql(WRITING.revertPost, { postId: id, rev: 9 })).data.revertPost).toEqual({ __typename: 'NotFound', message: 'This story has no revision 9.' });
  });

  it('ends a repost draft with a card linking the reposted story', async () => {
    const original = await newDraft(bob, 'Worth sharing');
    // Not published yet: nothing to repost.
    expect((await ann.gql(WRITING.createDraft, { title: '', subtitle: '', paragraphs: [], repostOfPostId: original })).data.createDraft.__typename).toBe('NotFound');
    await t.database.pool.query("update posts set first_published_at = now(), latest_published_at = now(), published_rev = 1 where id = $1", [original]);
    const r = await ann.gql(WRITING.createDraft, { title: 'My take', subtitle: '', paragraphs: [para('a1', 'Read this.')], repostOfPostId: original });
    const id = r.data.createDraft.postId;
    const paragraphs = (await ann.gql(WRITING.postForEditing, { id })).data.postForEditing.paragraphs;
    expect(paragraphs.map((p: { type: string }) => p.type)).toEqual(['P', 'MIXTAPE_EMBED']);
    expect(paragraphs[1].mixtapeMetadata).toMatchObject({ title: 'Worth sharing', description: 'Sub' });
    expect(paragraphs[1].mixtapeMetadata.href).toMatch(new RegExp(`/@bob/worth-sharing-${original}$`));
  });
});
