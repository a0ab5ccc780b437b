/**
 * Putting figures and cards into the story: on an empty line they take its place (as
 * Medium's '+' does); elsewhere they go after the block the caret (or a drop) is in.
 */
import type { Editor, JSONContent } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';
import { NODE } from './paragraph-doc.js';

/**
 * Gives the story the keyboard now. Tiptap's focus command waits for the next frame, so
 * keys pressed right after leaving a field of a toolbar would go nowhere in between.
 */
export function focusEditor(editor: Editor): void {
  if (!editor.isDestroyed) editor.view.focus();
}

/** The range a new block replaces (an empty line) or the point it goes at (after a block). */
function insertionRange(editor: Editor, at?: number): { from: number; to: number } {
  const { state } = editor;
  const $pos = at === undefined ? state.selection.$from : state.doc.resolve(Math.max(0, Math.min(at, state.doc.content.size)));
  if ($pos.depth === 0) return { from: $pos.pos, to: $pos.pos };
  const block = $pos.node(1);
  const from = $pos.before(1);
  const to = $pos.after(1);
  if (block.type.name === NODE.paragraph && block.content.size === 0) return { from, to };
  return { from: to, to };
}

/** Inserts blocks at the caret (or `at`) and selects the first one inserted. */
export function insertBlocks(editor: Editor, blocks: JSONContent[], at?: number): void {
  const range = insertionRange(editor, at);
  editor.chain().insertContentAt(range, blocks).run();
  focusEditor(editor);
  // Select the new block, so its toolbar (layout, caption) is at hand.
  const node = editor.state.doc.nodeAt(range.from);
  if (node && !node.isTextblock) editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, range.from)));
}

function findImage(editor: Editor, previewSrc: string): { pos: number; node: PMNode } | null {
  let found: { pos: number; node: PMNode } | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found) return false;
    if (node.type.name === NODE.image && node.attrs.previewSrc === previewSrc) found = { pos, node };
    return !node.isTextblock;
  });
  return found;
}

/** An image is uploaded: it gets its id and size (and is saved with the next save). */
export function completeImage(editor: Editor, previewSrc: string, image: { id: string; width: number; height: number }): boolean {
  const hit = findImage(editor, previewSrc);
  if (!hit || editor.isDestroyed) return false;
  editor.view.dispatch(
    editor.state.tr.setNodeMarkup(hit.pos, undefined, { ...hit.node.attrs, imageId: image.id, width: image.width, height: image.height, previewSrc: null }),
  );
  return true;
}

/** An upload failed: its placeholder goes away. */
export function removeImage(editor: Editor, previewSrc: string): void {
  const hit = findImage(editor, previewSrc);
  if (!hit || editor.isDestroyed) return;
  editor.view.dispatch(editor.state.tr.delete(hit.pos, hit.pos + hit.node.nodeSize));
}
