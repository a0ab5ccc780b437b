import { describe, expect, it } from 'vitest';
import { IMAGE_LAYOUT_WIDTHS, imageSrcSet, imageSrcSetWidths, imageUrl } from './images.js';

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
