import { TIMING } from '../../../shared/constants';

export type PopoverPlacement = 'bottom' | 'top';
export type PopoverAlign = 'start' | 'center' | 'end';

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface PositionOptions {
  placement?: PopoverPlacement;
  align?: PopoverAlign;
  /** Gap between anchor and popover (spec: 5px). */
  offset?: number;
  /** Minimum distance kept from the viewport edges (spec: 5px). */
  padding?: number;
}

export interface PopoverPosition {
  top: number;
  left: number;
  placement: PopoverPlacement;
}

/**
 * Places a popover of `size` next to `anchor` (viewport coordinates), flipping to the other
 * side when it does not fit and there is more room there, and shifting it to stay inside the
 * viewport minus the overflow padding.
 */
export function computePopoverPosition(
  anchor: Rect,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  {
    placement = 'bottom',
    align = 'center',
    offset = TIMING.popoverOffsetPx,
    padding = TIMING.popoverOverflowPaddingPx,
  }: PositionOptions = {},
): PopoverPosition {
  const below = anchor.top + anchor.height + offset;
  const above = anchor.top - offset - size.height;
  // Slack left on each side once placed there (negative: it would overflow by that much).
  const roomBelow = viewport.height - padding - (below + size.height);
  const roomAbove = above - padding;

  let side = placement;
  if (placement === 'bottom' && roomBelow < 0 && roomAbove > roomBelow) side = 'top';
  if (placement === 'top' && roomAbove < 0 && roomBelow > roomAbove) side = 'bottom';
  let top = side === 'bottom' ? below : above;
  top = clamp(top, padding, viewport.height - padding - size.height);

  let left: number;
  if (align === 'start') left = anchor.left;
  else if (align === 'end') left = anchor.left + anchor.width - size.width;
  else left = anchor.left + anchor.width / 2 - size.width / 2;
  left = clamp(left, padding, viewport.width - padding - size.width);

  return { top: Math.round(top), left: Math.round(left), placement: side };
}

/** Clamps into [min, max]; when the range is empty (popover bigger than the viewport) keeps min. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}
