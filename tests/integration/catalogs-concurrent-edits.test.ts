import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';

/**
 * Two clients edit one list with EditCatalogItems, each from the version it last saw, in
 * random interleavings (sometimes truly at once). A conflict hands the client the list as it
 * is; it re-aims its operation at that list and retries. Every success names the version it
 * replaced, so the successes form one chain: replaying them in chain order on a plain array
 * must give exactly the list the server holds (every acknowledged insert once, every move
 * where its client put it).
 */
const EDIT = `mutation($id: ID!, $v: String!, $ops: [CatalogItemOperation!]!) { editCatalogItems(catalogId: $id, version: $v, operations: $ops) {
  __typename
  ... on CatalogEditSuccess { version operations { catalogItemId post { id } } catalog { items(limit: 100) { items { catalogItemId } } } }
  ... on CatalogConflict { version items { catalogItemId post { id } } }
  ... on NotFound { message } ... on BadRequest { message } } }`;
const CREATE = `mutation { createCatalog(name: "Shared", visibility: PRIVATE) { ... on CatalogEditSuccess { version catalog { id } } } }`;
const ITEMS = `query($id: ID!) { catalogById(catalogId: $id) { version items(limit: 100) { items { catalogItemId post { id } } } } }`;

type Abstract = { kind: 'prepend' | 'append' | 'move' | 'delete'; post: number; pick: number; after: number | null };
const abstractOp = fc.record({
  kind: fc.constantFrom('prepend', 'append', 'move', 'delete') as fc.Arbitrary<Abstract['kind']>,
  post: fc.nat({ max: 5 }),
  pick: fc.nat({ max: 20 }),
  after: fc.option(fc.nat({ max: 20 }), { nil: null }),
});
const step = fc.record({ who: fc.constantFrom<'a' | 'b' | 'both'>('a', 'b', 'both'), op: abstractOp, other: abstractOp });

interface Client {
  reader: Reader;
  version: string;
  items: string[];
}
interface Acked {
  from: string;
  to: string;
  op: Record<string, Record<string, string | null>>;
  itemId: string | null;
}

describe('concurrent list edits (property)', () => {
  let t: TestApp;
  let owner: Reader;
  let posts: string[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Owner');
    const author = await newReader(t, 'Author');
    posts = [];
    for (let i = 0; i < 6; i++) posts.push(await newStory(t, author.id, { title: `P${i}` }));
  });

  /** The concrete operation an abstract one means against what the client sees. */
  function concrete(op: Abstract, items: string[]): Record<string, Record<string, string | null>> {
    if (op.kind === 'prepend' || op.kind === 'append' || items.length === 0) return { [op.kind === 'prepend' ? 'prepend' : 'append']: { postId: posts[op.post]! } };
    const item = items[op.pick % items.length]!;
    if (op.kind === 'delete') return { delete: { catalogItemId: item } };
    const others = items.filter((i) => i !== item);
    const after = op.after === null || others.length === 0 ? null : others[op.after % others.length]!;
    return { move: { catalogItemId: item, afterCatalogItemId: after } };
  }

  async function act(c: Client, op: Abstract, catalogId: string, acked: Acked[]) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const ops = concrete(op, c.items);
      const from = c.version;
      const res = (await c.reader.browser.gql(EDIT, { id: catalogId, v: from, ops: [ops] })).data.editCatalogItems;
      if (res.__typename === 'CatalogEditSuccess') {
        acked.push({ from, to: res.version, op: ops, itemId: res.operations[0]?.catalogItemId ?? null });
        c.version = res.version;
        c.items = res.catalog.items.items.map((i: { catalogItemId: string }) => i.catalogItemId);
        return;
      }
      expect(res.__typename).toBe('CatalogConflict');
      c.version = res.version;
      c.items = res.items.map((i: { catalogItemId: string }) => i.catalogItemId);
    }
  }

  /** The list after the chain of acknowledged edits, computed without the server. */
  function replay(start: string, acked: Acked[]): string[] {
    const byFrom = new Map(acked.map((a) => [a.from, a]));
    expect(byFrom.size).toBe(acked.length); // no two successes from one version
    const list: string[] = [];
    let v = start;
    for (let n = 0; n < acked.length; n++) {
      const a = byFrom.get(v)!;
      expect(a, `chain broken at ${v}`).toBeDefined();
      const [kind, arg] = Object.entries(a.op)[0]!;
      if (kind === 'prepend' || kind === 'append') {
        if (!list.includes(a.itemId!)) kind === 'prepend' ? list.unshift(a.itemId!) : list.push(a.itemId!);
      } else if (kind === 'delete') {
        list.splice(list.indexOf(arg.catalogItemId!), 1);
      } else {
        list.splice(list.indexOf(arg.catalogItemId!), 1);
        const at = arg.afterCatalogItemId ? list.indexOf(arg.afterCatalogItemId) + 1 : 0;
        list.splice(at, 0, arg.catalogItemId!);
      }
      v = a.to;
    }
    return list;
  }

  it('keeps every acknowledged insert once and every move where its client put it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const made = (await owner.browser.gql(CREATE)).data.createCatalog;
        const catalogId = made.catalog.id;
        const a: Client = { reader: owner, version: made.version, items: [] };
        const b: Client = { reader: owner, version: made.version, items: [] };
        const acked: Acked[] = [];
        for (const s of steps) {
          if (s.who === 'both') await Promise.all([act(a, s.op, catalogId, acked), act(b, s.other, catalogId, acked)]);
          else await act(s.who === 'a' ? a : b, s.op, catalogId, acked);
        }
        const server = (await owner.browser.gql(ITEMS, { id: catalogId })).data.catalogById;
        const ids = server.items.items.map((i: { catalogItemId: string }) => i.catalogItemId);
        const postIds = server.items.items.map((i: { post: { id: string } }) => i.post.id);
        expect(new Set(postIds).size).toBe(postIds.length);
        expect(ids).toEqual(replay(made.version, acked));
        const { rows } = await t.database.pool.query<{ n: number; items_count: number }>(
          'select (select count(*)::int from catalog_items where catalog_id = $1) as n, items_count from catalogs where id = $1',
          [catalogId],
        );
        expect(rows[0]!.n).toBe(rows[0]!.items_count);
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
