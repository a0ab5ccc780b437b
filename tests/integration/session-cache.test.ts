import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { sharedPubSub } from '../../src/platform/pubsub/index.js';
import { WRITES_CHANNEL } from '../../src/server/write-invalidation.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { recordNamedStatements } from '../support/named-statements.js';
import { newReader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const ME = '{ viewer { id name } }';

/** Sessions kept per process (SESSION_CACHE_SECONDS), through the real app: read once, forgotten on the user's writes. */
describe('kept sessions', () => {
  let t: TestApp;
  let lookups: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: '10' });
    ({ names: lookups, restore } = recordNamedStatements(t, /^viewer_for_session$/));
  });
  afterEach(() => void lookups.splice(0));
  afterAll(() => restore());

  it('looks a session up once for a reader’s requests, and again after the reader writes', async () => {
    const reader = await newReader(t, 'Kept');
    for (let i = 0; i < 3; i++) expect((await reader.browser.gql(ME)).data.viewer.id).toBe(reader.id);
    expect(lookups).toHaveLength(1);

    // A rename by the reader: the next request sees it.
    const renamed = await reader.browser.gql('mutation { updateProfile(name: "Kept Renamed", pronouns: [], bio: "") { __typename } }');
    expect(renamed.errors).toBeUndefined();
    expect((await reader.browser.gql(ME)).data.viewer.name).toBe('Kept Renamed');
    expect(lookups).toHaveLength(2);
  });

  it('signs the other browsers of a reader out at once, though their sessions were kept', async () => {
    const reader = await newReader(t, 'Twice');
    const { token } = await createSession(t.database.db, reader.id, { userAgent: 'phone', ip: '203.0.113.10' });
    const phone = testBrowser(t.app);
    phone.jar.set('sid', token);
    expect((await phone.gql(ME)).data.viewer.id).toBe(reader.id);
    expect((await phone.gql(ME)).data.viewer.id).toBe(reader.id); // kept
    expect((await reader.browser.gql('mutation { endOtherSessions }')).data).toEqual({ endOtherSessions: 1 });
    expect((await phone.gql(ME)).data).toEqual({ viewer: null });
  });

  it('forgets a reader’s sessions when another process announces their write', async () => {
    const reader = await newReader(t, 'Elsewhere');
    await reader.browser.gql(ME);
    await reader.browser.gql(ME);
    expect(lookups).toHaveLength(1);
    await (await sharedPubSub()).publish(WRITES_CHANNEL, JSON.stringify({ from: 'another process', users: [reader.id], anonymous: false, pages: false }));
    await new Promise((r) => setTimeout(r, 10));
    await reader.browser.gql(ME);
    expect(lookups).toHaveLength(2);

    // A message it cannot read forgets everything instead of breaking the listener.
    await (await sharedPubSub()).publish(WRITES_CHANNEL, 'not json');
    await new Promise((r) => setTimeout(r, 10));
    expect((await reader.browser.gql(ME)).data.viewer.id).toBe(reader.id);
    expect(lookups).toHaveLength(3);
  });
});
