/**
 * A hit's highlighted value (`_highlightResult.x.value`: escaped text with <em> around the
 * matched words) as plain parts, so it renders as React text and never as HTML.
 */
export interface HighlightPart {
  text: string;
  match: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (m) => ENTITIES[m] ?? m);

export function highlightParts(value: string | null | undefined, fallback = ''): HighlightPart[] {
  if (!value) return fallback ? [{ text: fallback, match: false }] : [];
  const parts: HighlightPart[] = [];
  let match = false;
  for (const piece of value.split(/(<\/?em>)/)) {
    if (piece === '<em>') match = true;
    else if (piece === '</em>') match = false;
    else if (piece) parts.push({ text: decode(piece), match });
  }
  return parts;
}
