// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationContext, type Navigation } from '../../router/navigation';
import { SusiLink } from './SusiLink';
import { SusiModalProvider, useSusiModal } from './SusiModalProvider';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const navigation = (pathname: string, navigate = vi.fn()): Navigation => ({ pathname, search: '', navigate, preload() {} });

let container: HTMLElement;
let root: Root;

function render(ui: ReactNode, path = '/@ann/a-story-0123456789ab') {
  act(() => root.render(<NavigationContext.Provider value={navigation(path)}>{ui}</NavigationContext.Provider>));
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

async function click(el: HTMLElement) {
  el.focus();
  await act(async () => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  });
  await vi.waitFor(() => expect(dialog()).not.toBeNull());
}

// The modal's code is a chunk loaded on first use; load it once up front so each opening
// settles inside act().
beforeAll(() => import('./SusiModal'));

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  document.body.style.overflow = '';
});

describe('SusiModalProvider', () => {
  it('opens at the sign-in options from a Sign in link, over the page, without changing the URL', async () => {
    render(
      <SusiModalProvider>
        <main id="story">A story</main>
        <SusiLink operation="login">Sign in</SusiLink>
      </SusiModalProvider>,
    );
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/m/signin?operation=login&redirect=%2F%40ann%2Fa-story-0123456789ab');
    const before = window.location.href;
    await click(link);

    const box = dialog()!;
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(box.querySelector('h1')?.textContent).toBe('Welcome back.');
    expect(box.getAttribute('aria-labelledby')).toBe(box.querySelector('h1')?.id);
    expect(box.closest('[data-modal-overlay]')?.parentElement).toBe(document.body);
    expect(document.getElementById('story')).not.toBeNull();
    expect(window.location.href).toBe(before);
    expect(document.body.style.overflow).toBe('hidden');
    expect(box.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape, gives focus back to the opener and unlocks the page scroll', async () => {
    render(
      <SusiModalProvider>
        <SusiLink operation="login">Sign in</SusiLink>
      </SusiModalProvider>,
    );
    const link = container.querySelector('a')!;
    await click(link);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(link);
    expect(document.body.style.overflow).toBe('');
  });

  it('closes with the close button and a press on the scrim', async () => {
    render(
      <SusiModalProvider>
        <SusiLink operation="register">Sign up</SusiLink>
      </SusiModalProvider>,
    );
    const link = container.querySelector('a')!;
    await click(link);
    act(() => dialog()!.querySelector<HTMLButtonElement>('[aria-label="Close"]')!.click());
    expect(dialog()).toBeNull();

    await click(link);
    const scrim = document.querySelector('[data-modal-overlay]')!;
    act(() => {
      dialog()!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(dialog()).not.toBeNull(); // a press inside the box does not close it
    act(() => {
      scrim.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(dialog()).toBeNull();
  });

  it('opens at the sign-up options for register, and open() works from the hook', async () => {
    let opener: ReturnType<typeof useSusiModal> | null = null;
    function Grab() {
      opener = useSusiModal();
      return null;
    }
    render(
      <SusiModalProvider>
        <Grab />
      </SusiModalProvider>,
    );
    await act(async () => opener!.open({ operation: 'register', redirect: '/new-story' }));
    await vi.waitFor(() => expect(dialog()).not.toBeNull());
    expect(dialog()!.querySelector('h1')?.textContent).toBe('Join Inkwell.');
    expect(dialog()!.querySelector('[data-step]')?.getAttribute('data-sign-up')).toBe('true');
  });

  it('moves focus into each new step', async () => {
    render(
      <SusiModalProvider>
        <SusiLink operation="register">Sign up</SusiLink>
      </SusiModalProvider>,
    );
    await click(container.querySelector('a')!);
    const email = [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'Sign up with email')!;
    act(() => email.click());
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('fullName'));
  });

  it('closes when the page changes', async () => {
    const ui = (
      <SusiModalProvider>
        <SusiLink operation="login">Sign in</SusiLink>
      </SusiModalProvider>
    );
    render(ui, '/a');
    await click(container.querySelector('a')!);
    render(ui, '/b');
    expect(dialog()).toBeNull();
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    render(
      <SusiModalProvider>
        <SusiLink operation="login">Sign in</SusiLink>
      </SusiModalProvider>,
    );
    let leftToBrowser = false;
    const record = (e: Event) => {
      leftToBrowser = !e.defaultPrevented;
      e.preventDefault(); // the test page stays put
    };
    document.addEventListener('click', record);
    act(() => {
      container.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true }));
    });
    document.removeEventListener('click', record);
    expect(leftToBrowser).toBe(true);
    expect(dialog()).toBeNull();
  });
});
