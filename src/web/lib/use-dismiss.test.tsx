// @vitest-environment happy-dom
import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDismiss, type DismissReason } from './use-dismiss';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Floating({ onDismiss }: { onDismiss(reason: DismissReason): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useDismiss({ enabled: true, refs: [ref], onDismiss });
  return <div ref={ref}>menu</div>;
}

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  window.scrollTo(0, 0);
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('useDismiss on scroll', () => {
  it('ignores a page scroll event when the page has not moved since the element opened', () => {
    const onDismiss = vi.fn();
    act(() => root.render(<Floating onDismiss={onDismiss} />));
    // The late event of a scroll that happened before opening (scrolling the anchor into view).
    document.dispatchEvent(new Event('scroll'));
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('dismisses once the page has scrolled', () => {
    const onDismiss = vi.fn();
    act(() => root.render(<Floating onDismiss={onDismiss} />));
    window.scrollTo(0, 120);
    document.dispatchEvent(new Event('scroll'));
    expect(onDismiss).toHaveBeenCalledWith('scroll');
  });

  it('dismisses when another scroll container scrolls, but not when the element itself does', () => {
    const onDismiss = vi.fn();
    act(() => root.render(<Floating onDismiss={onDismiss} />));
    container.firstElementChild!.dispatchEvent(new Event('scroll'));
    expect(onDismiss).not.toHaveBeenCalled();
    const pane = document.createElement('div');
    document.body.appendChild(pane);
    pane.dispatchEvent(new Event('scroll'));
    expect(onDismiss).toHaveBeenCalledWith('scroll');
    pane.remove();
  });
});
