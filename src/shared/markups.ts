/**
 * Inline markups (bold, italic, code, links) are stored as character ranges over a
 * paragraph's plain text (src/shared/paragraphs.ts). Ranges may overlap in any way
 * (bold 0-10 and italic 5-15), so a renderer cannot map them one-to-one to elements.
 * This module turns them into something a renderer can walk:
 *
 * - `splitMarkups` cuts the text at every range boundary into flat segments, each
 *   carrying the markups that cover it;
 * - `buildMarkupTree` regroups those segments into properly nested nodes, opening each
 *   markup as few times as possible (a link over a partly bold sentence stays one link).
 *
 * Indexes are UTF-16 code units, like JavaScript string indexes; a boundary that falls
 * inside a surrogate pair is moved past it so no segment holds half a character.
 */
import { MARKUP_TYPES, type Markup, type MarkupType } from './paragraphs.js';

export interface MarkupSegment {
  text: string;
  /** Outermost first; at most one markup per type. */
  marks: Markup[];
}

export type MarkupNode = string | { mark: Markup; children: MarkupNode[] };

/**
 * When two markups cover exactly the same range, the one earlier in this list wraps the
 * other: a link around bold text, never bold text around half a link.
 */
const NESTING_PRIORITY: Record<MarkupType, number> = { A: 0, STRONG: 1, EM: 2, CODE: 3 };

const MARKUP_TYPE_SET: ReadonlySet<string> = new Set(MARKUP_TYPES);

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Clamps an index into [0, length] and off the middle of a surrogate pair. */
function clampIndex(text: string, index: number): number {
  let i = Math.min(Math.max(Math.trunc(index), 0), text.length);
  if (i > 0 && i < text.length && isHighSurrogate(text.charCodeAt(i - 1)) && isLowSurrogate(text.charCodeAt(i))) {
    i += 1;
  }
  return i;
}

interface RangedMarkup {
  markup: Markup;
  start: number;
  end: number;
  order: number;
}

/** Markups with a known type and a non-empty range after clamping, in nesting order. */
function normalizeMarkups(text: string, markups: readonly Markup[] | undefined): RangedMarkup[] {
  const out: RangedMarkup[] = [];
  (markups ?? []).forEach((markup, order) => {
    if (!markup || !MARKUP_TYPE_SET.has(markup.type)) return;
    if (!Number.isFinite(markup.start) || !Number.isFinite(markup.end)) return;
    const start = clampIndex(text, markup.start);
    const end = clampIndex(text, markup.end);
    if (start >= end) return;
    out.push({ markup, start, end, order });
  });
  // A global order that every segment shares makes the regrouping in buildMarkupTree
  // consistent: whoever starts earlier (or, from the same start, ends later) is outside.
  out.sort(
    (a, b) =>
      a.start - b.start ||
      b.end - a.end ||
      NESTING_PRIORITY[a.markup.type] - NESTING_PRIORITY[b.markup.type] ||
      a.order - b.order,
  );
  return out;
}

/**
 * Splits `text` at every markup boundary. Segments cover the whole text in order (their
 * texts concatenate back to `text`); empty or out-of-range markups are ignored, partly
 * out-of-range ones are clamped to the text. Within a segment a markup type appears once
 * (overlapping bolds are one bold; a link inside a link keeps the outer one).
 */
export function splitMarkups(text: string, markups: readonly Markup[] | undefined): MarkupSegment[] {
  if (text.length === 0) return [];
  const ranged = normalizeMarkups(text, markups);
  const cuts = new Set<number>([0, text.length]);
  for (const r of ranged) {
    cuts.add(r.start);
    cuts.add(r.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: MarkupSegment[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i];
    const to = points[i + 1];
    const seen = new Set<MarkupType>();
    const marks: Markup[] = [];
    for (const r of ranged) {
      if (r.start <= from && r.end >= to && !seen.has(r.markup.type)) {
        seen.add(r.markup.type);
        marks.push(r.markup);
      }
    }
    segments.push({ text: text.slice(from, to), marks });
  }
  return segments;
}

/**
 * Nests the segments of `splitMarkups` into a tree: consecutive segments that share their
 * outermost markup are wrapped once. Overlapping ranges that cannot nest are split, e.g.
 * bold 0-10 + italic 5-15 gives <b>01234<i>56789</i></b><i>abcde</i>.
 */
export function buildMarkupTree(text: string, markups: readonly Markup[] | undefined): MarkupNode[] {
  return group(splitMarkups(text, markups), 0);
}

function group(segments: MarkupSegment[], depth: number): MarkupNode[] {
  const nodes: MarkupNode[] = [];
  let i = 0;
  while (i < segments.length) {
    const mark = segments[i].marks[depth];
    if (!mark) {
      nodes.push(segments[i].text);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < segments.length && segments[j].marks[depth] === mark) j++;
    nodes.push({ mark, children: group(segments.slice(i, j), depth + 1) });
    i = j;
  }
  return nodes;
}

const SAFE_LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The href a reader may follow, or null: only absolute http(s) and mailto URLs
 * (no javascript:, data:, relative or protocol-relative links in user content).
 */
export function safeLinkHref(href: string | undefined | null): string | null {
  if (typeof href !== 'string') return null;
  const trimmed = href.trim();
  // Control characters and whitespace inside a scheme are how filters get bypassed.
  if (trimmed === '' || /[\u0000-\u001f\u007f]/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!SAFE_LINK_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && url.hostname === '') return null;
  return url.href;
}
