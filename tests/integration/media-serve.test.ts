import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { imageUrl, imageUrlFor, imageUrlStrategyError } from '../../src/shared/images.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { pixelAt, twoColourJpeg, upload } from '../support/media.js';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const OLD_ACCEPT = 'image/png,image/*;q=0.8,*/*;q=0.5';

/** GET /media/{id}: sizes, formats, strategies and caching of uploaded images. */
describe('serving images', () => {
  let t: TestApp;
  let mediaDir: string;
  /** 2000 × 1000, left half red, right half blue. */
  let photo: string;
  let cookie: string;

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-media-serve-'));
    t = await createTestApp({ MEDIA_DIR: mediaDir });
    const id = await createUser(t.database.db, { name: 'Ann Writer', username: 'ann', email: 'ann@example.com' });
    const session = await createSession(t.database.db, id, {});
    cookie = `sid=${session.token}`;
    const res = await upload(t.app, await twoColourJpeg(2000, 1000), { cookie, xsrf: session.xsrf });
    expect(res.statusCode).toBe(200);
    photo = (res.json() as { id: string }).id;
  });
  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, accept: CHROME_ACCEPT, ...headers } });
  const size = async (body: Buffer) => {
    const m = await sharp(body).metadata();
    return [m.width, m.height];
  };

  it('resizes to the asked width, snapped up to a served width, as WebP for browsers that take it', async () => {
    const res = await get(imageUrl(photo, 680));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await size(res.rawPayload)).toEqual([680, 340]);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    // 700 is not a served width: the next one up (800) comes back.
    expect(await size((await get(imageUrl(photo, 700))).rawPayload)).toEqual([800, 400]);
  });

  it('sends the original format to browsers without WebP in Accept (Vary: Accept)', async () => {
    const res = await get(imageUrl(photo, 680), { accept: OLD_ACCEPT });
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers.vary).toBe('Accept');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    expect((await get(imageUrl(photo, 680), { accept: 'image/webp;q=0,*/*' })).headers['content-type']).toBe('image/jpeg');
    expect((await get(imageUrl(photo, 680))).headers.vary).toBe('Accept');
  });

  it('never upscales: a width above the original gets the original size', async () => {
    for (const w of [2000, 2640, 5000]) {
      const res = await get(imageUrl(photo, w), { accept: OLD_ACCEPT });
      expect(await size(res.rawPayload), String(w)).toEqual([2000, 1000]);
    }
    expect(await size((await get(imageUrl(photo))).rawPayload)).toEqual([2000, 1000]);
  });

  it('caches for a year (immutable) with an ETag, and answers 304 to If-None-Match', async () => {
    const res = await get(imageUrl(photo, 680));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const again = await get(imageUrl(photo, 680), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // The JPEG of the same size is other bytes: another tag.
    const jpeg = await get(imageUrl(photo, 680), { accept: OLD_ACCEPT, 'if-none-match': etag });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers.etag).not.toBe(etag);
  });

  it('computes each variant once, even when many ask for it at the same moment', async () => {
    const before = t.app.media.stats.variantsRendered;
    const url = imageUrl(photo, 480);
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(url, { cookie })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    expect(t.app.media.stats.variantsRendered).toBe(before + 1);
    // Later requests read the stored variant.
    const later = await get(url);
    expect(later.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    expect(t.app.media.stats.variantsRendered).toBe(before + 1);
    expect(fs.readdirSync(path.join(mediaDir, 'variants', photo)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  describe('strategies (spec §5)', () => {
    it('crop fills the box exactly, around the focus point when one is given', async () => {
      const res = await get(imageUrlFor(photo, { strategy: 'crop', width: 320, height: 320 }));
      expect(res.statusCode).toBe(200);
      expect(await size(res.rawPayload)).toEqual([320, 320]);
      const left = await get(imageUrlFor(photo, { strategy: 'crop', width: 320, height: 320, focusPercentX: 0, focusPercentY: 50 }), { accept: OLD_ACCEPT });
      const right = await get(imageUrlFor(photo, { strategy: 'crop', width: 320, height: 320, focusPercentX: 100, focusPercentY: 50 }), { accept: OLD_ACCEPT });
      const [lr, , lb] = await pixelAt(left.rawPayload, 160, 160);
      const [rr, , rb] = await pixelAt(right.rawPayload, 160, 160);
      expect(lr).toBeGreaterThan(200);
      expect(lb).toBeLessThan(60);
      expect(rb).toBeGreaterThan(200);
      expect(rr).toBeLessThan(60);
    });

    it('crop keeps the asked aspect ratio when the width snaps, and shrinks rather than upscale', async () => {
      // 300 × 200 snaps to 320 wide: 320 × 213.
      expect(await size((await get(imageUrlFor(photo, { strategy: 'crop', width: 300, height: 200 }))).rawPayload)).toEqual([320, 213]);
      // A 4000 × 4000 box on a 2000 × 1000 image: the largest square it holds without enlarging.
      expect(await size((await get(imageUrlFor(photo, { strategy: 'crop', width: 4000, height: 4000 }))).rawPayload)).toEqual([1000, 1000]);
    });

    it('letterbox shows the whole image in the box, with white bars in JPEG and clear ones in WebP', async () => {
      const url = imageUrlFor(photo, { strategy: 'letterbox', width: 480, height: 480 });
      const jpeg = await get(url, { accept: OLD_ACCEPT });
      expect(await size(jpeg.rawPayload)).toEqual([480, 480]);
      const [r, g, b] = await pixelAt(jpeg.rawPayload, 240, 5);
      expect(Math.min(r, g, b)).toBeGreaterThan(240); // the bar above the image
      const [mr, , mb] = await pixelAt(jpeg.rawPayload, 60, 240);
      expect(mr).toBeGreaterThan(200); // the image itself, red on the left
      expect(mb).toBeLessThan(60);
      const webp = await get(url);
      expect((await pixelAt(webp.rawPayload, 240, 5))[3]).toBe(0);
    });

    it('proxy fits the image inside the box without bars', async () => {
      expect(await size((await get(imageUrlFor(photo, { strategy: 'proxy', width: 480, height: 480 }))).rawPayload)).toEqual([480, 240]);
    });

    it('refuses crop, letterbox and proxy without a height (400, the spec message)', async () => {
      for (const s of ['crop', 'letterbox', 'proxy'] as const) {
        const res = await get(`/media/${photo}?w=300&s=${s}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: imageUrlStrategyError(s) });
      }
      expect((await get(`/media/${photo}?w=300&h=200&s=stretch`)).statusCode).toBe(400);
      expect((await get(`/media/${photo}?w=-3`)).statusCode).toBe(400);
      expect((await get(`/media/${photo}?w=300&h=200&s=crop&fx=150&fy=0`)).statusCode).toBe(400);
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['0123456789abcdef01234567', 'nope', '..%2F..%2Fetc%2Fpasswd', photo.toUpperCase()]) {
      const res = await get(`/media/${id}?w=680`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});
