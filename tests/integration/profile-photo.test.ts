import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { PROFILE_MESSAGES } from '../../src/modules/accounts/profile-settings.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { jpegWithExif, upload } from '../support/media.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

const SET_PHOTO = `mutation($imageId: ID) { updateProfileImage(imageId: $imageId) { __typename ... on User { id imageId } ... on BadRequest { message } } }`;

/** The profile photo: an image the reader uploaded becomes their avatar; anything else changes nothing. */
describe('profile photo', () => {
  let t: TestApp;
  let mediaDir: string;
  const people: Record<string, { id: string; browser: TestBrowser; cookie: string; xsrf: string }> = {};

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-profile-photo-'));
    t = await createTestApp({ MEDIA_DIR: mediaDir });
    for (const username of ['pia', 'otto']) {
      const id = await createUser(t.database.db, { name: `${username} Photo`, username, email: `${username}@example.com` });
      const session = await createSession(t.database.db, id, {});
      const browser = testBrowser(t.app);
      browser.jar.set('sid', session.token);
      people[username] = { id, browser, cookie: `sid=${session.token}`, xsrf: session.xsrf };
    }
  });
  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  const uploadAs = async (who: string) => {
    const res = await upload(t.app, await jpegWithExif(120, 80), { cookie: people[who]!.cookie, xsrf: people[who]!.xsrf });
    expect(res.statusCode).toBe(200);
    return (res.json() as { id: string }).id;
  };
  const imageIdOf = async (who: string) => (await t.database.pool.query<{ image_id: string | null }>('select image_id from users where id = $1', [people[who]!.id])).rows[0]!.image_id;

  it('sets an uploaded photo, shows it on the profile and in the shell, and removes it', async () => {
    const pia = people.pia!;
    const imageId = await uploadAs('pia');
    expect((await pia.browser.gql(SET_PHOTO, { imageId })).data!.updateProfileImage).toEqual({ __typename: 'User', id: pia.id, imageId });
    expect(await imageIdOf('pia')).toBe(imageId);
    // The session's kept viewer follows at once: the next page's header shows the photo.
    const page = (await pia.browser.get('/me/settings')).body;
    expect(page).toContain(imageId);

    expect((await pia.browser.gql(SET_PHOTO, { imageId: null })).data!.updateProfileImage).toEqual({ __typename: 'User', id: pia.id, imageId: null });
    expect(await imageIdOf('pia')).toBeNull();
  });

  it.each([
    ["someone else's upload", async () => uploadAs('otto')],
    ['an id nobody uploaded', async () => 'ffffffffffffffffffffffff'],
    ['a demo image', async () => 'demo/missing.svg'],
    ['an empty id', async () => ''],
  ])('refuses %s and keeps the photo it had', async (_, idOf) => {
    const pia = people.pia!;
    const kept = await uploadAs('pia');
    await pia.browser.gql(SET_PHOTO, { imageId: kept });
    const answer = (await pia.browser.gql(SET_PHOTO, { imageId: await idOf() })).data!.updateProfileImage;
    expect(answer).toEqual({ __typename: 'BadRequest', message: PROFILE_MESSAGES.imageNotUploaded });
    expect(await imageIdOf('pia')).toBe(kept);
  });

  it('needs a signed-in reader', async () => {
    const answer = await testBrowser(t.app).gql(SET_PHOTO, { imageId: null });
    expect(answer.data?.updateProfileImage ?? null).toBeNull();
    expect(answer.errors?.length).toBeGreaterThan(0);
  });
});
