/**
 * The owner's edits of a list as data (spec §7 EditCatalogItems): what an operation does to
 * the items shown, and how a batch that met a CatalogConflict is re-aimed at the list as the
 * server has it now, so that nothing another tab did is lost and this tab's intent is kept.
 */

export interface CatalogItemOp {
  prepend?: { postId: string; note?: string | null };
  append?: { postId: string; note?: string | null };
  move?: { catalogItemId: string; afterCatalogItemId: string | null };
  delete?: { catalogItemId: string };
  setNote?: { catalogItemId: string; note: string | null };
}

/** The least an item needs for its order and note to be edited here. */
export interface EditableItem {
  catalogItemId: string;
  note: string | null;
}

/** Where `item` now sits: after the item before it, or first. */
export function moveOp(items: readonly EditableItem[], itemId: string): CatalogItemOp {
  const at = items.findIndex((i) => i.catalogItemId === itemId);
  return { move: { catalogItemId: itemId, afterCatalogItemId: at > 0 ? items[at - 1]!.catalogItemId : null } };
}

/** `items` with the item at `from` placed at `to` (indexes in the same array). */
export function reorder<T>(items: readonly T[], from: number, to: number): T[] {
  const out = items.slice();
  const [moved] = out.splice(from, 1);
  if (moved === undefined) return out;
  out.splice(Math.max(0, Math.min(to, out.length)), 0, moved);
  return out;
}

/**
 * The operations applied to the items shown, as the server would apply them. Prepend and
 * append of a story need its item (`made`, by post id) to show it; without one they change nothing here.
 */
export function applyOps<T extends EditableItem>(items: readonly T[], ops: readonly CatalogItemOp[], made: (postId: string) => T | null = () => null): T[] {
  let out = items.slice();
  for (const op of ops) {
    if (op.delete) out = out.filter((i) => i.catalogItemId !== op.delete!.catalogItemId);
    else if (op.setNote) out = out.map((i) => (i.catalogItemId === op.setNote!.catalogItemId ? { ...i, note: op.setNote!.note } : i));
    else if (op.move) {
      const { catalogItemId, afterCatalogItemId } = op.move;
      const item = out.find((i) => i.catalogItemId === catalogItemId);
      if (!item) continue;
      const rest = out.filter((i) => i !== item);
      const after = afterCatalogItemId === null ? -1 : rest.findIndex((i) => i.catalogItemId === afterCatalogItemId);
      // After an item not shown (a later page): it leaves the items shown.
      out = afterCatalogItemId !== null && after < 0 ? rest : [...rest.slice(0, after + 1), item, ...rest.slice(after + 1)];
    } else {
      const input = op.prepend ?? op.append;
      const item = input ? made(input.postId) : null;
      if (!item) continue;
      out = op.prepend ? [item, ...out] : [...out, item];
    }
  }
  return out;
}

export interface ServerList {
  /** The list's first page of item ids as the conflict answered it, in order. */
  itemIds: readonly string[];
  /** True when that page is the whole list (fewer items than a page). */
  complete: boolean;
}

/**
 * A batch re-aimed at the server's list after a conflict. `intended` is this tab's order with
 * the batch applied. Operations on items another tab removed are dropped (they are gone
 * already); a move is re-anchored after the nearest item before it, in this tab's order, that
 * the server still has (first when none is), so items added elsewhere stay where they were put.
 * An item not in the server's first page may be further down (when that page is not the whole
 * list): it is kept as an anchor, and a refusal then reads the list again.
 */
export function rebaseOps(ops: readonly CatalogItemOp[], intended: readonly EditableItem[], server: ServerList): CatalogItemOp[] {
  const onServer = new Set(server.itemIds);
  const exists = (id: string) => onServer.has(id) || !server.complete;
  const out: CatalogItemOp[] = [];
  for (const op of ops) {
    if (op.delete) {
      if (exists(op.delete.catalogItemId)) out.push(op);
    } else if (op.setNote) {
      if (exists(op.setNote.catalogItemId)) out.push(op);
    } else if (op.move) {
      const id = op.move.catalogItemId;
      if (!exists(id)) continue;
      const at = intended.findIndex((i) => i.catalogItemId === id);
      let anchor: string | null = null;
      for (let k = at - 1; k >= 0; k--) {
        const before = intended[k]!.catalogItemId;
        if (onServer.has(before) || (!server.complete && !isPending(before))) {
          anchor = before;
          break;
        }
      }
      out.push({ move: { catalogItemId: id, afterCatalogItemId: at < 0 ? op.move.afterCatalogItemId : anchor } });
    } else out.push(op);
  }
  return out;
}

/** Items shown before the server made them (an Undo on its way) have ids of this form. */
export const PENDING_PREFIX = 'pending:';
export const isPending = (id: string) => id.startsWith(PENDING_PREFIX);
