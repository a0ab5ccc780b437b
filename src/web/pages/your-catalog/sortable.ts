/**
 * Reordering a list by keyboard, as accessible sortable lists do: a focusable handle; Space or
 * Enter picks the item up, the arrow keys move it, Space or Enter drops it, Escape puts it
 * back. Every step is announced in words (an aria-live region). Pure, so it is tested alone.
 */

export interface Lift {
  id: string;
  /** Where it was picked up. */
  from: number;
  /** Where it would land now. */
  at: number;
}

export type SortKeyResult =
  | { kind: 'none' }
  | { kind: 'lift'; lift: Lift | null; announce: string }
  /** Dropped: `to` is its new index (the same as `from` when it did not move). */
  | { kind: 'drop'; id: string; from: number; to: number; announce: string };

export const SORT_INSTRUCTIONS = 'To reorder, press Space or Enter to pick up the story, the up and down arrow keys to move it, Space or Enter to drop it, Escape to cancel.';

const position = (i: number, n: number) => `position ${i + 1} of ${n}`;

/** What a key on an item's handle does. `label` names the item (the story's title). */
export function sortKey(key: string, lift: Lift | null, item: { id: string; index: number; label: string }, count: number): SortKeyResult {
  const pick = key === ' ' || key === 'Spacebar' || key === 'Enter';
  if (!lift || lift.id !== item.id) {
    if (!pick) return { kind: 'none' };
    return { kind: 'lift', lift: { id: item.id, from: item.index, at: item.index }, announce: `Picked up ${item.label}, ${position(item.index, count)}. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.` };
  }
  if (key === 'ArrowUp' || key === 'ArrowDown' || key === 'Home' || key === 'End') {
    const at = key === 'Home' ? 0 : key === 'End' ? count - 1 : Math.max(0, Math.min(count - 1, lift.at + (key === 'ArrowUp' ? -1 : 1)));
    return { kind: 'lift', lift: { ...lift, at }, announce: at === lift.at ? `${item.label} is at ${position(at, count)}.` : `${item.label} moved to ${position(at, count)}.` };
  }
  if (pick) return { kind: 'drop', id: lift.id, from: lift.from, to: lift.at, announce: `${item.label} dropped at ${position(lift.at, count)}.` };
  if (key === 'Escape') return { kind: 'lift', lift: null, announce: `Reordering cancelled. ${item.label} is back at ${position(lift.from, count)}.` };
  return { kind: 'none' };
}

/**
 * Where a dragged item lands: among the other items (their vertical middles as laid out when
 * the drag began), after every one whose middle is above the pointer.
 */
export function dropIndex(pointerY: number, middles: readonly number[], from: number): number {
  let at = 0;
  middles.forEach((mid, i) => {
    if (i !== from && mid < pointerY) at++;
  });
  return at;
}
