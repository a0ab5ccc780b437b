import { describe, expect, it } from 'vitest';
import {
  IMAGE_LAYOUT_WIDTHS,
  IMAGE_WIDTHS,
  imageSrcSet,
  imageSrcSetWidths,
  imageUrl,
  imageUrlFor,
  imageUrlStrategyError,
  isImageId,
  isMediaResourceId,
  snapImageWidth,
} from './images.js';

describe('imageUrl', () => {
  it('serves demo images as static files, whatever the width', () => {
    expect(imageUrl('demo/tide-lines.svg')).toBe('/static/demo/tide-lines.svg');
    expect(imageUrl('demo/tide-lines.svg', 1360)).toBe('/static/demo/tide-lines.svg');
  });

  it('sends other ids to the media service with a rounded width', () => {
    expect(imageUrl('1a2b3c.png')).toBe('/media/1a2b3c.png');
    expect(imageUrl('1a2b3c.png', 679.6)).toBe('/media/1a2b3c.png?w=680');
    expect(imageUrl('1a2b3c.png', 0)).toBe('/media/1a2b3c.png');
  });

  it('does not let odd ids escape the demo folder or the media path', () => {
    expect(imageUrl('demo/../secret.svg')).toBe('/media/demo%2F..%2Fsecret.svg');
    expect(imageUrl('..')).toBe('/media/_');
    expect(imageUrl('a b?c#d')).toBe('/media/a%20b%3Fc%23d');
  });
});

describe('imageSrcSet', () => {
  const big = { id: 'photo.jpg', originalWidth: 4000 };

  it('offers 1x and 2x of the layout width (pixel ratio cap 2)', () => {
    expect(imageSrcSetWidths(big, 680)).toEqual([680, 1360]);
    expect(imageSrcSet(big, 680)).toBe('/media/photo.jpg?w=680 680w, /media/photo.jpg?w=1360 1360w');
  });

  it('never exceeds the original width or twice the layout width', () => {
    expect(imageSrcSetWidths({ originalWidth: 1400 }, 1192)).toEqual([1192, 1400]);
    expect(imageSrcSetWidths({ originalWidth: 500 }, 680)).toEqual([500]);
    for (const layout of Object.values(IMAGE_LAYOUT_WIDTHS)) {
      for (const w of imageSrcSetWidths(big, layout)) expect(w).toBeLessThanOrEqual(2 * layout);
    }
  });

  it('repeats the demo SVG URL with width descriptors', () => {
    expect(imageSrcSet({ id: 'demo/orbit.svg', originalWidth: 1400 }, 680)).toBe(
      '/static/demo/orbit.svg 680w, /static/demo/orbit.svg 1360w',
    );
  });
});

describe('imageUrlFor (spec §5 strategies)', () => {
  const id = '0123456789abcdef01234567';

  it('resamples by width by default, like imageUrl', () => {
    expect(imageUrlFor(id, { width: 680 })).toBe(`/media/${id}?w=680`);
    expect(imageUrlFor(id)).toBe(`/media/${id}`);
  });

  it('adds the height and strategy for crop, letterbox and proxy, and the focus point for crop', () => {
    expect(imageUrlFor(id, { strategy: 'crop', width: 400, height: 300 })).toBe(`/media/${id}?w=400&h=300&s=crop`);
    expect(imageUrlFor(id, { strategy: 'crop', width: 400, height: 300, focusPercentX: 33.4, focusPercentY: 120 })).toBe(`/media/${id}?w=400&h=300&s=crop&fx=33&fy=100`);
    expect(imageUrlFor(id, { strategy: 'letterbox', width: 400.4, height: 299.6, focusPercentX: 10, focusPercentY: 10 })).toBe(`/media/${id}?w=400&h=300&s=letterbox`);
    expect(imageUrlFor(id, { strategy: 'proxy', width: 400, height: 300 })).toBe(`/media/${id}?w=400&h=300&s=proxy`);
  });

  it('throws the spec message when crop, letterbox or proxy has no height', () => {
    for (const strategy of ['crop', 'letterbox', 'proxy'] as const) {
      expect(() => imageUrlFor(id, { strategy, width: 400 })).toThrow(`An image URL with ${strategy} strategy needs a height.`);
      expect(() => imageUrlFor(id, { strategy, width: 400, height: 0 })).toThrow(imageUrlStrategyError(strategy));
    }
  });

  it('serves demo SVGs as they are, whatever the strategy', () => {
    expect(imageUrlFor('demo/orbit.svg', { strategy: 'crop', width: 100, height: 100 })).toBe('/static/demo/orbit.svg');
  });
});

describe('image ids and served widths', () => {
  it('knows uploaded ids (24 hex) and demo ids', () => {
    expect(isMediaResourceId('0123456789abcdef01234567')).toBe(true);
    expect(isMediaResourceId('0123456789ABCDEF01234567')).toBe(false);
    expect(isMediaResourceId('0123456789abcdef')).toBe(false);
    expect(isImageId('demo/orbit.svg')).toBe(true);
    expect(isImageId('https://evil.example/x.png')).toBe(false);
  });

  it('snaps widths up to the next served width; above the largest, the original', () => {
    expect(snapImageWidth(1)).toBe(40);
    expect(snapImageWidth(680)).toBe(680);
    expect(snapImageWidth(700)).toBe(800);
    expect(snapImageWidth(4000)).toBe(4000);
    expect(snapImageWidth(4001)).toBeNull();
  });

  it('serves every layout width at 1x and 2x exactly (no snapping on the story page)', () => {
    for (const layout of Object.values(IMAGE_LAYOUT_WIDTHS)) {
      for (const w of [layout, 2 * layout]) expect(IMAGE_WIDTHS).toContain(w);
    }
  });
});
