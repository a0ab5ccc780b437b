import { useEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'outside-click' | 'scroll' | 'blur' | 'escape';

export interface DismissOptions {
  enabled: boolean;
  /** Elements inside which a press or focus does not dismiss (the floating element and its anchor). */
  refs: Array<RefObject<HTMLElement | null>>;
  onDismiss(reason: DismissReason): void;
  /** Which triggers are active; all by default. */
  on?: Partial<Record<DismissReason, boolean>>;
}

/**
 * Dismisses a floating element on outside press, page scroll, window blur or focus moving
 * elsewhere, and Escape (spec §4: popovers hide on outside click, scroll or blur).
 */
export function useDismiss({ enabled, refs, onDismiss, on = {} }: DismissOptions): void {
  const latest = useRef({ refs, onDismiss, on });
  useEffect(() => {
    latest.current = { refs, onDismiss, on };
  });

  useEffect(() => {
    if (!enabled) return;
    const active = (r: DismissReason) => latest.current.on[r] !== false;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && latest.current.refs.some((r) => r.current?.contains(target));
    const dismiss = (r: DismissReason) => latest.current.onDismiss(r);
    // A scroll event can arrive after the element opened for a scroll that happened before
    // (the browser scrolling the anchor into view on click): the page must have moved since.
    const openedAt = { x: window.scrollX, y: window.scrollY };
    const pageMoved = () => window.scrollX !== openedAt.x || window.scrollY !== openedAt.y;

    const onPointerDown = (e: PointerEvent) => {
      if (active('outside-click') && !inside(e.target)) dismiss('outside-click');
    };
    const onScroll = (e: Event) => {
      // Scrolling inside the floating element itself (a long menu) is not a page scroll.
      if (!active('scroll') || inside(e.target)) return;
      const isPage = e.target === document || e.target === document.documentElement || e.target === document.body;
      if (!isPage || pageMoved()) dismiss('scroll');
    };
    const onWindowBlur = () => {
      if (active('blur')) dismiss('blur');
    };
    const onFocusIn = (e: FocusEvent) => {
      if (active('blur') && !inside(e.target)) dismiss('blur');
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (active('escape') && e.key === 'Escape') dismiss('escape');
    };

    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('blur', onWindowBlur);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('scroll', onScroll, { capture: true });
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('blur', onWindowBlur);
    };
  }, [enabled]);
}
