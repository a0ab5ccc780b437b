import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMIZE_FOLLOWING_QUERY, CUSTOMIZE_MUTED_QUERY, CUSTOMIZE_SUGGESTIONS_QUERY, USER_MENTION_TOOLTIP_CONTENT_QUERY } from '../../src/web/graphql/social-operations.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

/** The Refine recommendations pages and the mention card's query, against the real server. */
describe('following, suggestions and muted pages', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  it('signed out: each page sends the reader to sign in and back (302)', async () => {
    const browser = testBrowser(t.app);
    for (const path of ['/me/following', '/me/following/people', '/me/following/suggestions', '/me/settings/mute', '/me/settings/mute/publications']) {
      const res = await browser.get(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location, path).toBe(`/m/signin?operation=login&redirect=${path}`);
    }
  });

  it('signed in: renders the people and topics followed, the muted writers, and 404s an unknown tab', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const cat = await newReader(t, 'Cat');
    await t.database.pool.query(`insert into tags (slug, display_title) values ('pottery', 'Pottery') on conflict do nothing`);
    await ann.browser.gql('mutation($id: ID!) { followUser(targetUserId: $id) { id } }', { id: bob.id });
    await ann.browser.gql('mutation($id: ID!) { muteUser(targetUserId: $id) { id } }', { id: cat.id });
    await ann.browser.gql(`mutation { followTag(tagSlug: "pottery") { id } }`);

    const following = await ann.browser.get('/me/following');
    expect(following.statusCode).toBe(200);
    const html = following.body;
    expect(html).toContain('Refine recommendations');
    expect(html).toContain('Bob ');
    expect(html).toContain('Pottery');
    expect(html).toContain('noindex');

    const muted = (await ann.browser.get('/me/settings/mute')).body;
    expect(muted).toContain('Cat ');
    expect(muted).toContain('Unmute');

    expect((await ann.browser.get('/me/following/publications')).statusCode).toBe(200);
    expect((await ann.browser.get('/me/following/suggestions')).statusCode).toBe(200);
    expect((await ann.browser.get('/me/following/bogus')).statusCode).toBe(404);
    expect((await ann.browser.get('/me/settings/mute/bogus')).statusCode).toBe(404);
    // Spec §2.3: topics redirects to the following index.
    const topics = await ann.browser.get('/me/following/topics');
    expect(topics.statusCode).toBe(302);
    expect(topics.headers.location).toBe('/me/following');
  });

  it('a signed-out profile page carries no visitor id in its edges, so the page cache can keep it', async () => {
    const bob = await newReader(t, 'Bob');
    const username = (await t.database.pool.query<{ username: string }>('select username from users where id = $1', [bob.id])).rows[0]!.username;
    const browser = testBrowser(t.app);
    await browser.gql('{ visitor { id } }'); // the visitor id comes from a POST, never with a page
    const res = await browser.get(`/@${username}`);
    expect(res.statusCode).toBe(200);
    const visitor = [...browser.jar.values()].find((v) => v.startsWith('lo_'));
    expect(visitor).toBeTruthy();
    expect(res.body).not.toContain(visitor!);
    expect(res.body).toContain(`userId:${bob.id}-viewerId:anonymous`);
  });

  it('the page documents and UserMentionTooltipContentQuery run against the schema', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    for (const [doc, variables] of [
      [CUSTOMIZE_FOLLOWING_QUERY, { peopleLimit: 5 }],
      [CUSTOMIZE_SUGGESTIONS_QUERY, {}],
      [CUSTOMIZE_MUTED_QUERY, {}],
    ] as const) {
      const res = await ann.browser.gql(print(doc), variables);
      expect(res.errors).toBeUndefined();
    }
    const card = await ann.browser.gql(print(USER_MENTION_TOOLTIP_CONTENT_QUERY), { id: bob.id });
    expect(card.errors).toBeUndefined();
    expect(card.data.userResult).toMatchObject({ __typename: 'User', id: bob.id, viewerEdge: { isFollowing: false }, socialStats: { followerCount: 0 } });
  });
});
