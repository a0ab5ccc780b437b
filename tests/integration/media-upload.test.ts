import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { UPLOAD_HTTP_MESSAGES } from '../../src/modules/media/upload-http.js';
import { UPLOAD_MESSAGES } from '../../src/modules/media/process.js';
import { isMediaResourceId } from '../../src/shared/images.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { jpegWithExif, multipartBody, pngBomb, upload } from '../support/media.js';

/** POST /_/upload through the real app: who may upload, what is refused, what is stored. */
describe('image uploads', () => {
  let t: TestApp;
  let mediaDir: string;
  let ann: { cookie: string; xsrf: string; id: string };

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-media-upload-'));
    t = await createTestApp({ MEDIA_DIR: mediaDir, IMAGE_UPLOAD_MAX_MB: '1' });
    const id = await createUser(t.database.db, { name: 'Ann Writer', username: 'ann', email: 'ann@example.com' });
    const session = await createSession(t.database.db, id, {});
    ann = { cookie: `sid=${session.token}`, xsrf: session.xsrf, id };
  });
  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  const rowCount = async () => (await t.database.pool.query<{ n: number }>('select count(*)::int as n from media_resources')).rows[0]!.n;
  const storedFiles = () => (fs.existsSync(path.join(mediaDir, 'originals')) ? fs.readdirSync(path.join(mediaDir, 'originals')) : []);
  const asAnn = (file: Buffer, opts: Parameters<typeof upload>[2] = {}) => upload(t.app, file, { cookie: ann.cookie, xsrf: ann.xsrf, ...opts });

  describe('refusals (nothing is stored)', () => {
    it('needs a signed-in browser: 401', async () => {
      const res = await upload(t.app, await jpegWithExif(40, 20), { xsrf: 'anything' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UPLOAD_HTTP_MESSAGES.signedOut });
      const forged = await upload(t.app, await jpegWithExif(40, 20), { cookie: 'sid=not-a-session', xsrf: ann.xsrf });
      expect(forged.statusCode).toBe(401);
    });

    it('needs the session xsrf token in X-XSRF-Token (a form from another site cannot set it): 403', async () => {
      const image = await jpegWithExif(40, 20);
      for (const xsrf of [undefined, '', 'wrong-token', `${ann.xsrf}x`]) {
        const res = await asAnn(image, { xsrf });
        expect(res.statusCode, String(xsrf)).toBe(403);
        expect(res.json()).toEqual({ message: UPLOAD_HTTP_MESSAGES.badXsrf });
      }
    });

    it('judges the type by the bytes: a text file named .png and declared image/png is refused (415)', async () => {
      const res = await asAnn(Buffer.from('just some words, not a picture\n'.repeat(20)), { filename: 'photo.png', contentType: 'image/png' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.unsupportedType });
    });

    it('refuses SVG, whatever it is called (markup can carry scripts)', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
      for (const [filename, contentType] of [['x.svg', 'image/svg+xml'], ['x.jpg', 'image/jpeg']] as const) {
        const res = await asAnn(svg, { filename, contentType });
        expect(res.statusCode).toBe(415);
      }
    });

    it('refuses a damaged image whose first bytes look right (400)', async () => {
      const good = await jpegWithExif(400, 300);
      const res = await asAnn(good.subarray(0, 200));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.unreadable });
    });

    it('caps the size at IMAGE_UPLOAD_MAX_MB (413), while reading and from Content-Length alone', async () => {
      // A real JPEG start followed by noise: only the size can refuse it.
      const big = Buffer.concat([await jpegWithExif(40, 20), Buffer.alloc(1024 * 1024 + 10, 7)]);
      const res = await asAnn(big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.tooLarge(1) });
      const huge = await asAnn(Buffer.alloc(2 * 1024 * 1024, 1));
      expect(huge.statusCode).toBe(413);
    });

    it('refuses a decompression bomb (a small PNG declaring 20000 × 20000) before decoding it', async () => {
      const bomb = pngBomb(20_000);
      expect(bomb.length).toBeLessThan(10_000);
      const res = await asAnn(bomb, { filename: 'bomb.png', contentType: 'image/png' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.tooManyPixels });
    });

    it('wants multipart with a field named file', async () => {
      const wrongField = await asAnn(await jpegWithExif(40, 20), { field: 'image' });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toEqual({ message: UPLOAD_HTTP_MESSAGES.noFile });
      const json = await t.app.inject({ method: 'POST', url: '/_/upload', headers: { host: TEST_HOST, cookie: ann.cookie, 'x-xsrf-token': ann.xsrf, 'content-type': 'application/json' }, payload: '{}' });
      expect(json.statusCode).toBe(415);
    });

    it('stored nothing for any of them', async () => {
      expect(await rowCount()).toBe(0);
      expect(storedFiles()).toEqual([]);
    });

    it('keeps multipart away from GraphQL: a form post there still finds no parser (415)', async () => {
      const { payload, contentType } = multipartBody(Buffer.from('{"query":"mutation { endOtherSessions }"}'));
      const gql = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, cookie: ann.cookie, 'content-type': contentType }, payload });
      expect(gql.statusCode).toBe(415);
    });
  });

  describe('a good upload', () => {
    it('stores a JPEG upright, without its EXIF, under a server-made id, and answers its ImageMetadata', async () => {
      const original = await jpegWithExif(120, 60);
      const before = await sharp(original).metadata();
      expect(before.orientation).toBe(6);
      expect(before.exif?.toString('latin1')).toContain('secret-exif-marker');

      const res = await asAnn(original, { filename: '../../etc/passwd.jpg', contentType: 'text/plain' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { id: string; width: number; height: number; mimeType: string };
      // Orientation 6 means "turn a quarter": the stored image is 60 wide and 120 high.
      expect(body).toEqual({ id: expect.any(String), width: 60, height: 120, mimeType: 'image/jpeg' });
      expect(isMediaResourceId(body.id)).toBe(true);

      const row = (await t.database.pool.query('select owner_id, mime_type, width, height, bytes from media_resources where id = $1', [body.id])).rows[0];
      expect(row).toMatchObject({ owner_id: ann.id, mime_type: 'image/jpeg', width: 60, height: 120 });
      expect(storedFiles()).toEqual([body.id]);

      const served = await t.app.inject({ method: 'GET', url: `/media/${body.id}`, headers: { host: TEST_HOST, accept: 'image/jpeg,*/*' } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.length).toBe(row.bytes);
      const after = await sharp(served.rawPayload).metadata();
      expect([after.width, after.height]).toEqual([60, 120]);
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(served.rawPayload.toString('latin1')).not.toContain('secret-exif-marker');
    });

    it('takes PNG, WebP and GIF too, each kept in its own format', async () => {
      const base = () => sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } });
      const cases = [
        [await base().png().toBuffer(), 'image/png'],
        [await base().webp().toBuffer(), 'image/webp'],
        [await base().gif().toBuffer(), 'image/gif'],
      ] as const;
      for (const [file, mimeType] of cases) {
        const res = await asAnn(file, { filename: 'picture.jpg', contentType: 'image/jpeg' });
        expect(res.statusCode, mimeType).toBe(200);
        expect(res.json()).toMatchObject({ width: 30, height: 20, mimeType });
      }
    });
  });

  it('limits uploads per writer (429 with Retry-After), before reading the body', async () => {
    const id = await createUser(t.database.db, { name: 'Busy Bee', username: 'busy', email: 'busy@example.com' });
    const session = await createSession(t.database.db, id, {});
    const tiny = Buffer.from('not an image');
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await upload(t.app, tiny, { cookie: `sid=${session.token}`, xsrf: session.xsrf })).statusCode;
      if (i < 60) expect(last).toBe(415);
    }
    expect(last).toBe(429);
    // Another writer is not affected.
    expect((await asAnn(tiny)).statusCode).toBe(415);
  });
});
