import { HIGHLIGHTABLE_TYPES } from '../../../shared/highlights.js';
import type { ParagraphType } from '../../../shared/paragraphs.js';

/** A selection inside one paragraph of a story body, as offsets into the paragraph's text. */
export interface SelectedText {
  paragraphName: string;
  start: number;
  end: number;
  text: string;
  /** Where it shows on screen (viewport coordinates). */
  rect: { top: number; left: number; width: number; height: number };
}

/** The highlightable paragraph of the body that holds `node`, if any. */
function paragraphOf(node: Node, body: HTMLElement): HTMLElement | null {
  const el = (node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement)?.closest<HTMLElement>('[data-paragraph-type]');
  if (!el || !body.contains(el) || !el.id) return null;
  return HIGHLIGHTABLE_TYPES.has(el.dataset.paragraphType as ParagraphType) ? el : null;
}

/** Characters of `el`'s text before the point (container, offset): marks and markups do not change the count. */
function offsetIn(el: HTMLElement, container: Node, offset: number): number {
  const before = document.createRange();
  before.selectNodeContents(el);
  before.setEnd(container, offset);
  return before.toString().length;
}

/**
 * The current selection when it lies within one highlightable paragraph of `body`. A
 * selection ending at the very start of the next paragraph (a triple click selects a
 * paragraph so) counts as ending with its own paragraph; one truly spanning paragraphs is
 * not a highlight (a highlight is anchored to one paragraph).
 */
export function readSelection(body: HTMLElement): SelectedText | null {
  const sel = window.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0) return null;
  const range = sel.getRangeAt(0);
  const startEl = paragraphOf(range.startContainer, body);
  if (!startEl) return null;
  const start = offsetIn(startEl, range.startContainer, range.startOffset);
  let end: number;
  if (startEl.contains(range.endContainer)) {
    end = offsetIn(startEl, range.endContainer, range.endOffset);
  } else {
    // Tolerated only when nothing but white space is selected past the paragraph's end.
    const after = document.createRange();
    after.setStartAfter(startEl);
    after.setEnd(range.endContainer, range.endOffset);
    if (after.toString().trim() !== '') return null;
    end = (startEl.textContent ?? '').length;
  }
  const text = (startEl.textContent ?? '').slice(start, end);
  if (end <= start || text.trim() === '') return null;
  const r = range.getBoundingClientRect();
  return { paragraphName: startEl.id, start, end, text, rect: { top: r.top, left: r.left, width: r.width, height: r.height } };
}
