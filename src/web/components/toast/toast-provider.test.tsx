import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './ToastProvider';

function Probe() {
  const api = useToast();
  return <span>{typeof api.show === 'function' && typeof api.clearNextPageToasts === 'function' ? 'api' : 'none'}</span>;
}

describe('ToastProvider', () => {
  it('renders children and a polite status region', () => {
    const html = renderToStaticMarkup(
      <ToastProvider>
        <Probe />
      </ToastProvider>,
    );
    expect(html).toContain('<span>api</span>');
    expect(html).toMatch(/role="status" aria-live="polite"/);
  });

  it('useToast is safe outside a provider (server render of isolated components)', () => {
    expect(renderToStaticMarkup(<Probe />)).toBe('<span>api</span>');
  });
});
