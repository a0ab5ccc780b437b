import { useId, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import type { CatalogPageItem } from '../../components/catalog-page/catalog-types.js';
import { cx } from '../../lib/class-names.js';
import { reorder } from './catalog-edits.js';
import { dropIndex, sortKey, SORT_INSTRUCTIONS, type Lift } from './sortable.js';
import list from '../../components/catalog-page/catalog-page.module.css';
import styles from './YourCatalogPage.module.css';

export interface SortableItemsProps {
  items: CatalogPageItem[];
  /** The item's words for announcements and the handle's name (the story's title). */
  labelOf(item: CatalogPageItem): string;
  /** Items that cannot move yet (an Undo on its way to the server). */
  isLocked(item: CatalogPageItem): boolean;
  /** The item at `from` dropped at `to`. */
  onMove(id: string, from: number, to: number): void;
  renderItem(item: CatalogPageItem, handle: ReactNode): ReactNode;
}

/**
 * The owner's items in order, each with a handle to reorder it: dragged with a pointer, or by
 * keyboard (sortable.ts). While an item is lifted the list shows it where it would land.
 */
export function SortableItems({ items, labelOf, isLocked, onMove, renderItem }: SortableItemsProps) {
  const [lift, setLift] = useState<Lift | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const rows = useRef(new Map<string, HTMLLIElement>());
  const drag = useRef<{ id: string; from: number; middles: number[]; pointerId: number } | null>(null);
  const focusAfter = useRef<string | null>(null);
  const instructionsId = useId();

  const shown = lift ? reorder(items, lift.from, lift.at) : items;

  // Moving a row moves its handle in the document, which loses focus: give it back.
  useLayoutEffect(() => {
    const id = focusAfter.current;
    if (!id) return;
    focusAfter.current = null;
    handles.current.get(id)?.focus();
  });

  const finish = (id: string, from: number, to: number) => {
    setLift(null);
    focusAfter.current = id;
    if (to !== from) onMove(id, from, to);
  };

  const onKeyDown = (item: CatalogPageItem, index: number, key: string) => {
    const from = lift?.id === item.catalogItemId ? lift.from : index;
    const result = sortKey(key, lift, { id: item.catalogItemId, index: from, label: labelOf(item) }, items.length);
    if (result.kind === 'none') return false;
    setAnnouncement(result.announce);
    focusAfter.current = item.catalogItemId;
    if (result.kind === 'lift') setLift(result.lift);
    else finish(result.id, result.from, result.to);
    return true;
  };

  /**
   * A drag follows the pointer on the window, not on the handle: the list reorders as the
   * pointer moves, and a row moved in the document would lose a capture held by its handle.
   */
  const onPointerDown = (e: ReactPointerEvent<HTMLButtonElement>, item: CatalogPageItem, index: number) => {
    if (e.button !== 0 || lift) return;
    e.preventDefault();
    const middles = items.map((i) => {
      const r = rows.current.get(i.catalogItemId)?.getBoundingClientRect();
      return r ? r.top + r.height / 2 : 0;
    });
    const pointerId = e.pointerId;
    drag.current = { id: item.catalogItemId, from: index, middles, pointerId };
    setLift({ id: item.catalogItemId, from: index, at: index });
    const move = (ev: PointerEvent) => {
      if (ev.pointerId !== pointerId) return;
      const at = dropIndex(ev.clientY, middles, index);
      setLift((l) => (l && l.at !== at ? { ...l, at } : l));
    };
    const end = (ev: PointerEvent) => {
      if (ev.pointerId !== pointerId) return;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      drag.current = null;
      const at = ev.type === 'pointercancel' ? index : dropIndex(ev.clientY, middles, index);
      if (at !== index) setAnnouncement(`${labelOf(item)} dropped at position ${at + 1} of ${items.length}.`);
      finish(item.catalogItemId, index, at);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  };

  return (
    <>
      <p id={instructionsId} className="visually-hidden">
        {SORT_INSTRUCTIONS}
      </p>
      <div className="visually-hidden" role="status" aria-live="assertive" aria-atomic="true" data-testid="reorder-announcement">
        {announcement}
      </div>
      <ol className={list.list} aria-label="Stories in this list">
        {shown.map((item) => {
          const index = items.indexOf(item);
          const lifted = lift?.id === item.catalogItemId;
          const locked = isLocked(item);
          const handle = (
            <button
              type="button"
              ref={(el) => {
                if (el) handles.current.set(item.catalogItemId, el);
                else handles.current.delete(item.catalogItemId);
              }}
              className={styles.handle}
              aria-label={`Reorder ${labelOf(item)}`}
              aria-describedby={instructionsId}
              aria-pressed={lifted}
              disabled={locked}
              data-testid="reorder-handle"
              onKeyDown={(e) => {
                if (onKeyDown(item, index, e.key)) e.preventDefault();
              }}
              onBlur={() => {
                // Leaving a lifted item puts it back (as Escape would), unless the move itself moved focus.
                if (lifted && !drag.current && focusAfter.current !== item.catalogItemId) {
                  setLift(null);
                  setAnnouncement(`Reordering cancelled. ${labelOf(item)} is back at position ${index + 1} of ${items.length}.`);
                }
              }}
              onPointerDown={(e) => onPointerDown(e, item, index)}
            >
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M7 4h2v2H7zM11 4h2v2h-2zM7 9h2v2H7zM11 9h2v2h-2zM7 14h2v2H7zM11 14h2v2h-2z" />
              </svg>
            </button>
          );
          return (
            <li
              key={item.catalogItemId}
              ref={(el) => {
                if (el) rows.current.set(item.catalogItemId, el);
                else rows.current.delete(item.catalogItemId);
              }}
              className={cx(styles.row, lifted && styles.lifted)}
              data-testid="catalog-item"
            >
              {renderItem(item, handle)}
            </li>
          );
        })}
      </ol>
    </>
  );
}
