import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AVATAR_SIZES } from '../../../shared/constants';
import { Avatar, initialsOf } from './Avatar';

describe('Avatar', () => {
  it('shows the unknown-user avatar without a username', () => {
    const html = renderToStaticMarkup(<Avatar name="Ann" imageUrl="/x.png" />);
    expect(html).toContain('data-avatar="unknown"');
    expect(html).not.toContain('/x.png');
  });

  it('shows the image at the spec size', () => {
    const html = renderToStaticMarkup(<Avatar username="ann" name="Ann Writer" imageUrl="/a.png" size="L" />);
    expect(html).toContain('data-avatar="image"');
    expect(html).toContain('src="/a.png"');
    expect(html).toContain(`width="${AVATAR_SIZES.L}"`);
    expect(html).toContain('alt="Ann Writer"');
  });

  it('falls back to initials', () => {
    const html = renderToStaticMarkup(<Avatar username="ann" name="Ann Writer" size="XXL" />);
    expect(html).toContain('data-avatar="initials"');
    expect(html).toContain('>AW<');
    expect(html).toContain(`width:${AVATAR_SIZES.XXL}px`);
  });

  it('computes initials', () => {
    expect(initialsOf('ann')).toBe('A');
    expect(initialsOf('  Ann  Marie Writer ')).toBe('AW');
    expect(initialsOf('')).toBe('');
  });
});
