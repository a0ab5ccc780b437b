import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl } from './image-url';

describe('avatar image URLs', () => {
  it('crop uploaded images to the box at 1x and the capped 2x, through the media service', () => {
    expect(imageUrl('0123456789abcdef01234567', 32)).toBe('/media/0123456789abcdef01234567?w=32&h=32&s=crop');
    expect(imageSrcSet('0123456789abcdef01234567', 32, 20)).toBe(
      '/media/0123456789abcdef01234567?w=32&h=20&s=crop 1x, /media/0123456789abcdef01234567?w=64&h=40&s=crop 2x',
    );
    expect(imageUrl('0123456789abcdef01234567', 32, 32, 3)).toBe('/media/0123456789abcdef01234567?w=64&h=64&s=crop');
  });

  it('serve demo avatars as their static SVG', () => {
    expect(imageUrl('demo/avatar-kenji.svg', 32)).toBe('/static/demo/avatar-kenji.svg');
  });
});
