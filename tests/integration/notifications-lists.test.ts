import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogNotificationKey, fanOutCatalogStories } from '../../src/modules/notifications/catalog-fanout.js';
import { sendDueDigests } from '../../src/modules/notifications/digest.js';
import { followUser, muteUser } from '../../src/modules/social/commands.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { NOTIFICATIONS_PAGE_QUERY } from '../../src/web/graphql/notifications-operations.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { notificationsDispatcher } from './notifications-fixtures.js';

const RESULT = `__typename ... on CatalogEditSuccess { version catalog { id slugId version } }`;
const CREATE = `mutation($name: String!, $visibility: CatalogVisibility!) { createCatalog(name: $name, visibility: $visibility) { ${RESULT} } }`;
const EDIT = `mutation($id: ID!, $v: String!, $ops: [CatalogItemOperation!]!) { editCatalogItems(catalogId: $id, version: $v, operations: $ops) { ${RESULT} } }`;
const UPDATE = `mutation($id: ID!, $visibility: CatalogVisibility) { updateCatalog(catalogId: $id, visibility: $visibility) { ${RESULT} } }`;
const FOLLOW = `mutation($id: ID!) { followCatalog(catalogId: $id) { __typename } }`;
const LIST = `query { notifications { items { kind storyCount isRead actors { id } catalog { id name slugId } } } }`;

interface Seen {
  kind: string;
  storyCount: number | null;
  isRead: boolean;
  actors: { id: string }[];
  catalog: { id: string; name: string; slugId: string } | null;
}

/** 'A list you follow gained stories': aggregated per follower, list and day; by channel, mutes and visibility; fanned out in batches. */
describe('notifications: a followed list gained stories', () => {
  let t: TestApp;
  let d: ReturnType<typeof notificationsDispatcher>;
  let owner: Reader;
  let stories: string[];

  beforeAll(async () => {
    t = await createTestApp();
    d = notificationsDispatcher(t);
    owner = await newReader(t, 'Curator');
    stories = [];
    for (let i = 0; i < 5; i++) stories.push(await newStory(t, owner.id, { title: `Listed story ${i}` }));
  });

  /** A public (or private) list of the owner's, empty, with a version to edit from. */
  const makeList = async (name: string, visibility = 'PUBLIC') => {
    const r = (await owner.browser.gql(CREATE, { name, visibility })).data.createCatalog;
    return { id: r.catalog.id as string, version: r.catalog.version as string };
  };
  const add = async (list: { id: string; version: string }, postIds: string[]) => {
    const r = (await owner.browser.gql(EDIT, { id: list.id, v: list.version, ops: postIds.map((postId) => ({ append: { postId } })) })).data.editCatalogItems;
    expect(r.__typename).toBe('CatalogEditSuccess');
    list.version = r.catalog.version;
    await d.drain();
  };
  const follower = async (listId: string, name: string) => {
    const r = await newReader(t, name);
    expect((await r.browser.gql(FOLLOW, { id: listId })).data.followCatalog.__typename).toBe('CatalogEditSuccess');
    return r;
  };
  const seen = async (r: Reader): Promise<Seen[]> => ((await r.browser.gql(LIST)).data.notifications.items as Seen[]).filter((n) => n.kind === 'CATALOG');
  const today = () => new Date().toISOString().slice(0, 10);

  it('one notification per follower, list and day, counting the day’s stories; by channel and mutes; unread again when more arrive', async () => {
    const list = await makeList('Harbour reading');
    const all = await follower(list.id, 'All');
    const off = await follower(list.id, 'Off');
    const muter = await follower(list.id, 'Muter');
    const network = await follower(list.id, 'Network');
    const networkFan = await follower(list.id, 'NetworkFan');
    expect((await off.browser.gql('mutation { setNotificationChannel(kind: CATALOG, channel: OFF) { channels { kind channel } } }')).data.setNotificationChannel.channels).toContainEqual({ kind: 'CATALOG', channel: 'OFF' });
    await network.browser.gql('mutation { setNotificationChannel(kind: CATALOG, channel: NETWORK) { digestFrequency } }');
    await networkFan.browser.gql('mutation { setNotificationChannel(kind: CATALOG, channel: NETWORK) { digestFrequency } }');
    await followUser(t.database.db, networkFan.id, owner.id);
    await muteUser(t.database.db, muter.id, owner.id);

    await add(list, [stories[0]!]);
    const first = await seen(all);
    expect(first).toEqual([{ kind: 'CATALOG', storyCount: 1, isRead: false, actors: [{ id: owner.id }], catalog: expect.objectContaining({ id: list.id, name: 'Harbour reading' }) }]);
    expect(await seen(networkFan)).toHaveLength(1);
    for (const r of [off, muter, network]) expect(await seen(r)).toEqual([]);
    expect(await seen(owner)).toEqual([]);
    // What the notifications page asks for it (its link is built from the list's creator and slugId).
    const page = await all.browser.gql(print(NOTIFICATIONS_PAGE_QUERY), { filter: 'ALL' });
    expect(page.errors).toBeUndefined();
    expect(page.data.notifications.items[0]).toMatchObject({ kind: 'CATALOG', storyCount: 1, catalog: { id: list.id, creator: { id: owner.id } } });

    await all.browser.gql('mutation { markAllNotificationsRead }');
    await add(list, [stories[1]!, stories[2]!]);
    expect(await seen(all)).toEqual([expect.objectContaining({ storyCount: 3, isRead: false })]);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from notifications where recipient_id = $1 and kind = 'catalog'`, [all.id]);
    expect(rows[0].n).toBe(1);

    // The same batch again (a redelivered event) tells no one anew.
    const again = await t.database.db.transaction((tx) => fanOutCatalogStories(tx, { catalogId: list.id, day: today(), followedBefore: new Date().toISOString(), afterCreatedAt: '-infinity', afterUserId: '' }));
    expect(again).toEqual([]);
  });

  it('a private list tells no one, and a list made private no longer shows in its followers’ notifications', async () => {
    const list = await makeList('Turning private');
    const fan = await follower(list.id, 'Fan');
    await add(list, [stories[0]!]);
    expect(await seen(fan)).toHaveLength(1);
    const hidden = (await owner.browser.gql(UPDATE, { id: list.id, visibility: 'PRIVATE' })).data.updateCatalog;
    list.version = hidden.catalog.version;
    expect(await seen(fan)).toEqual([]);
    // Stories added to it while private: no event, and a fan-out finds nothing to tell.
    await add(list, [stories[1]!]);
    const told = await t.database.db.transaction((tx) => fanOutCatalogStories(tx, { catalogId: list.id, day: today(), followedBefore: new Date().toISOString(), afterCreatedAt: '-infinity', afterUserId: '' }));
    expect(told).toEqual([]);
    const { rows } = await t.database.pool.query(`select data from notifications where recipient_id = $1 and kind = 'catalog'`, [fan.id]);
    expect(rows).toEqual([{ data: { storyCount: 1 } }]);
  });

  it('fans out in batches: a full batch hands the next followers to a new event', async () => {
    const list = await makeList('Popular list');
    const fans: Reader[] = [];
    for (let i = 0; i < 5; i++) fans.push(await follower(list.id, `Batch${i}`));
    // Items in place without the command's event, then the fan-out in batches of two.
    await t.database.pool.query(`insert into catalog_items (id, catalog_id, post_id, position) values ('aaaaaaaaaaa1', $1, $2, 1), ('aaaaaaaaaaa2', $1, $3, 2)`, [list.id, stories[3], stories[4]]);
    await t.database.pool.query(`update catalogs set items_count = 2 where id = $1`, [list.id]);
    const firstBatch = await t.database.db.transaction((tx) => fanOutCatalogStories(tx, { catalogId: list.id, day: today(), followedBefore: new Date().toISOString(), afterCreatedAt: '-infinity', afterUserId: '' }, 2));
    expect(firstBatch).toHaveLength(2);
    const { rows: next } = await t.database.pool.query(`select count(*)::int as n from domain_events where type = 'notifications.catalogFanout' and handled_at is null`);
    expect(next[0].n).toBe(1);
    await d.drain();
    for (const fan of fans) expect(await seen(fan), fan.id).toEqual([expect.objectContaining({ storyCount: 2 })]);
    const { rows: keys } = await t.database.pool.query(`select distinct aggregation_key from notifications where catalog_id = $1`, [list.id]);
    expect(keys).toEqual([{ aggregation_key: catalogNotificationKey(list.id, today()) }]);
  });

  it('the email digest says who added how many stories to which list', async () => {
    const list = await makeList('Digest list');
    const fan = await follower(list.id, 'DigestFan');
    await add(list, [stories[0]!, stories[1]!, stories[2]!]);
    await t.database.pool.query(`update notification_inboxes set digest_due_at = now() - interval '1 minute' where user_id = $1`, [fan.id]);
    while ((await sendDueDigests({ db: t.database.db, logger: createLogger('silent'), siteName: 'Inkwell', origin: 'http://localhost:3000' }, 50)) === 50);
    const { rows } = await t.database.pool.query(`select text_body from email_outbox where kind = 'notification-digest' and to_address = (select email from users where id = $1)`, [fan.id]);
    const ownerName = (await t.database.pool.query('select name from users where id = $1', [owner.id])).rows[0].name;
    expect(rows).toHaveLength(1);
    expect(rows[0].text_body).toContain(`${ownerName} added 3 stories to “Digest list”.`);
  });
});
