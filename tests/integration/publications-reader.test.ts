import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const CREATE = `mutation($input: CreateCollectionInput!) { createCollection(input: $input) { __typename ... on CollectionSuccess { collection { id slug } } } }`;
const FEATURE_RESULT = `__typename ... on FeaturePageSuccess { featurePage { id slug title tags position } } ... on BadRequest { message } ... on Forbidden { message } ... on AlreadyExists { message } ... on Unauthorized { message } ... on NotFound { message }`;
const CREATE_FEATURE = `mutation($c: ID!, $input: FeaturePageInput!) { createFeaturePage(collectionId: $c, input: $input) { ${FEATURE_RESULT} } }`;
const UPDATE_FEATURE = `mutation($c: ID!, $f: ID!, $input: FeaturePageInput!) { updateFeaturePage(collectionId: $c, featurePageId: $f, input: $input) { ${FEATURE_RESULT} } }`;
const DELETE_FEATURE = `mutation($c: ID!, $f: ID!) { deleteFeaturePage(collectionId: $c, featurePageId: $f) { __typename ... on Forbidden { message } } }`;

const DAY = 86_400_000;

describe('publication reader pages', () => {
  let t: TestApp;
  let owner: Reader;
  let editor: Reader;
  let writer: Reader;
  let stranger: Reader;
  let pubId: string;
  const stories: string[] = [];
  const sql = (q: string) => t.database.db.execute(q);

  /** A story in the publication, published `daysAgo` days before now, with tags. */
  async function storyIn(title: string, daysAgo: number, tags: string[] = []) {
    const id = await newStory(t, owner.id, { title });
    const at = new Date(Date.now() - daysAgo * DAY).toISOString();
    await sql(`update posts set collection_id = '${pubId}', first_published_at = '${at}', latest_published_at = '${at}', tags = array[${tags.map((x) => `'${x}'`).join(',')}]::text[] where id = '${id}'`);
    stories.push(id);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Owner');
    editor = await newReader(t, 'Editor');
    writer = await newReader(t, 'Writer');
    stranger = await newReader(t, 'Stranger');
    const made = (await owner.browser.gql(CREATE, { input: { name: 'Tide </script><b>Tables', slug: 'tide-tables', description: 'Notes & essays from the shore', tags: ['Sea', 'Essays'] } })).data.createCollection;
    pubId = made.collection.id;
    await sql(`insert into publication_members (publication_id, user_id, role) values ('${pubId}', '${editor.id}', 'EDITOR'), ('${pubId}', '${writer.id}', 'WRITER')`);
    await sql(`update publications set twitter_username = 'tidetables', facebook_page_id = 'tide.tables' where id = '${pubId}'`);
    // 23 stories: 3 in the last 30 days (trending), 20 older; tagged ones spread over two years.
    await storyIn('Fresh low tide', 1, ['sea']);
    await storyIn('Fresh high tide', 2, ['sea', 'moon']);
    await storyIn('Fresh spring tide', 3, []);
    for (let i = 0; i < 20; i++) await storyIn(`Old story ${i}`, 400 + i * 10, i % 2 === 0 ? ['essays'] : []);
  });

  it('serves every reader page with the masthead, and 404 for a publication that does not exist', async () => {
    const reader = testBrowser(t.app);
    for (const path of ['/about', '/latest', '/all', '/all/2', '/trending', '/tagged/sea', '/archive', '/featured']) {
      const res = await reader.get(`/tide-tables${path}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('data-testid="publication-masthead"');
    }
    for (const path of ['/about', '/latest', '/all/2', '/trending', '/tagged/sea', '/archive', '/featured']) {
      expect((await reader.get(`/no-such-pub${path}`)).statusCode, path).toBe(404);
    }
    expect((await reader.get('/tide-tables/all/9')).statusCode).toBe(404);
    expect((await reader.get('/tide-tables/archive/2019/02/30')).statusCode).toBe(404);
    expect((await reader.get('/tide-tables/nothing-here/home')).statusCode).toBe(404);
  });

  it('the about page names editors and writers, links tags, and its JSON-LD cannot be broken out of', async () => {
    const res = await testBrowser(t.app).get('/tide-tables/about');
    expect(res.body).toContain('Editor');
    expect(res.body).toContain('Writer');
    expect(res.body).toContain('href="/tide-tables/tagged/sea"');
    expect(res.body).toContain('rel="ugc nofollow noopener"');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]!;
    expect(ld).not.toContain('</script>');
    const org = JSON.parse(ld);
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Tide </script><b>Tables', sameAs: ['https://twitter.com/tidetables', 'https://www.facebook.com/tide.tables'] });
    expect(res.body).toContain('<meta property="og:type" content="website">');
    expect(res.body).toContain('<title>About Tide &lt;/script&gt;&lt;b&gt;Tables');
    expect(res.body).not.toContain('<b>Tables');
  });

  it('pages the latest stories by cursor and /all by number, 20 a page', async () => {
    const q = `query($s: String, $to: String) { collection(domainOrSlug: $s) { latestPosts(paging: { limit: 20, to: $to }) { items { id } pagingInfo { next { to } } } p1: postsPage(page: 1) { pageCount posts { id } } p2: postsPage(page: 2) { posts { id } } p3: postsPage(page: 3) { page } } }`;
    const first = (await stranger.browser.gql(q, { s: 'tide-tables' })).data.collection;
    expect(first.latestPosts.items.map((p: { id: string }) => p.id)).toEqual(stories.slice(0, 20));
    const next = (await stranger.browser.gql(q, { s: 'tide-tables', to: first.latestPosts.pagingInfo.next.to })).data.collection.latestPosts;
    expect(next.items.map((p: { id: string }) => p.id)).toEqual(stories.slice(20));
    expect(next.pagingInfo.next).toBeNull();
    expect(first.p1.pageCount).toBe(2);
    expect(first.p2.posts.map((p: { id: string }) => p.id)).toEqual(stories.slice(20));
    expect(first.p3).toBeNull();
  });

  it('tag lists and archive counts count the publication stories only', async () => {
    const elsewhere = await newStory(t, owner.id, { title: 'Not in it' });
    await sql(`update posts set tags = array['sea']::text[] where id = '${elsewhere}'`);
    const q = `query { collection(domainOrSlug: "tide-tables") { latestPosts(tagSlug: "Sea") { items { id } } archive { years { year postCount } posts(paging: { limit: 50 }) { items { id } } } }}`;
    const c = (await stranger.browser.gql(q)).data.collection;
    expect(c.latestPosts.items.map((p: { id: string }) => p.id)).toEqual(stories.slice(0, 2));
    const total = c.archive.years.reduce((n: number, y: { postCount: number }) => n + y.postCount, 0);
    expect(total).toBe(23);
    const { rows } = await sql(`select extract(year from first_published_at)::int as y, count(*)::int as n from posts where collection_id = '${pubId}' group by 1 order by 1`);
    expect(c.archive.years).toEqual(rows.map((r) => ({ year: (r as { y: number }).y, postCount: (r as { n: number }).n })));
    const year = c.archive.years[0].year;
    const page = await testBrowser(t.app).get(`/tide-tables/archive/${year}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`aria-current="page"`);
  });

  it('trending orders the last 30 days by claps in them, then newest', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await sql(`insert into daily_post_claps (day, post_id, claps) values ('${today}', '${stories[2]}', 9), ('${today}', '${stories[1]}', 4)`);
    // Claps on an old story do not bring it in: it was published outside the window.
    await sql(`insert into daily_post_claps (day, post_id, claps) values ('${today}', '${stories[10]}', 50)`);
    const c = (await stranger.browser.gql(`query { collection(domainOrSlug: "tide-tables") { trendingPosts { id } } }`)).data.collection;
    expect(c.trendingPosts.map((p: { id: string }) => p.id)).toEqual([stories[2], stories[1], stories[0]]);
  });

  it.each([
    ['owner', 'FeaturePageSuccess'],
    ['editor', 'FeaturePageSuccess'],
    ['writer', 'Forbidden'],
    ['stranger', 'Forbidden'],
  ])('feature pages: %s creating, editing and deleting gets %s', async (who, expected) => {
    const r = { owner, editor, writer, stranger }[who]!;
    const before = (await sql(`select count(*)::int as n from publication_feature_pages`)).rows[0];
    const made = (await r.browser.gql(CREATE_FEATURE, { c: pubId, input: { title: `Moon ${who}`, tags: ['moon'] } })).data.createFeaturePage;
    expect(made.__typename).toBe(expected);
    if (expected !== 'FeaturePageSuccess') {
      expect((await sql(`select count(*)::int as n from publication_feature_pages`)).rows[0]).toEqual(before);
      // Another's page cannot be changed or deleted either.
      const other = (await owner.browser.gql(CREATE_FEATURE, { c: pubId, input: { title: `Kept ${who}`, tags: ['sea'] } })).data.createFeaturePage.featurePage;
      expect((await r.browser.gql(UPDATE_FEATURE, { c: pubId, f: other.id, input: { title: 'Taken', tags: ['x'] } })).data.updateFeaturePage.__typename).toBe('Forbidden');
      expect((await r.browser.gql(DELETE_FEATURE, { c: pubId, f: other.id })).data.deleteFeaturePage.__typename).toBe('Forbidden');
      expect((await sql(`select title from publication_feature_pages where id = '${other.id}'`)).rows).toEqual([{ title: `Kept ${who}` }]);
      return;
    }
    expect(made.featurePage).toMatchObject({ slug: `moon-${who}`, tags: ['moon'] });
    const page = await testBrowser(t.app).get(`/tide-tables/moon-${who}/home`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fresh high tide');
    expect(page.body).not.toContain('Fresh low tide');
    expect((await testBrowser(t.app).get(`/tide-tables/moon-${who}/tagged/sea`)).statusCode).toBe(200);
    const edited = (await r.browser.gql(UPDATE_FEATURE, { c: pubId, f: made.featurePage.id, input: { title: 'Moon and sea', slug: `moon-sea-${who}`, tags: ['moon', 'sea'] } })).data.updateFeaturePage;
    expect(edited.featurePage).toMatchObject({ slug: `moon-sea-${who}`, tags: ['moon', 'sea'] });
    expect((await r.browser.gql(DELETE_FEATURE, { c: pubId, f: made.featurePage.id })).data.deleteFeaturePage.__typename).toBe('FeaturePageDeleted');
  });

  it.each([
    [{ title: '', tags: ['a'] }, 'needs a title'],
    [{ title: 'Ok', tags: [] }, '1 to 5 tags'],
    [{ title: 'Ok', tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, '1 to 5 tags'],
    [{ title: 'Ok', slug: 'about', tags: ['a'] }, 'not one of the publication'],
    [{ title: 'Ok', slug: 'Bad Slug', tags: ['a'] }, 'lowercase letters'],
  ])('feature pages refuse %o and change nothing', async (input, message) => {
    const before = (await sql(`select count(*)::int as n from publication_feature_pages`)).rows[0];
    const res = (await owner.browser.gql(CREATE_FEATURE, { c: pubId, input })).data.createFeaturePage;
    expect(res.__typename).toBe('BadRequest');
    expect(res.message).toContain(message);
    expect((await sql(`select count(*)::int as n from publication_feature_pages`)).rows[0]).toEqual(before);
  });

  it('a feature page slug is unique in its publication; only editors open the settings pages', async () => {
    await owner.browser.gql(CREATE_FEATURE, { c: pubId, input: { title: 'Essays', tags: ['essays'] } });
    const again = (await owner.browser.gql(CREATE_FEATURE, { c: pubId, input: { title: 'Essays', tags: ['sea'] } })).data.createFeaturePage;
    expect(again.__typename).toBe('AlreadyExists');
    expect((await editor.browser.get('/tide-tables/settings/feature-pages')).statusCode).toBe(200);
    expect((await editor.browser.get('/tide-tables/settings/feature-pages/essays/edit')).statusCode).toBe(200);
    expect((await editor.browser.get('/tide-tables/settings/feature-pages/nope/edit')).statusCode).toBe(404);
    expect((await writer.browser.get('/tide-tables/settings/feature-pages')).statusCode).toBe(404);
    expect((await testBrowser(t.app).get('/tide-tables/settings/feature-pages/new')).statusCode).toBe(404);
  });

  it('the RSS feed lists the publication stories, escaped, and 404s an unknown publication', async () => {
    await sql(`update posts set title = 'Fish & <chips>' where id = '${stories[0]}'`);
    const res = await testBrowser(t.app).get('/feed/tide-tables');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toMatch(/^<\?xml/);
    expect(res.body).toContain('<title>Fish &amp; &lt;chips&gt;</title>');
    expect(res.body).toContain('<title>Tide &lt;/script&gt;&lt;b&gt;Tables</title>');
    expect(res.body).toMatch(new RegExp(`<link>[^<]*/tide-tables/[^<]*${stories[0]}</link>`));
    expect(res.body.match(/<item>/g)).toHaveLength(20);
    expect((await testBrowser(t.app).get('/feed/no-such-pub')).statusCode).toBe(404);
  });

  it('the sitemap has the publication home and its stories under its address', async () => {
    const index = await testBrowser(t.app).get('/sitemap/sitemap.xml');
    const file = /<loc>[^<]*(\/sitemap\/sitemap-publications-\d+\.xml)<\/loc>/.exec(index.body);
    expect(file).not.toBeNull();
    const part = await testBrowser(t.app).get(file![1]!);
    expect(part.body).toMatch(/<loc>[^<]*\/tide-tables<\/loc>/);
    expect(part.body).toContain(`/tide-tables/`);
    expect(part.body).toContain(`${stories[5]}</loc>`);
  });

  it('the stories part leaves a publication story to the publications part: listed once, at its publication address', async () => {
    const index = await testBrowser(t.app).get('/sitemap/sitemap.xml');
    const files = [...index.body.matchAll(/<loc>[^<]*(\/sitemap\/sitemap-stories-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    const parts = await Promise.all(files.map((f) => testBrowser(t.app).get(f)));
    const locs = parts.flatMap((p) => [...p.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!));
    expect(locs.length).toBeGreaterThan(0);
    expect(locs.filter((l) => l.endsWith(stories[5]!))).toEqual([]);
  });
});
