import { describe, expect, it } from 'vitest';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { createTestApp } from '../support/app.js';
import { newReader } from '../support/readers.js';

const t = await createTestApp();
const body = [{ name: 'a1', type: 'P' as const, text: 'A paragraph about glazes and kilns.', markups: [] }];
const WHO = `query($slug: String!) { tagResult(tagSlug: $slug) { __typename ... on Tag { whoToFollow(paging: { limit: 10 }) { items { user { id } } } } } }`;

describe('topic rules', () => {
  it("leaves suspended writers out of a topic's who to follow", async () => {
    const ann = await newReader(t, 'Potter');
    const bob = await newReader(t, 'Glazer');
    for (const w of [ann, bob]) {
      const id = await insertPublishedPost(t.database.db, { creatorId: w.id, title: 'Kilns', subtitle: '', paragraphs: body, tags: ['Ceramics'], publishedAt: new Date() });
      await t.database.pool.query('update posts set clap_count = 5 where id = $1', [id]);
      await t.database.pool.query('insert into claps (post_id, user_id, count) values ($1, $2, 5)', [id, w === ann ? bob.id : ann.id]);
    }
    const reader = await newReader(t, 'Reader');
    const ids = async () => ((await reader.browser.gql(WHO, { slug: 'ceramics' })).data.tagResult.whoToFollow.items as { user: { id: string } }[]).map((i) => i.user.id).sort();
    expect(await ids()).toEqual([ann.id, bob.id].sort());
    await t.database.pool.query('update users set is_suspended = true where id = $1', [bob.id]);
    expect(await ids()).toEqual([ann.id]);
  });

  it('follows a topic named as a reader writes it', async () => {
    const writer = await newReader(t, 'Learner');
    await insertPublishedPost(t.database.db, { creatorId: writer.id, title: 'Gradients', subtitle: '', paragraphs: body, tags: ['Machine Learning'], publishedAt: new Date() });
    const reader = await newReader(t, 'Student');
    const res = await reader.browser.gql('mutation { followTag(tagSlug: "Machine Learning") { normalizedTagSlug followerCount viewerEdge { isFollowing } } }');
    expect(res.data.followTag).toEqual({ normalizedTagSlug: 'machine-learning', followerCount: 1, viewerEdge: { isFollowing: true } });
  });
});
