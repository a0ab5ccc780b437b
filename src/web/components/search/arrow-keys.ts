import { useEffect, type RefObject } from 'react';
import { nextSearchFocus } from '../../lib/search-keyboard.js';

/**
 * Up and Down inside `container` (the box and its suggestions) move focus through the
 * elements marked data-search-item, wrapping around (spec §4). A native listener, so the
 * header's search box needs no handler of its own.
 */
export function useArrowKeys(container: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const root = container.current;
    if (!root || !enabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      const items = Array.from(root.querySelectorAll<HTMLElement>('[data-search-item]'));
      const next = nextSearchFocus(items.indexOf(document.activeElement as HTMLElement), items.length, e.key);
      if (next === null) return;
      e.preventDefault();
      items[next]!.focus();
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, [container, enabled]);
}
