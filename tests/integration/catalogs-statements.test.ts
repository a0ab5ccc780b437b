import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { countStatements } from '../support/count-statements.js';
import { newReader, newStory, type Reader } from '../support/readers.js';

const PAGE = `query($id: ID!) { catalogById(catalogId: $id) { id name itemsCount version items { items { catalogItemId note post { id title } } next } } }`;
const CREATE = `mutation($name: String!) { createCatalog(name: $name, visibility: PUBLIC) { ... on CatalogEditSuccess { catalog { id } } } }`;

describe('list page cost', () => {
  let t: TestApp;
  let ann: Reader;
  let stories: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const author = await newReader(t, 'Author');
    ann = await newReader(t, 'Ann');
    stories = [];
    for (let i = 0; i < 25; i++) stories.push(await newStory(t, author.id, { title: `S${i}` }));
  });

  /** A list of `size` items: the stories first, then ids of stories long gone (tombstones). */
  async function listOf(size: number): Promise<string> {
    const id = (await ann.browser.gql(CREATE, { name: `Size ${size}` })).data.createCatalog.catalog.id;
    await t.database.pool.query(
      `insert into catalog_items (id, catalog_id, post_id, position, tombstone_title)
       select substr(md5($1 || g::text), 1, 12), $1, coalesce(($2::text[])[g], 'gone' || g), g, 'Gone'
       from generate_series(1, $3::int) g`,
      [id, stories, size],
    );
    await t.database.pool.query('update catalogs set items_count = $2 where id = $1', [id, size]);
    return id;
  }

  it('reads the first page of a 1,000-item list with as many statements as a 10-item list', async () => {
    const small = await listOf(10);
    const large = await listOf(1000);
    // Warm what other modules keep between requests (the session, story bodies) alike for both.
    await ann.browser.gql(PAGE, { id: small });
    await ann.browser.gql(PAGE, { id: large });
    type Page = { items: { items: unknown[]; next: string | null } };
    const pages: Record<string, Page> = {};
    const smallCount = await countStatements(t, async () => (pages.small = (await ann.browser.gql(PAGE, { id: small })).data.catalogById));
    const largeCount = await countStatements(t, async () => (pages.large = (await ann.browser.gql(PAGE, { id: large })).data.catalogById));
    expect(pages.small!.items.items).toHaveLength(10);
    expect(pages.small!.items.next).toBeNull();
    expect(pages.large!.items.items).toHaveLength(25);
    expect(pages.large!.items.next).not.toBeNull();
    expect(largeCount).toBe(smallCount);
    expect(largeCount).toBeLessThanOrEqual(6);
  });

  it('reads a library of 8 lists, with covers and follows, with as many statements as a library of 2', async () => {
    const LIBRARY = `{ viewerCatalogs(limit: 100) { id coverImageIds viewerIsFollowing creator { id } } viewerFollowedCatalogs(limit: 100) { id coverImageIds viewerIsFollowing } }`;
    const SAVE_TO = `mutation($id: ID!, $v: String!, $postId: ID!) { editCatalogItems(catalogId: $id, version: $v, operations: [{ append: { postId: $postId } }]) { __typename } }`;
    const VERSION = `query($id: ID!) { catalogById(catalogId: $id) { version } }`;
    const FOLLOW = `mutation($id: ID!) { followCatalog(catalogId: $id) { __typename } }`;
    // Two readers alike but for how many lists they follow (Ann owns lists of her own: not alike).
    const many = await newReader(t, 'Many');
    const few = await newReader(t, 'Few');
    const library = async (reader: Reader, lists: number) => {
      for (let i = 0; i < lists; i++) {
        const id = (await reader.browser.gql(CREATE, { name: `Shelf ${i}` })).data.createCatalog.catalog.id;
        const v = (await reader.browser.gql(VERSION, { id })).data.catalogById.version;
        await reader.browser.gql(SAVE_TO, { id, v, postId: stories[i]! });
        await many.browser.gql(FOLLOW, { id });
        // One list of each writer: the same writers, far fewer lists.
        if (i === 0) await few.browser.gql(FOLLOW, { id });
      }
    };
    const small = await newReader(t, 'Small');
    const large = await newReader(t, 'Large');
    await library(small, 2);
    await library(large, 8);
    await small.browser.gql(LIBRARY);
    await large.browser.gql(LIBRARY);
    // The fewest of three reads: how the two fields' loaders fall into batches depends on timing on a
    // busy machine (a batch may split in two), while a statement per list would show in every read.
    const fewest = async (work: () => Promise<unknown>) => Math.min(...[await countStatements(t, work), await countStatements(t, work), await countStatements(t, work)]);
    const smallCount = await fewest(() => small.browser.gql(LIBRARY));
    let read: { viewerCatalogs: unknown[] } | undefined;
    const largeCount = await fewest(async () => (read = (await large.browser.gql(LIBRARY)).data));
    expect(read!.viewerCatalogs).toHaveLength(10); // Reading list, Resume reading and 8 of their own
    // A statement per list would add six; a loader batch split in two by I/O timing (seen on a PostgreSQL
    // server over TCP) adds one.
    expect(largeCount).toBeLessThanOrEqual(smallCount + 1);
    // Following 10 lists costs what following 2 of the same writers does.
    const fewCount = await fewest(() => few.browser.gql(LIBRARY));
    const manyCount = await fewest(() => many.browser.gql(LIBRARY));
    expect(manyCount).toBeLessThanOrEqual(fewCount + 1); // a statement per list would add eight
  });
});
