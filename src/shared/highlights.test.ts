import { describe, expect, it } from 'vitest';
import { anchorHighlight, markedPieces, normalizeHighlightRange } from './highlights';

describe('normalizeHighlightRange', () => {
  const text = '  Hello, world.  Emoji 😀!';
  it('trims surrounding white space', () => {
    expect(normalizeHighlightRange(text, 0, 16)).toEqual({ start: 2, end: 15 });
  });
  it('refuses ranges outside the text, empty or reversed, or not whole numbers', () => {
    for (const [s, e] of [[-1, 3], [0, 99], [4, 4], [5, 2], [1.5, 3]] as const) expect(normalizeHighlightRange(text, s, e)).toHaveProperty('error');
  });
  it('refuses a range that cuts a character in two', () => {
    const emoji = text.indexOf('😀');
    expect(normalizeHighlightRange(text, emoji + 1, emoji + 3)).toEqual({ error: 'The offsets cut a character in two.' });
    expect(normalizeHighlightRange(text, emoji - 6, emoji + 1)).toEqual({ error: 'The offsets cut a character in two.' });
    expect(normalizeHighlightRange(text, emoji, emoji + 2)).toEqual({ start: emoji, end: emoji + 2 });
  });
  it('refuses white space alone', () => {
    expect(normalizeHighlightRange(text, 0, 2)).toEqual({ error: 'There is nothing to highlight but white space.' });
  });
});

describe('anchorHighlight', () => {
  it('keeps the range while the text there is the same, finds moved text, drops vanished text', () => {
    expect(anchorHighlight('The quick fox', { start: 4, end: 9 }, 'quick')).toEqual({ start: 4, end: 9 });
    expect(anchorHighlight('Now the quick fox', { start: 4, end: 9 }, 'quick')).toEqual({ start: 8, end: 13 });
    expect(anchorHighlight('The slow fox', { start: 4, end: 9 }, 'quick')).toBeNull();
  });
});

describe('markedPieces', () => {
  it('cuts a leaf at the boundaries of the ranges over it', () => {
    // The leaf 'cdefgh' sits at offset 2 of its paragraph.
    const ranges = [
      { start: 0, end: 4, value: 'a' },
      { start: 3, end: 6, value: 'b' },
      { start: 9, end: 12, value: 'c' },
    ];
    expect(markedPieces('cdefgh', 2, ranges)).toEqual([
      { text: 'c', at: 2, covering: ['a'] },
      { text: 'd', at: 3, covering: ['a', 'b'] },
      { text: 'ef', at: 4, covering: ['b'] },
      { text: 'gh', at: 6, covering: [] },
    ]);
  });
  it('leaves a leaf without ranges whole', () => {
    expect(markedPieces('abc', 10, [])).toEqual([{ text: 'abc', at: 10, covering: [] }]);
  });
});
