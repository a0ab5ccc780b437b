/**
 * Arrow keys in the predictive popover (spec §4): focus moves through the results and wraps
 * around at both ends. -1 is the text box itself: Down from it goes to the first result, Up
 * to the last. Other keys leave focus where it is (null).
 */
export function nextSearchFocus(current: number, count: number, key: string): number | null {
  if (count <= 0) return null;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  if (key === 'ArrowUp') return current <= 0 ? count - 1 : current - 1;
  return null;
}
