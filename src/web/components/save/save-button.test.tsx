// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteContext, type SiteInfo } from '../../app-context.js';
import type { BrowserData } from '../../apollo/browser-data.js';
import { BrowserDataContext } from '../../apollo/browser-data-context.js';
import { ToastContext, type ToastApi } from '../toast/index.js';
import { SaveButton } from './SaveButton.js';
import { savedPosts } from './saved-posts-store.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const VIEWER = 'bbbbbbbbbbbb';
const site: SiteInfo = { siteName: 'Inkwell', mainHost: 'localhost:3000', pageId: 'home', routeName: 'ShowHome', viewer: { id: VIEWER, name: 'Reader', username: 'reader', imageId: null, emailObfuscated: null, xsrf: 'x' } };
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 20)));

describe('SaveButton, signed in', () => {
  let container: HTMLElement;
  let root: Root;
  let query: ReturnType<typeof vi.fn>;
  let mutate: ReturnType<typeof vi.fn>;
  let toasts: Parameters<ToastApi['show']>[0][];

  beforeEach(async () => {
    savedPosts.reset();
    toasts = [];
    query = vi.fn(async () => ({ data: { viewerSavedPosts: [{ postId: 'p1', catalogId: `predefined:${VIEWER}:reading-list`, catalogItemId: 'item-1' }] } }));
    mutate = vi.fn(async ({ variables }: { variables: { operation: { prepend?: unknown } } }) => ({
      data: { addToPredefinedCatalog: { __typename: 'AddToPredefinedCatalogSuccess', version: 'v2', insertedItem: variables.operation.prepend ? { catalogItemId: 'item-new' } : null, catalog: { id: 'rl', version: 'v2' } } },
    }));
    const loadData = async () => ({ client: { query, mutate, cache: { evict: () => true, gc: () => [] } } }) as unknown as BrowserData;
    const toast: ToastApi = { show: (o) => (toasts.push(o), toasts.length), dismiss: () => {}, clearNextPageToasts: () => {}, clearAll: () => {} };
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root.render(
        <SiteContext.Provider value={site}>
          <BrowserDataContext.Provider value={loadData}>
            <ToastContext.Provider value={toast}>
              <SaveButton postId="p1" title="First" />
              <SaveButton postId="p2" title="Second" />
            </ToastContext.Provider>
          </BrowserDataContext.Provider>
        </SiteContext.Provider>,
      ),
    );
    // The first ask loads Save's actions (a chunk of their own) before it goes out.
    await vi.waitFor(() => expect(query).toHaveBeenCalled(), { timeout: 5000 });
    await settle();
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const button = (title: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="Save ${title}"]`)!;

  it('asks once for every Save of the page and shows each story’s state', async () => {
    await settle();
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0]![0].variables).toEqual({ postIds: ['p1', 'p2'] });
    expect(button('First').getAttribute('aria-pressed')).toBe('true');
    expect(button('Second').getAttribute('aria-pressed')).toBe('false');
  });

  it('saves to the Reading list in one click, with Undo taking it out again', async () => {
    await act(async () => button('Second').click());
    await settle();
    expect(button('Second').getAttribute('aria-pressed')).toBe('true');
    expect(mutate.mock.calls[0]![0].variables).toEqual({ type: 'READING_LIST', operation: { prepend: { postId: 'p2' } } });
    expect(toasts.at(-1)).toMatchObject({ message: 'Saved to Reading list.' });
    await act(async () => (toasts.at(-1)!.extraParams!.action as { onClick(): void }).onClick());
    await settle();
    expect(mutate.mock.calls[1]![0].variables).toEqual({ type: 'READING_LIST', operation: { delete: { catalogItemId: 'item-new' } } });
    expect(button('Second').getAttribute('aria-pressed')).toBe('false');
  });

  it('puts the saved state back and says why when the server refuses', async () => {
    mutate.mockResolvedValueOnce({ data: { addToPredefinedCatalog: { __typename: 'NotFound', message: 'Story not found.' } } });
    await act(async () => button('Second').click());
    await settle();
    expect(button('Second').getAttribute('aria-pressed')).toBe('false');
    expect(toasts.at(-1)).toMatchObject({ message: 'Story not found.', toastStyle: 'ERROR' });
  });
});
