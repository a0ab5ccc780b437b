import { describe, expect, it } from 'vitest';
import { sniffImageType } from './sniff.js';
import { parseVariantQuery, planVariant, type VariantRequest } from './variants.js';

const plan = (query: Record<string, string>, w = 2000, h = 1000) => {
  const req = parseVariantQuery(query);
  if ('error' in req) throw new Error(req.error);
  return planVariant(req, w, h);
};

describe('parseVariantQuery', () => {
  it('reads width, height, strategy and focus', () => {
    expect(parseVariantQuery({})).toEqual({ strategy: 'resample', width: null, height: null, focus: null });
    expect(parseVariantQuery({ w: '680', h: '10' })).toEqual({ strategy: 'resample', width: 680, height: null, focus: null });
    expect(parseVariantQuery({ w: '400', h: '300', s: 'crop', fx: '0', fy: '100' })).toEqual({ strategy: 'crop', width: 400, height: 300, focus: { x: 0, y: 100 } });
    expect(parseVariantQuery({ w: '400', h: '300', s: 'letterbox', fx: '5', fy: '5' })).toMatchObject({ focus: null });
  });

  it('refuses what no page asks for', () => {
    for (const q of [{ w: '0' }, { w: '12.5' }, { w: '-1' }, { w: '99999' }, { w: '1e3' }, { s: 'zoom' }, { w: '10', s: 'crop' }, { w: '10', h: '10', s: 'crop', fx: '50' }, { w: '10', h: '10', s: 'crop', fx: '101', fy: '0' }]) {
      expect(parseVariantQuery(q), JSON.stringify(q)).toHaveProperty('error');
    }
    expect(parseVariantQuery({ s: 'proxy', h: '10' })).toEqual({ error: 'An image URL with proxy strategy needs a height.' });
  });
});

describe('planVariant', () => {
  it('snaps resample widths up and never past the original', () => {
    expect(plan({ w: '680' })).toMatchObject({ width: 680, height: 340, name: 'w680' });
    expect(plan({ w: '681' })).toMatchObject({ width: 800, height: 400, name: 'w800' });
    expect(plan({ w: '1999' })).toMatchObject({ width: 2000, height: 1000, name: 'orig' });
    expect(plan({ w: '9000' })).toMatchObject({ width: 2000, name: 'orig' });
    expect(plan({})).toMatchObject({ width: 2000, name: 'orig' });
    expect(plan({ w: '500' }, 500, 400)).toMatchObject({ width: 500, name: 'orig' });
  });

  it('keeps the asked aspect ratio of a box and shrinks it instead of enlarging', () => {
    expect(plan({ w: '300', h: '200', s: 'crop' })).toMatchObject({ width: 320, height: 213, name: 'c320x213' });
    expect(plan({ w: '4000', h: '4000', s: 'crop' })).toMatchObject({ width: 1000, height: 1000 });
    // letterbox and proxy contain the image: one side reaching the original's is enough.
    expect(plan({ w: '4000', h: '4000', s: 'letterbox' })).toMatchObject({ width: 2000, height: 2000, name: 'l2000x2000' });
    expect(plan({ w: '480', h: '480', s: 'proxy' })).toMatchObject({ width: 480, height: 480, name: 'p480x480' });
    expect(plan({ w: '480', h: '360', s: 'crop', fx: '10', fy: '90' })).toMatchObject({ name: 'c480x360-f10-90' });
  });

  it('refuses a box larger than the pixel cap', () => {
    const req: VariantRequest = { strategy: 'letterbox', width: 4000, height: 20000, focus: null };
    expect(planVariant(req, 8000, 1000)).toHaveProperty('error');
  });
});

describe('sniffImageType', () => {
  it('knows JPEG, PNG, GIF and WebP by their first bytes, nothing else', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
