import { describe, expect, it } from 'vitest';
import { nextSearchFocus } from './search-keyboard';

describe('arrow keys in the predictive popover (spec §4)', () => {
  it('goes down through the results and wraps to the first', () => {
    const seen: number[] = [];
    let at = -1;
    for (let i = 0; i < 5; i++) seen.push((at = nextSearchFocus(at, 3, 'ArrowDown')!));
    expect(seen).toEqual([0, 1, 2, 0, 1]);
  });

  it('goes up and wraps to the last, from the box too', () => {
    expect(nextSearchFocus(-1, 3, 'ArrowUp')).toBe(2);
    expect(nextSearchFocus(0, 3, 'ArrowUp')).toBe(2);
    expect(nextSearchFocus(2, 3, 'ArrowUp')).toBe(1);
  });

  it('does nothing without results or for other keys', () => {
    expect(nextSearchFocus(-1, 0, 'ArrowDown')).toBeNull();
    expect(nextSearchFocus(1, 3, 'Enter')).toBeNull();
  });
});
