import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOps, moveOp, rebaseOps, reorder, type EditableItem } from './catalog-edits.js';
import { dropIndex, sortKey } from './sortable.js';

const items = (...ids: string[]): EditableItem[] => ids.map((catalogItemId) => ({ catalogItemId, note: null }));
const ids = (list: readonly EditableItem[]) => list.map((i) => i.catalogItemId);

describe('list edits', () => {
  it('moves an item after another, or first, as the server does', () => {
    const list = items('a', 'b', 'c', 'd');
    expect(ids(applyOps(list, [{ move: { catalogItemId: 'd', afterCatalogItemId: 'a' } }]))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(applyOps(list, [{ move: { catalogItemId: 'c', afterCatalogItemId: null } }]))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(applyOps(list, [{ delete: { catalogItemId: 'b' } }]))).toEqual(['a', 'c', 'd']);
    expect(applyOps(list, [{ setNote: { catalogItemId: 'c', note: 'Good' } }])[2]).toEqual({ catalogItemId: 'c', note: 'Good' });
  });

  it('names a reordered item’s new place by the item before it', () => {
    const order = reorder(items('a', 'b', 'c'), 2, 0);
    expect(ids(order)).toEqual(['c', 'a', 'b']);
    expect(moveOp(order, 'c')).toEqual({ move: { catalogItemId: 'c', afterCatalogItemId: null } });
    expect(moveOp(reorder(items('a', 'b', 'c'), 0, 1), 'a')).toEqual({ move: { catalogItemId: 'a', afterCatalogItemId: 'b' } });
  });

  it('re-aims a move after a conflict: past items another tab removed, keeping the ones it added', () => {
    // Here: a, b, c, d with d moved after b. Elsewhere b was removed and x added first.
    const intended = items('a', 'b', 'd', 'c');
    const server = { itemIds: ['x', 'a', 'c', 'd'], complete: true };
    const rebased = rebaseOps([{ move: { catalogItemId: 'd', afterCatalogItemId: 'b' } }], intended, server);
    expect(rebased).toEqual([{ move: { catalogItemId: 'd', afterCatalogItemId: 'a' } }]);
    const after = applyOps(items(...server.itemIds), rebased);
    expect(ids(after)).toEqual(['x', 'a', 'd', 'c']);
  });

  it('drops edits of items another tab removed, and keeps them when the server list may go on past its first page', () => {
    const ops = [{ delete: { catalogItemId: 'b' } }, { setNote: { catalogItemId: 'b', note: 'n' } }];
    expect(rebaseOps(ops, items('a'), { itemIds: ['a'], complete: true })).toEqual([]);
    expect(rebaseOps(ops, items('a'), { itemIds: ['a'], complete: false })).toEqual(ops);
  });

  it('never loses an item the server has: any moves and deletes of this tab, re-aimed, keep every other item once', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 1 }),
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'x', 'y'), { minLength: 1 }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (mine, theirs, pick, to, remove) => {
          const local = items(...mine);
          const id = mine[pick % mine.length]!;
          const intended = remove ? applyOps(local, [{ delete: { catalogItemId: id } }]) : reorder(local, mine.indexOf(id), to % mine.length);
          const op = remove ? { delete: { catalogItemId: id } } : moveOp(intended, id);
          const rebased = rebaseOps([op], intended, { itemIds: theirs, complete: true });
          const result = ids(applyOps(items(...theirs), rebased));
          const expected = theirs.filter((t) => !(remove && t === id));
          expect([...result].sort()).toEqual([...expected].sort());
          expect(new Set(result).size).toBe(result.length);
        },
      ),
    );
  });
});

describe('keyboard reordering', () => {
  const item = { id: 'b', index: 1, label: 'Second story' };

  it('picks up with Space or Enter, moves with the arrows within the list, drops with Space or Enter', () => {
    const lifted = sortKey(' ', null, item, 3);
    expect(lifted).toMatchObject({ kind: 'lift', lift: { id: 'b', from: 1, at: 1 } });
    expect(lifted.kind === 'lift' && lifted.announce).toMatch(/^Picked up Second story, position 2 of 3\./);
    const lift = lifted.kind === 'lift' ? lifted.lift! : null;
    const down = sortKey('ArrowDown', lift, item, 3);
    expect(down).toEqual({ kind: 'lift', lift: { id: 'b', from: 1, at: 2 }, announce: 'Second story moved to position 3 of 3.' });
    const further = sortKey('ArrowDown', down.kind === 'lift' ? down.lift : null, item, 3);
    expect(further).toMatchObject({ lift: { at: 2 }, announce: 'Second story is at position 3 of 3.' });
    expect(sortKey('Enter', { id: 'b', from: 1, at: 2 }, item, 3)).toEqual({ kind: 'drop', id: 'b', from: 1, to: 2, announce: 'Second story dropped at position 3 of 3.' });
  });

  it('puts the item back on Escape and ignores other keys', () => {
    expect(sortKey('Escape', { id: 'b', from: 1, at: 0 }, item, 3)).toEqual({ kind: 'lift', lift: null, announce: 'Reordering cancelled. Second story is back at position 2 of 3.' });
    expect(sortKey('ArrowDown', null, item, 3)).toEqual({ kind: 'none' });
    expect(sortKey('a', { id: 'b', from: 1, at: 0 }, item, 3)).toEqual({ kind: 'none' });
  });

  it('drops a dragged item after the items whose middle is above the pointer', () => {
    const middles = [50, 150, 250, 350];
    expect(dropIndex(10, middles, 2)).toBe(0);
    expect(dropIndex(200, middles, 0)).toBe(1);
    expect(dropIndex(400, middles, 0)).toBe(3);
    expect(dropIndex(260, middles, 2)).toBe(2);
  });
});
