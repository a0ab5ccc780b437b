import type { Editor } from '@tiptap/core';

/** A rectangle relative to the box the toolbars are placed in (the body wrapper). */
export interface Box {
  top: number;
  left: number;
  right: number;
  bottom: number;
  width: number;
  /** The top in the window: is there room above it under the sticky header? */
  viewportTop: number;
}

/** The editor header's height: a toolbar above a line must clear it. */
const HEADER_ROOM = 65;

/** Where a toolbar `height` tall goes: above the box when it fits under the header, else below. */
export function verticalPlace(box: Box, height: number, gap = 10): { top: number; below: boolean } {
  const below = box.viewportTop - height - gap < HEADER_ROOM;
  return { top: below ? box.bottom + gap : box.top - height - gap, below };
}

/** Where the text between `from` and `to` is, relative to `wrap`. */
export function selectionBox(editor: Editor, wrap: HTMLElement, from: number, to: number): Box | null {
  try {
    const a = editor.view.coordsAtPos(from);
    const b = editor.view.coordsAtPos(to, -1);
    const w = wrap.getBoundingClientRect();
    const top = Math.min(a.top, b.top) - w.top;
    const bottom = Math.max(a.bottom, b.bottom) - w.top;
    // A selection over several lines: centre on the first line.
    const sameLine = Math.abs(a.top - b.top) < 4;
    const left = (sameLine ? Math.min(a.left, b.left) : a.left) - w.left;
    const right = (sameLine ? Math.max(a.right, b.right) : a.left + 1) - w.left;
    return { top, bottom, left, right, width: w.width, viewportTop: Math.min(a.top, b.top) };
  } catch {
    return null;
  }
}

/** Where the top-level block at `pos` is drawn, relative to `wrap`. */
export function blockBox(editor: Editor, wrap: HTMLElement, pos: number): Box | null {
  const dom = editor.view.nodeDOM(pos);
  if (!(dom instanceof HTMLElement)) return null;
  const r = dom.getBoundingClientRect();
  const w = wrap.getBoundingClientRect();
  return { top: r.top - w.top, bottom: r.bottom - w.top, left: r.left - w.left, right: r.right - w.left, width: w.width, viewportTop: r.top };
}

/** A left edge that centres `size` on `centre` and keeps it `margin` inside [0, width]. */
export function clampCentre(centre: number, size: number, width: number, margin = 8): number {
  return Math.max(margin, Math.min(centre - size / 2, width - size - margin));
}
