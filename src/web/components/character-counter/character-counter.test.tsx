import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CharacterCounter } from './CharacterCounter';

describe('CharacterCounter', () => {
  it('shows count/limit', () => {
    const html = renderToStaticMarkup(<CharacterCounter count={12} limit={160} />);
    expect(html).toContain('>12/160<');
    expect(html).not.toContain('data-over-limit');
  });

  it('marks the count over the limit', () => {
    const html = renderToStaticMarkup(<CharacterCounter count={161} limit={160} />);
    expect(html).toContain('data-over-limit="true"');
    expect(html).toContain('1 over the limit');
  });
});
