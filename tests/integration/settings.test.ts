import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

type Gql = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
type SessionJson = { id: string; device: string; ip: string; createdAt: number; lastSeenAt: number; isCurrent: boolean };

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const PROFILE = `mutation($name: String!, $pronouns: [String!]!, $bio: String!) {
  updateProfile(name: $name, pronouns: $pronouns, bio: $bio) { __typename ... on User { id name pronouns bio } ... on BadRequest { message } } }`;
const USERNAME = `mutation($username: String!) {
  updateUsername(username: $username) { __typename ... on User { id username } ... on UsernameError { code message } } }`;
const SESSIONS = '{ viewerSessions { id device ip createdAt lastSeenAt isCurrent } }';
const END = 'mutation($id: ID!) { endSession(sessionId: $id) }';
const END_OTHERS = 'mutation { endOtherSessions }';
const ME = '{ viewer { id name username bio pronouns } }';

/** The Settings page's GraphQL calls and its server-rendered page, through the real app. */
describe('settings', () => {
  let t: TestApp;
  let adaId: string;
  let otherId: string;

  beforeAll(async () => {
    // Sessions kept as in production: renames and sign-outs must reach the next request at once.
    t = await createTestApp({ SESSION_CACHE_SECONDS: '10' });
    adaId = await createUser(t.database.db, { name: 'Ada Reader', username: 'ada', email: 'ada@example.com', bio: 'Reads a lot.' });
    otherId = await createUser(t.database.db, { name: 'Someone Else', username: 'TakenName', email: 'else@example.com' });
  });

  /** Requests with a fixed cookie header, as one browser would send them. */
  function client(cookie: string) {
    return {
      async gql(query: string, variables: Record<string, unknown> = {}): Promise<Gql> {
        const res = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/json', cookie }, payload: JSON.stringify({ query, variables }) });
        return res.json() as Gql;
      },
      get: (url: string) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, cookie } }),
    };
  }
  /** A browser signed in as `userId` with a session of its own. */
  async function browser(userId: string, userAgent = CHROME_LINUX, ip = '203.0.113.7') {
    const { token } = await createSession(t.database.db, userId, { userAgent, ip });
    return client(`sid=${token}`);
  }
  const signedOut = () => client('');
  const userRow = async (id: string) =>
    (await t.database.pool.query<{ name: string; username: string; bio: string; pronouns: string[] }>('select name, username, bio, pronouns from users where id = $1', [id])).rows[0]!;

  describe('signed out', () => {
    it('refuses every mutation as UNAUTHORIZED and changes nothing', async () => {
      const before = await userRow(adaId);
      for (const [query, variables] of [
        [PROFILE, { name: 'Mallory', pronouns: [], bio: '' }],
        [USERNAME, { username: 'mallory' }],
        [END, { id: '0123456789abcdef' }],
        [END_OTHERS, {}],
      ] as const) {
        for (const b of [signedOut(), client('sid=not-a-session')]) {
          const r = await b.gql(query, variables);
          expect(r.errors?.[0]?.extensions?.code, query).toBe('UNAUTHORIZED');
          expect(r.data ?? null, query).toBeNull();
        }
      }
      expect(await userRow(adaId)).toEqual(before);
    });

    it('has no sessions to list (null, like viewer)', async () => {
      expect((await signedOut().gql(SESSIONS)).data).toEqual({ viewerSessions: null });
    });

    it('sends the page to sign in, and back to the same tab afterwards (302, no error logged)', async () => {
      const b = signedOut();
      for (const path of ['/me/settings', '/me/settings/account', '/me/settings/security']) {
        const res = await b.get(path);
        expect(res.statusCode, path).toBe(302);
        expect(res.headers.location, path).toBe(`/m/signin?operation=login&redirect=${path}`);
      }
      expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
    });
  });

  describe('profile information', () => {
    it('saves name, pronouns and bio at their limits, trimmed', async () => {
      const b = await browser(adaId);
      const name = `${'n'.repeat(48)}é📚`; // 50 characters, 51 UTF-16 units
      const bio = 'b'.repeat(160);
      const r = await b.gql(PROFILE, { name: `  ${name} `, pronouns: [' she ', 'her', '', 'any', 'xe'], bio: `${bio}\n` });
      expect(r.data!.updateProfile).toEqual({ __typename: 'User', id: adaId, name, pronouns: ['she', 'her', 'any', 'xe'], bio });
      expect((await b.gql(ME)).data!.viewer).toMatchObject({ name, bio, pronouns: ['she', 'her', 'any', 'xe'] });
    });

    it.each([
      ['a 51-character name', { name: 'n'.repeat(51) }, 'Your name can be at most 50 characters.'],
      ['an empty name', { name: '   ' }, 'Enter your name.'],
      ['a 161-character bio', { bio: 'b'.repeat(161) }, 'Your bio can be at most 160 characters.'],
      ['5 pronouns', { pronouns: ['a', 'b', 'c', 'd', 'e'] }, 'Add up to 4 pronouns.'],
      ['a 21-character pronoun', { pronouns: ['p'.repeat(21)] }, 'Each pronoun can be at most 20 characters.'],
      ['a pronoun with markup', { pronouns: ['<b>she</b>'] }, 'Pronouns can contain letters, spaces, hyphens and apostrophes.'],
    ])('refuses %s with BadRequest and changes nothing', async (_label, change, message) => {
      const b = await browser(adaId);
      const before = await userRow(adaId);
      const r = await b.gql(PROFILE, { name: 'Ada Lovelace', pronouns: ['she'], bio: 'Changed.', ...change });
      expect(r.data!.updateProfile).toEqual({ __typename: 'BadRequest', message });
      expect(await userRow(adaId)).toEqual(before);
    });

    it('keeps line breaks in a bio but makes a name one line', async () => {
      const b = await browser(adaId);
      const r = await b.gql(PROFILE, { name: 'Ada\nLovelace', pronouns: [], bio: 'Line one\r\nLine two' });
      expect(r.data!.updateProfile).toMatchObject({ name: 'Ada Lovelace', pronouns: [], bio: 'Line one\nLine two' });
    });
  });

  describe('username', () => {
    const change = async (username: string) => (await (await browser(adaId)).gql(USERNAME, { username })).data!.updateUsername as Record<string, string>;

    it('takes 30 characters of letters, digits and underscores, and refuses 31', async () => {
      expect(await change('a_23456789_123456789_123456789')).toEqual({ __typename: 'User', id: adaId, username: 'a_23456789_123456789_123456789' });
      expect(await change('a_23456789_123456789_1234567890')).toEqual({ __typename: 'UsernameError', code: 'username too long', message: 'A username can be at most 30 characters.' });
      expect((await userRow(adaId)).username).toBe('a_23456789_123456789_123456789');
    });

    it.each(['ada lovelace', 'ada-l', 'ada.l', 'adä', '', '   '])('refuses %j as invalid', async (username) => {
      const before = (await userRow(adaId)).username;
      expect(await change(username)).toMatchObject({ __typename: 'UsernameError', code: 'username invalid' });
      expect((await userRow(adaId)).username).toBe(before);
    });

    it('refuses a name taken in any case, and changes nothing', async () => {
      const before = (await userRow(adaId)).username;
      for (const taken of ['TakenName', 'takenname', 'TAKENNAME']) {
        expect(await change(taken)).toEqual({ __typename: 'UsernameError', code: 'username taken', message: 'That username is taken. Try another one.' });
      }
      expect((await userRow(adaId)).username).toBe(before);
      expect((await userRow(otherId)).username).toBe('TakenName');
    });

    it('accepts the reader’s own username unchanged or in another case, and the profile follows', async () => {
      expect(await change('ada')).toMatchObject({ __typename: 'User', username: 'ada' });
      expect(await change('ada')).toMatchObject({ __typename: 'User', username: 'ada' });
      expect(await change(' Ada_L ')).toMatchObject({ __typename: 'User', username: 'Ada_L' });
      expect(await change('ada_l')).toMatchObject({ __typename: 'User', username: 'ada_l' });
      const profile = await signedOut().get('/@ADA_L');
      expect(profile.statusCode).toBe(200);
      expect((await signedOut().get('/@ada')).statusCode).toBe(404);
    });
  });

  describe('sign-in sessions', () => {
    it('lists the viewer’s own sessions, this one first, with public ids that are not the stored key', async () => {
      const here = await browser(adaId, CHROME_LINUX, '198.51.100.1');
      await browser(adaId, FIREFOX_WINDOWS, '198.51.100.2');
      await browser(otherId, SAFARI_IPHONE);
      const list = (await here.gql(SESSIONS)).data!.viewerSessions as SessionJson[];
      expect(list[0]).toMatchObject({ device: 'Chrome on Linux', ip: '198.51.100.1', isCurrent: true });
      expect(list.filter((s) => s.isCurrent)).toHaveLength(1);
      expect(list.map((s) => s.device)).toContain('Firefox on Windows');
      expect(list.map((s) => s.device)).not.toContain('Safari on iOS');
      const { rows } = await t.database.pool.query<{ token_hash: string; user_id: string }>('select token_hash, user_id from sessions');
      expect(list).toHaveLength(rows.filter((r) => r.user_id === adaId).length);
      for (const s of list) {
        expect(s.id).toMatch(/^[0-9a-f]{16}$/);
        expect(rows.some((r) => r.token_hash.includes(s.id))).toBe(false);
        expect(s.lastSeenAt).toBeGreaterThanOrEqual(s.createdAt);
      }
      const again = (await here.gql(SESSIONS)).data!.viewerSessions as SessionJson[];
      expect(again.map((s) => s.id)).toEqual(list.map((s) => s.id));
    });

    it('ends another session, whose cookie then signs nobody in', async () => {
      const here = await browser(adaId);
      const there = await browser(adaId, SAFARI_IPHONE);
      expect((await there.gql(ME)).data!.viewer).toMatchObject({ id: adaId });
      const theirs = ((await there.gql(SESSIONS)).data!.viewerSessions as SessionJson[]).find((s) => s.isCurrent)!;
      expect((await here.gql(END, { id: theirs.id })).data).toEqual({ endSession: true });
      expect((await there.gql(ME)).data).toEqual({ viewer: null });
      expect((await there.get('/me/settings')).statusCode).toBe(302);
      expect((await here.gql(END, { id: theirs.id })).data).toEqual({ endSession: false });
      const list = (await here.gql(SESSIONS)).data!.viewerSessions as SessionJson[];
      expect(list.map((s) => s.id)).not.toContain(theirs.id);
    });

    it('does not end this session, an unknown one, or another reader’s', async () => {
      const here = await browser(adaId);
      const stranger = await browser(otherId, SAFARI_IPHONE);
      const mine = ((await here.gql(SESSIONS)).data!.viewerSessions as SessionJson[]).find((s) => s.isCurrent)!;
      const strangers = ((await stranger.gql(SESSIONS)).data!.viewerSessions as SessionJson[]).find((s) => s.isCurrent)!;
      expect((await here.gql(END, { id: mine.id })).data).toEqual({ endSession: false });
      expect((await here.gql(END, { id: 'ffffffffffffffff' })).data).toEqual({ endSession: false });
      expect((await here.gql(END, { id: strangers.id })).data).toEqual({ endSession: false });
      expect((await here.gql(ME)).data!.viewer).toMatchObject({ id: adaId });
      expect((await stranger.gql(ME)).data!.viewer).toMatchObject({ id: otherId });
    });

    it('ends every other session of the viewer and keeps this one and other readers’', async () => {
      const here = await browser(adaId);
      const phone = await browser(adaId, SAFARI_IPHONE);
      const laptop = await browser(adaId, FIREFOX_WINDOWS);
      const stranger = await browser(otherId);
      const before = (await here.gql(SESSIONS)).data!.viewerSessions as SessionJson[];
      const r = await here.gql(END_OTHERS);
      expect(r.data).toEqual({ endOtherSessions: before.length - 1 });
      for (const b of [phone, laptop]) expect((await b.gql(ME)).data).toEqual({ viewer: null });
      expect((await here.gql(ME)).data!.viewer).toMatchObject({ id: adaId });
      expect((await stranger.gql(ME)).data!.viewer).toMatchObject({ id: otherId });
      const after = (await here.gql(SESSIONS)).data!.viewerSessions as SessionJson[];
      expect(after).toHaveLength(1);
      expect(after[0]!.isCurrent).toBe(true);
      expect((await here.gql(END_OTHERS)).data).toEqual({ endOtherSessions: 0 });
    });
  });

  describe('the page', () => {
    it('renders the Account tab with the spec’s section ids and the obfuscated email', async () => {
      const b = await browser(adaId);
      for (const path of ['/me/settings', '/me/settings/account']) {
        const res = await b.get(path);
        expect(res.statusCode, path).toBe(200);
        expect(res.body).toContain('<title>Settings – Inkwell</title>');
        expect(res.body).toContain('data-layout="two-column"');
        for (const id of ['email', 'username', 'profileInformation']) expect(res.body).toContain(`id="${id}"`);
        expect(res.body).toContain('a••@example.com');
        expect(res.body).not.toContain('ada@example.com');
        for (const label of ['Account', 'Publishing', 'Notifications', 'Membership and payment', 'Security and apps']) expect(res.body).toContain(`>${label}</a>`);
      }
    });

    it('renders the Security tab with this device marked, the password form and two-factor setup', async () => {
      const res = await (await browser(adaId, FIREFOX_WINDOWS)).get('/me/settings/security');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('id="security"');
      expect(res.body).toMatch(/Firefox on Windows<span[^>]*>This device</);
      expect(res.body).toContain('id="password"');
      expect(res.body).toContain('Add a password to sign in without waiting for an email.');
      expect(res.body).toContain('Set up two-factor authentication');
    });

    it('says plainly which tabs arrive with their features', async () => {
      const b = await browser(adaId);
      for (const [tab, id, text] of [
        ['publishing', 'managePublications', 'Publishing settings arrive with publications'],
      ]) {
        const res = await b.get(`/me/settings/${tab}`);
        expect(res.statusCode, tab).toBe(200);
        expect(res.body).toContain(`id="${id}"`);
        expect(res.body).toContain(text);
      }
    });

    it('serves the Notifications tab with its sections (email-settings, manageSubscriptions)', async () => {
      const res = await (await browser(adaId)).get('/me/settings/notifications');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('id="email-settings"');
      expect(res.body).toContain('id="manageSubscriptions"');
      expect(res.body).toContain('id="digest-frequency"');
    });

    it('answers an unknown tab with the 404 page', async () => {
      expect((await (await browser(adaId)).get('/me/settings/nonsense')).statusCode).toBe(404);
    });
  });
});
