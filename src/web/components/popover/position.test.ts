import { describe, expect, it } from 'vitest';
import { computePopoverPosition } from './position';

const viewport = { width: 1000, height: 800 };
const size = { width: 264, height: 300 };

describe('computePopoverPosition', () => {
  it('places below the anchor with the 5px offset, centred by default', () => {
    const anchor = { top: 10, left: 400, width: 40, height: 40 };
    expect(computePopoverPosition(anchor, size, viewport)).toEqual({ top: 55, left: 288, placement: 'bottom' });
  });

  it('aligns the end edges', () => {
    const anchor = { top: 10, left: 700, width: 40, height: 40 };
    expect(computePopoverPosition(anchor, size, viewport, { align: 'end' }).left).toBe(740 - 264);
  });

  it('aligns the start edges', () => {
    const anchor = { top: 10, left: 300, width: 40, height: 40 };
    expect(computePopoverPosition(anchor, size, viewport, { align: 'start' }).left).toBe(300);
  });

  it('keeps 5px from the right edge', () => {
    const anchor = { top: 10, left: 960, width: 32, height: 32 };
    expect(computePopoverPosition(anchor, size, viewport).left).toBe(1000 - 5 - 264);
  });

  it('keeps 5px from the left edge', () => {
    const anchor = { top: 10, left: 0, width: 32, height: 32 };
    expect(computePopoverPosition(anchor, size, viewport).left).toBe(5);
  });

  it('flips above when there is no room below', () => {
    const anchor = { top: 700, left: 400, width: 40, height: 40 };
    const pos = computePopoverPosition(anchor, size, viewport);
    expect(pos.placement).toBe('top');
    expect(pos.top).toBe(700 - 5 - 300);
  });

  it('stays below when neither side has room but below has more', () => {
    const anchor = { top: 100, left: 400, width: 40, height: 40 };
    const pos = computePopoverPosition(anchor, { width: 200, height: 790 }, viewport);
    expect(pos.placement).toBe('bottom');
    expect(pos.top).toBe(5);
  });

  it('honours custom offset and padding', () => {
    const anchor = { top: 10, left: 0, width: 40, height: 40 };
    const pos = computePopoverPosition(anchor, size, viewport, { offset: 10, padding: 20 });
    expect(pos).toEqual({ top: 60, left: 20, placement: 'bottom' });
  });
});
