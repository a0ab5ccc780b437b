import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';
import { notificationsDispatcher } from './notifications-fixtures.js';

const OUTCOME = '__typename ... on BadRequest { message } ... on Forbidden { message } ... on Unauthorized { message } ... on NotFound { message } ... on AlreadyExists { message }';
const COLLECTION_RESULT = `${OUTCOME} ... on CollectionSuccess { collection { id slug name navigationItems { title value destination } } }`;
const INVITATION_RESULT = `${OUTCOME} ... on InvitationSuccess { invitation { id role email invitee { id } collection { id } } }`;
const M = {
  settings: `mutation($c: ID!, $i: CollectionSettingsInput!) { r: updateCollectionSettings(collectionId: $c, input: $i) { ${COLLECTION_RESULT} } }`,
  navigation: `mutation($c: ID!, $items: [NavigationItemInput!]!) { r: setCollectionNavigationItems(collectionId: $c, items: $items) { ${COLLECTION_RESULT} } }`,
  invite: `mutation($c: ID!, $who: String!, $role: String!) { r: inviteToCollection(collectionId: $c, usernameOrEmail: $who, role: $role) { ${INVITATION_RESULT} } }`,
  revoke: `mutation($id: ID!) { r: revokeCollectionInvitation(invitationId: $id) { ${INVITATION_RESULT} } }`,
  respond: `mutation($id: ID!, $accept: Boolean!) { r: respondToCollectionInvitation(invitationId: $id, accept: $accept) { ${INVITATION_RESULT} } }`,
  changeRole: `mutation($c: ID!, $u: ID!, $role: String!) { r: changeCollectionRole(collectionId: $c, userId: $u, role: $role) { ${COLLECTION_RESULT} } }`,
  remove: `mutation($c: ID!, $u: ID!) { r: removeCollectionMember(collectionId: $c, userId: $u) { ${COLLECTION_RESULT} } }`,
  transfer: `mutation($c: ID!, $u: ID!) { r: transferCollectionOwnership(collectionId: $c, userId: $u) { ${COLLECTION_RESULT} } }`,
  leave: `mutation($c: ID!) { r: leaveCollection(collectionId: $c) { ${COLLECTION_RESULT} } }`,
};
const CREATE = `mutation($input: CreateCollectionInput!) { createCollection(input: $input) { __typename ... on CollectionSuccess { collection { id slug } } } }`;
const ADMIN_VIEW = `query($s: String) { collection(domainOrSlug: $s) { id about members { role user { id } } pendingInvitations { id role email }
  auditLog { action actor { id } } followers(limit: 2) { users { id } next } } }`;

type Role = 'OWNER' | 'EDITOR' | 'WRITER' | 'reader' | 'signed out';
type Action = keyof typeof M;

let slugSeq = 0;
const nextSlug = () => `admin-pub-${++slugSeq}-${Math.random().toString(36).slice(2, 6)}`;

describe('publications: administration', () => {
  let t: TestApp;
  let owner: Reader, editor: Reader, writer: Reader, reader: Reader, member: Reader, invitee: Reader;
  let anonymous: TestBrowser;
  const usernames = new Map<string, string>();
  const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
  const run = async (b: TestBrowser, action: Action, vars: Record<string, unknown>) => (await b.gql(M[action], vars)).data?.r;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, editor, writer, reader, member, invitee] = await Promise.all(['Owner', 'Editor', 'Writer', 'Reader', 'Member', 'Invitee'].map((n) => newReader(t, n)));
    anonymous = testBrowser(t.app);
    for (const r of await sql<{ id: string; username: string }>('select id, username from users')) usernames.set(r.id, r.username);
  });

  /** A publication of `owner` with an editor, a writer, another writer (`member`) and an open invitation to `invitee`. */
  async function staffedPublication(): Promise<{ id: string; slug: string; invitationId: string }> {
    const made = (await owner.browser.gql(CREATE, { input: { name: 'Staffed', slug: nextSlug() } })).data.createCollection.collection;
    await sql(`insert into publication_members (publication_id, user_id, role) values ($1, $2, 'EDITOR'), ($1, $3, 'WRITER'), ($1, $4, 'WRITER')`, [made.id, editor.id, writer.id, member.id]);
    const inv = await run(owner.browser, 'invite', { c: made.id, who: usernames.get(invitee.id), role: 'WRITER' });
    return { id: made.id, slug: made.slug, invitationId: inv.invitation.id };
  }

  /** Everything a command may change, to prove a refused one changed nothing. */
  const snapshot = async (id: string) => ({
    publication: await sql('select * from publications where id = $1', [id]),
    members: await sql('select user_id, role from publication_members where publication_id = $1 order by user_id', [id]),
    invitations: await sql('select id, status, role from publication_invitations where publication_id = $1 order by id', [id]),
    audit: await sql('select count(*)::int as n from publication_audit_log where publication_id = $1', [id]),
  });

  const ACTIONS: Record<Action, (p: { id: string; invitationId: string }) => Record<string, unknown>> = {
    settings: (p) => ({ c: p.id, i: { name: 'Renamed', submissionPolicy: 'ANYONE' } }),
    navigation: (p) => ({ c: p.id, items: [{ title: 'Essays', value: 'essays', destination: 'TAG' }] }),
    invite: (p) => ({ c: p.id, who: 'someone@example.com', role: 'EDITOR' }),
    revoke: (p) => ({ id: p.invitationId }),
    respond: (p) => ({ id: p.invitationId, accept: true }),
    changeRole: (p) => ({ c: p.id, u: member.id, role: 'EDITOR' }),
    remove: (p) => ({ c: p.id, u: member.id }),
    transfer: (p) => ({ c: p.id, u: editor.id }),
    leave: (p) => ({ c: p.id }),
  };
  const EDITORS = { OWNER: 'ok', EDITOR: 'ok', WRITER: 'Forbidden', reader: 'Forbidden', 'signed out': 'Unauthorized' } as const;
  // Only the invitee answers an invitation (tested below); the owner transfers; members leave, the owner only after a transfer.
  const ALLOWED: Record<Action, Record<Role, string>> = {
    settings: EDITORS,
    navigation: EDITORS,
    invite: EDITORS,
    revoke: EDITORS,
    changeRole: EDITORS,
    remove: EDITORS,
    respond: { OWNER: 'Forbidden', EDITOR: 'Forbidden', WRITER: 'Forbidden', reader: 'Forbidden', 'signed out': 'Unauthorized' },
    transfer: { OWNER: 'ok', EDITOR: 'Forbidden', WRITER: 'Forbidden', reader: 'Forbidden', 'signed out': 'Unauthorized' },
    leave: { OWNER: 'BadRequest', EDITOR: 'ok', WRITER: 'ok', reader: 'Forbidden', 'signed out': 'Unauthorized' },
  };
  const cases = (Object.keys(ALLOWED) as Action[]).flatMap((action) => (Object.keys(ALLOWED[action]) as Role[]).map((role) => [role, action, ALLOWED[action][role]] as const));

  it.each(cases)('%s × %s → %s', async (role, action, expected) => {
    const browsers: Record<Role, TestBrowser> = { OWNER: owner.browser, EDITOR: editor.browser, WRITER: writer.browser, reader: reader.browser, 'signed out': anonymous };
    const p = await staffedPublication();
    const before = await snapshot(p.id);
    const res = await run(browsers[role], action, ACTIONS[action](p));
    if (expected === 'ok') {
      expect(res.__typename).toMatch(/Success$/);
      const after = await snapshot(p.id);
      expect(after.audit[0]).not.toEqual(before.audit[0]);
    } else {
      expect(res.__typename).toBe(expected);
      expect(res.message).toBeTruthy();
      expect(await snapshot(p.id)).toEqual(before);
    }
  });

  it('refuses bad settings and navigation with a clear message and changes nothing', async () => {
    const p = await staffedPublication();
    const other = await staffedPublication();
    const before = await snapshot(p.id);
    const nav = (items: unknown[]) => run(owner.browser, 'navigation', { c: p.id, items });
    const item = { title: 'Home', value: 'https://example.com/', destination: 'URL' };
    expect((await nav(Array(9).fill(item))).message).toContain('at most 8 navigation items');
    expect((await nav([{ ...item, value: 'javascript:alert(1)' }])).message).toContain('http:// or https://');
    expect((await nav([{ ...item, destination: 'PAGE' }])).message).toContain('TAG, a FEATURE_PAGE or a URL');
    expect((await nav([{ ...item, title: ' ' }])).message).toContain('title of 1 to 40');
    const settings = (i: Record<string, unknown>) => run(owner.browser, 'settings', { c: p.id, i });
    expect((await settings({ slug: 'search' })).message).toContain('reserved');
    expect(await settings({ slug: other.slug.toUpperCase() })).toMatchObject({ __typename: 'AlreadyExists' });
    expect((await settings({ googleAnalyticsId: 'nonsense' })).message).toContain('Google Analytics');
    expect((await settings({ submissionPolicy: 'EVERYONE' })).message).toContain('WRITERS, ANYONE or CLOSED');
    expect((await settings({ faviconImageId: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).message).toContain('not one of your uploads');
    expect((await settings({ tags: ['a', 'b', 'c', 'd', 'e', 'f'] })).message).toContain('at most 5 tags');
    expect(await snapshot(p.id)).toEqual(before);
  });

  it('saves navigation in order, the about text and a new slug (the old one is released at once)', async () => {
    const p = await staffedPublication();
    const items = [
      { title: 'Essays', value: 'Essays', destination: 'TAG' },
      { title: 'Shop', value: 'https://shop.example.com/', destination: 'URL' },
    ];
    const saved = await run(editor.browser, 'navigation', { c: p.id, items });
    expect(saved.collection.navigationItems).toEqual([{ ...items[0], value: 'essays' }, items[1]]);
    const newSlug = nextSlug();
    const renamed = await run(owner.browser, 'settings', { c: p.id, i: { slug: newSlug, about: 'A longer story about us.', twitterUsername: '@harbour' } });
    expect(renamed.collection.slug).toBe(newSlug);
    expect((await reader.browser.gql(`query($s: String) { collection(domainOrSlug: $s) { id } }`, { s: p.slug })).data.collection).toBeNull();
    const seen = (await reader.browser.gql(`query($s: String) { collection(domainOrSlug: $s) { about twitterUsername navigationItems { title } } }`, { s: newSlug })).data.collection;
    expect(seen).toEqual({ about: 'A longer story about us.', twitterUsername: 'harbour', navigationItems: [{ title: 'Essays' }, { title: 'Shop' }] });
    const events = await sql<{ n: number }>(`select count(*)::int as n from domain_events where type = 'publication.changed' and payload->>'publicationId' = $1`, [p.id]);
    expect(events[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('an invitation by username notifies the invitee, who accepts it on their publications page and becomes a writer', async () => {
    const d = notificationsDispatcher(t);
    const p = await staffedPublication();
    await d.drain();
    const notes = await sql<{ data: { text: string; href: string } }>(`select data from notifications where recipient_id = $1 and kind = 'system' order by id desc limit 1`, [invitee.id]);
    expect(notes[0]!.data.text).toMatch(/invited you to write for Staffed/);
    expect(notes[0]!.data.href).toBe(`/@${usernames.get(invitee.id)}/publications`);
    await d.stop();

    const mine = `query { viewer { collectionInvitations { id role collection { id name } } memberCollections { role collection { id } } } }`;
    const before = (await invitee.browser.gql(mine)).data.viewer;
    expect(before.collectionInvitations).toContainEqual({ id: p.invitationId, role: 'WRITER', collection: { id: p.id, name: 'Staffed' } });
    const accepted = await run(invitee.browser, 'respond', { id: p.invitationId, accept: true });
    expect(accepted.__typename).toBe('InvitationSuccess');
    const after = (await invitee.browser.gql(mine)).data.viewer;
    expect(after.collectionInvitations.map((i: { id: string }) => i.id)).not.toContain(p.invitationId);
    expect(after.memberCollections).toContainEqual({ role: 'WRITER', collection: { id: p.id } });
    expect((await run(invitee.browser, 'respond', { id: p.invitationId, accept: false })).message).toContain('no longer open');

    const view = (await owner.browser.gql(ADMIN_VIEW, { s: p.slug })).data.collection;
    expect(view.members).toContainEqual({ role: 'WRITER', user: { id: invitee.id } });
    expect(view.auditLog.slice(0, 2).map((e: { action: string }) => e.action)).toEqual(['invitation.accepted', 'invitation.sent']);
    expect(view.auditLog[0].actor.id).toBe(invitee.id);
    const readerView = (await reader.browser.gql(ADMIN_VIEW, { s: p.slug })).data.collection;
    expect(readerView).toMatchObject({ members: null, pendingInvitations: null, auditLog: null, followers: null });
  });

  it('an invitation by email is mailed, and is accepted by the account that signs up with that address; others cannot', async () => {
    const p = await staffedPublication();
    const address = `newcomer-${Math.random().toString(36).slice(2)}@example.com`;
    const sent = await run(editor.browser, 'invite', { c: p.id, who: address.toUpperCase(), role: 'EDITOR' });
    expect(sent.invitation).toMatchObject({ role: 'EDITOR', email: address, invitee: null });
    const mails = await sql<{ subject: string; text_body: string }>('select subject, text_body from email_outbox where to_address = $1', [address]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You are invited to Staffed');
    expect(mails[0]!.text_body).toContain('/m/signin');

    expect((await run(reader.browser, 'respond', { id: sent.invitation.id, accept: true })).__typename).toBe('Forbidden');
    const newcomerId = await createUser(t.database.db, { name: 'Newcomer', username: `newcomer_${Math.random().toString(36).slice(2, 7)}`, email: address });
    const { token } = await createSession(t.database.db, newcomerId, { userAgent: 'test', ip: '203.0.113.9' });
    const newcomer = testBrowser(t.app);
    newcomer.jar.set('sid', token);
    expect((await run(newcomer, 'respond', { id: sent.invitation.id, accept: true })).__typename).toBe('InvitationSuccess');
    expect(await sql('select role from publication_members where publication_id = $1 and user_id = $2', [p.id, newcomerId])).toEqual([{ role: 'EDITOR' }]);
  });

  it('an expired invitation cannot be accepted, and inviting a member again is refused', async () => {
    const p = await staffedPublication();
    await sql(`update publication_invitations set expires_at = now() - interval '1 minute' where id = $1`, [p.invitationId]);
    expect((await run(invitee.browser, 'respond', { id: p.invitationId, accept: true })).message).toContain('no longer open');
    expect(await sql('select 1 from publication_members where publication_id = $1 and user_id = $2', [p.id, invitee.id])).toEqual([]);
    expect((await run(owner.browser, 'invite', { c: p.id, who: `@${usernames.get(writer.id)}`, role: 'EDITOR' })).message).toContain('already work on');
    expect((await run(owner.browser, 'invite', { c: p.id, who: 'nobody_by_that_name', role: 'WRITER' })).message).toContain('No one has that username');
    expect((await run(owner.browser, 'invite', { c: p.id, who: 'x@example.com', role: 'OWNER' })).message).toContain('EDITOR or a WRITER');
  });

  it('transferring ownership makes the editor the owner and the old owner an editor, who may then leave', async () => {
    const p = await staffedPublication();
    expect((await run(owner.browser, 'transfer', { c: p.id, u: writer.id })).message).toContain('editors');
    expect((await run(owner.browser, 'transfer', { c: p.id, u: editor.id })).__typename).toBe('CollectionSuccess');
    expect(await sql('select owner_id from publications where id = $1', [p.id])).toEqual([{ owner_id: editor.id }]);
    const roles = await sql('select user_id, role from publication_members where publication_id = $1 and user_id = any($2)', [p.id, [owner.id, editor.id]]);
    expect(new Map(roles.map((r) => [r.user_id, r.role]))).toEqual(new Map([[owner.id, 'EDITOR'], [editor.id, 'OWNER']]));
    expect((await run(owner.browser, 'changeRole', { c: p.id, u: editor.id, role: 'WRITER' })).message).toContain('transferring ownership');
    expect((await run(owner.browser, 'leave', { c: p.id })).__typename).toBe('CollectionSuccess');
    expect((await run(editor.browser, 'leave', { c: p.id })).message).toContain('Transfer ownership');
  });

  it('lists followers newest first, page by page, to editors', async () => {
    const p = await staffedPublication();
    const fans = [reader, member, invitee];
    for (const [i, f] of fans.entries()) await sql(`insert into publication_follows (publication_id, user_id, created_at) values ($1, $2, timestamptz '2026-03-01 10:00Z' + make_interval(mins => $3))`, [p.id, f.id, i]);
    const first = (await owner.browser.gql(ADMIN_VIEW, { s: p.slug })).data.collection.followers;
    expect(first.users.map((u: { id: string }) => u.id)).toEqual([invitee.id, member.id]);
    const rest = (await owner.browser.gql(`query($s: String, $a: String) { collection(domainOrSlug: $s) { followers(limit: 2, after: $a) { users { id } next } } }`, { s: p.slug, a: first.next })).data.collection.followers;
    expect(rest).toEqual({ users: [{ id: reader.id }], next: null });
  });
});
