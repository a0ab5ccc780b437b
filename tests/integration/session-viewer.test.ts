import { beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashToken, SESSION_DAYS } from '../../src/modules/accounts/sessions.js';
import { TOUCH_EVERY_MS, viewerForSessionToken } from '../../src/modules/accounts/viewer.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';

const DAY_MS = 24 * 3600 * 1000;

/** The session lookup every signed-in request makes (a named statement, built once). */
describe('viewerForSessionToken', () => {
  let t: TestApp;
  let reader: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    reader = await newReader(t, 'Session Reader');
  });

  it('finds the reader until the session expires, then nobody', async () => {
    const start = new Date('2026-01-10T12:00:00Z');
    const { token, xsrf } = await createSession(t.database.db, reader.id, { now: start });
    const viewer = await viewerForSessionToken(t.database.db, token, new Date(start.getTime() + DAY_MS));
    expect(viewer).toMatchObject({ id: reader.id, xsrf, isStaff: false });
    expect(viewer!.name).toMatch(/^Session Reader \d+$/);
    expect(viewer!.signedInAt.toISOString()).toBe(start.toISOString());
    expect(await viewerForSessionToken(t.database.db, token, new Date(start.getTime() + (SESSION_DAYS - 1) * DAY_MS))).not.toBeNull();
    expect(await viewerForSessionToken(t.database.db, token, new Date(start.getTime() + SESSION_DAYS * DAY_MS + 1))).toBeNull();
    expect(await viewerForSessionToken(t.database.db, `${token}x`, new Date(start.getTime() + DAY_MS))).toBeNull();
  });

  it('records when the session was last used, at most every few minutes', async () => {
    const start = new Date('2026-02-01T08:00:00Z');
    const { token } = await createSession(t.database.db, reader.id, { now: start });
    const lastSeen = async () =>
      (await t.database.pool.query<{ last_seen_at: Date }>('select last_seen_at from sessions where token_hash = $1', [hashToken(token)])).rows[0]!.last_seen_at.toISOString();
    await viewerForSessionToken(t.database.db, token, new Date(start.getTime() + TOUCH_EVERY_MS - 1000));
    expect(await lastSeen()).toBe(start.toISOString());
    const later = new Date(start.getTime() + TOUCH_EVERY_MS + 1000);
    await viewerForSessionToken(t.database.db, token, later);
    expect(await lastSeen()).toBe(later.toISOString());
  });
});
