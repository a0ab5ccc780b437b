// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteContext, type SiteInfo } from '../../app-context';
import { createReadingCounters } from '../../lib/reading-counters';
import { renderWithSite, testViewer } from '../../lib/test-render';
import { PaywallUpsell } from './PaywallUpsell';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const site: SiteInfo = { siteName: 'Inkwell', mainHost: 'localhost', viewer: testViewer, pageId: 'post', routeName: 'ShowPost' };

function mount(): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() =>
    createRoot(container).render(
      <SiteContext.Provider value={site}>
        <PaywallUpsell />
      </SiteContext.Provider>,
    ),
  );
  return container;
}

/** The paywall's ask (spec §5 reading counter for signed-in non-members). */
describe('PaywallUpsell', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.body.innerHTML = '';
  });

  it('signed out: sign in to keep reading', () => {
    const html = renderWithSite(<PaywallUpsell />);
    expect(html).toMatch(/href="\/m\/signin\?operation=login"[^>]*>Sign in to keep reading</);
  });

  it('signed in: become a member; the count waits for the browser', () => {
    const html = renderWithSite(<PaywallUpsell />, { viewer: testViewer });
    expect(html).toMatch(/href="\/plans"[^>]*>Become a member</);
    expect(html).not.toContain('data-reading-count');
  });

  it('signed in, under 3 stories this month: a generic prompt', () => {
    createReadingCounters().recordView('aaaaaaaaaaaa', { isMemberOnly: true });
    createReadingCounters().recordView('bbbbbbbbbbbb', { isMemberOnly: false });
    expect(mount().querySelector('[data-reading-count]')?.textContent).toBe('Members of Inkwell read every story whole, for just $0.96/week.');
  });

  it("signed in, from 3 stories this month: 'You've read N stories this month'", () => {
    for (const id of ['aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'cccccccccccc', 'aaaaaaaaaaaa']) createReadingCounters().recordView(id, { isMemberOnly: false });
    expect(mount().querySelector('[data-reading-count]')?.textContent).toBe("You've read 3 stories this month.");
  });
});
