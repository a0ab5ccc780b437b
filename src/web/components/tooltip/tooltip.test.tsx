import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  it('renders a hidden tooltip that describes its child', () => {
    const html = renderToStaticMarkup(
      <Tooltip content="Clap">
        <button type="button">👏</button>
      </Tooltip>,
    );
    const id = /role="tooltip"/.test(html) && /id="([^"]+)" role="tooltip"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`aria-describedby="${id}"`);
    expect(html).toMatch(/role="tooltip"[^>]*hidden=""/);
  });
});
