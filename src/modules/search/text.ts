/**
 * Query words, the tsquery built from them, and Algolia-style highlighting (_highlightResult,
 * _snippetResult) of attribute values. Highlighting runs on the text the reader may see: the
 * caller passes the preview, never locked text, for a reader without access.
 */

/** Lower case without diacritics: 'José' → 'jose' (as unaccent does in the index). */
export const fold = (s: string): string => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

const WORD = /[\p{L}\p{N}]+/gu;

export interface QueryWords {
  words: string[];
  /** The last word is being typed (no trailing space): matched as a prefix, as Algolia's prefixLast. */
  prefixLast: boolean;
}

export function queryWords(query: string): QueryWords {
  const words = (fold(query).match(WORD) ?? []).slice(0, 10);
  return { words, prefixLast: words.length > 0 && !/\s$/.test(query) };
}

/** to_tsquery input: every word required, the last one as a prefix while typed. Words are letters and digits only. */
export function tsqueryText({ words, prefixLast }: QueryWords): string {
  return words.map((w, i) => `'${w}'${prefixLast && i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

const sharedPrefix = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
};

/** Does a text word match a query word (exact, typed prefix, or the same stem roughly: 'databases' ~ 'database')? */
function matches(token: string, word: string, isPrefix: boolean): boolean {
  if (token === word) return true;
  if (isPrefix && token.startsWith(word)) return true;
  const shared = sharedPrefix(token, word);
  return shared >= 4 && shared >= Math.min(token.length, word.length) - 2;
}

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface HighlightTags {
  pre: string;
  post: string;
}

interface Span {
  start: number;
  end: number;
  word: string | null;
}

function spans(text: string, q: QueryWords): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(WORD)) {
    const token = fold(m[0]);
    const word = q.words.find((w, i) => matches(token, w, q.prefixLast && i === q.words.length - 1)) ?? null;
    out.push({ start: m.index, end: m.index + m[0].length, word });
  }
  return out;
}

function render(text: string, list: Span[], tags: HighlightTags, from = 0, to = text.length): string {
  let out = '';
  let at = from;
  for (const s of list) {
    if (s.word === null || s.start < from || s.end > to) continue;
    out += text.slice(at, s.start) + tags.pre + text.slice(s.start, s.end) + tags.post;
    at = s.end;
  }
  return out + text.slice(at, to);
}

function level(q: QueryWords, matched: Set<string>): HighlightResult['matchLevel'] {
  if (matched.size === 0) return 'none';
  return matched.size === new Set(q.words).size ? 'full' : 'partial';
}

export function highlight(text: string, q: QueryWords, tags: HighlightTags): HighlightResult {
  const list = spans(text, q);
  const matched = new Set(list.flatMap((s) => (s.word ? [s.word] : [])));
  const words = list.length;
  const hit = list.filter((s) => s.word).length;
  return { value: render(text, list, tags), matchLevel: level(q, matched), matchedWords: [...matched], fullyHighlighted: words > 0 && hit === words };
}

/** About `size` words around the first match (or the opening), with the ellipsis where text was cut. */
export function snippet(text: string, q: QueryWords, tags: HighlightTags, size: number, ellipsis: string): Omit<HighlightResult, 'fullyHighlighted' | 'matchedWords'> {
  const list = spans(text, q);
  if (list.length === 0) return { value: '', matchLevel: 'none' };
  const first = Math.max(0, list.findIndex((s) => s.word));
  const startIdx = Math.max(0, Math.min(first - Math.floor(size / 3), list.length - size));
  const endIdx = Math.min(list.length, startIdx + size) - 1;
  const from = startIdx === 0 ? 0 : list[startIdx]!.start;
  const to = endIdx === list.length - 1 ? text.length : list[endIdx]!.end;
  const window = list.slice(startIdx, endIdx + 1);
  const matched = new Set(window.flatMap((s) => (s.word ? [s.word] : [])));
  const value = (from > 0 ? ellipsis : '') + render(text, window, tags, from, to) + (to < text.length ? ellipsis : '');
  return { value, matchLevel: level(q, matched) };
}
