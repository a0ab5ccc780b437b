/**
 * Highlights (quotes): a reader's selection in a story, anchored to one paragraph by its
 * name and a range [start, end) of its plain text in UTF-16 code units, like markups
 * (src/shared/markups.ts). Shared by the server (validation) and the browser (selection,
 * rendering).
 */
import type { ParagraphType } from './paragraphs.js';

/** Paragraphs of running text; code, images, embeds and rules are not highlighted. */
export const HIGHLIGHTABLE_TYPES: ReadonlySet<ParagraphType> = new Set<ParagraphType>(['P', 'H1', 'H2', 'H3', 'H4', 'BQ', 'PQ', 'ULI', 'OLI']);

/** A reader keeps at most this many highlights in one story. */
export const MAX_HIGHLIGHTS_PER_STORY = 100;

/** A passage counts as the story's top highlight once this many readers (not the author) highlighted it. */
export const TOP_HIGHLIGHT_MIN_READERS = 2;

export interface TextRange {
  start: number;
  end: number;
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isSpace = (ch: string) => /\s/.test(ch);

/**
 * The range a reader may highlight in `text`: whole numbers within the text, not cutting a
 * character in two, with surrounding white space left out (so two readers dragging over the
 * same sentence from slightly different places highlight the same passage). An error
 * message when nothing is left.
 */
export function normalizeHighlightRange(text: string, start: number, end: number): TextRange | { error: string } {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > text.length || start >= end) {
    return { error: `The offsets must satisfy 0 <= startOffset < endOffset <= ${text.length} (the paragraph's length).` };
  }
  if ((start > 0 && isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) || (end < text.length && isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1)))) {
    return { error: 'The offsets cut a character in two.' };
  }
  let s = start;
  let e = end;
  while (s < e && isSpace(text[s]!)) s++;
  while (e > s && isSpace(text[e - 1]!)) e--;
  if (s === e) return { error: 'There is nothing to highlight but white space.' };
  return { start: s, end: e };
}

/**
 * Where a saved highlight sits in the paragraph as it reads now: its own range when the
 * text there is unchanged, else the first place the quoted text appears (the author edited
 * around it), else nowhere (the passage is gone).
 */
export function anchorHighlight(paragraphText: string, range: TextRange, quotedText: string): TextRange | null {
  if (paragraphText.slice(range.start, range.end) === quotedText) return { start: range.start, end: range.end };
  if (!quotedText) return null;
  const at = paragraphText.indexOf(quotedText);
  return at < 0 ? null : { start: at, end: at + quotedText.length };
}

/** A range to mark in a paragraph, carrying what the renderer needs (its kind, its quote). */
export interface MarkedRange<T> extends TextRange {
  value: T;
}

export interface MarkedPiece<T> {
  text: string;
  /** Offset of the piece in the paragraph's text. */
  at: number;
  /** The ranges covering the whole piece, in the order given. */
  covering: T[];
}

/**
 * Cuts `text`, found at offset `at` of its paragraph, at every range boundary inside it,
 * so each piece is covered by the same ranges throughout (overlapping ranges nest fine).
 */
export function markedPieces<T>(text: string, at: number, ranges: readonly MarkedRange<T>[]): MarkedPiece<T>[] {
  const end = at + text.length;
  const cuts = new Set<number>([at, end]);
  for (const r of ranges) {
    if (r.start > at && r.start < end) cuts.add(r.start);
    if (r.end > at && r.end < end) cuts.add(r.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: MarkedPiece<T>[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i]!;
    const to = points[i + 1]!;
    pieces.push({ text: text.slice(from - at, to - at), at: from, covering: ranges.filter((r) => r.start <= from && r.end >= to).map((r) => r.value) });
  }
  return pieces;
}
