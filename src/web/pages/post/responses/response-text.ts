/**
 * The light response editor is a contentEditable area (no editor library on the reading
 * path). What the browser builds there is read back into the paragraph model: blocks
 * (p, div, li…) and line breaks end paragraphs; b/strong and i/em (or a span the browser
 * styled bold or italic) become STRONG and EM markups. Everything else keeps its text only.
 */

export interface ParagraphInputValue {
  name: string;
  type: 'P';
  text: string;
  markups: { type: 'STRONG' | 'EM'; start: number; end: number }[];
}

type Mark = 'STRONG' | 'EM';

const BLOCK_TAGS = new Set(['P', 'DIV', 'LI', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'SECTION', 'ARTICLE']);
const BOLD_TAGS = new Set(['B', 'STRONG']);
const ITALIC_TAGS = new Set(['I', 'EM']);

interface Run {
  text: string;
  marks: ReadonlySet<Mark>;
}

function marksOf(el: Element, inherited: ReadonlySet<Mark>): ReadonlySet<Mark> {
  const out = new Set(inherited);
  const style = (el as HTMLElement).style;
  const weight = style?.fontWeight ?? '';
  if (BOLD_TAGS.has(el.tagName) || weight === 'bold' || Number(weight) >= 600) out.add('STRONG');
  if (ITALIC_TAGS.has(el.tagName) || style?.fontStyle === 'italic') out.add('EM');
  // A span set back to normal inside bold text (the browser's way to unbold part of it).
  if (weight === 'normal' || (weight !== '' && Number(weight) > 0 && Number(weight) < 600)) out.delete('STRONG');
  if (style?.fontStyle === 'normal') out.delete('EM');
  return out;
}

/** Paragraphs of runs, in document order. */
function collectRuns(root: Node): Run[][] {
  const paragraphs: Run[][] = [];
  let current: Run[] = [];
  const flush = () => {
    paragraphs.push(current);
    current = [];
  };
  const walk = (node: Node, marks: ReadonlySet<Mark>) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        current.push({ text: child.nodeValue ?? '', marks });
      } else if (child.nodeType === 1) {
        const el = child as Element;
        if (el.tagName === 'BR') {
          flush();
        } else if (BLOCK_TAGS.has(el.tagName)) {
          if (current.length) flush();
          walk(el, marksOf(el, marks));
          if (current.length) flush();
        } else {
          walk(el, marksOf(el, marks));
        }
      }
    }
  };
  walk(root, new Set());
  if (current.length) flush();
  return paragraphs;
}

/** Joins runs into text and markup ranges, trimmed, with spaces as the browser wrote them. */
function toParagraph(runs: Run[]): { text: string; markups: ParagraphInputValue['markups'] } {
  let text = '';
  const spans: { mark: Mark; start: number; end: number }[] = [];
  for (const run of runs) {
    // Line breaks inside a text node are layout, not content; NBSP is the browser's space.
    const t = run.text.replace(/[\r\n]+/g, ' ').replace(/\u00a0/g, ' ');
    const start = text.length;
    text += t;
    for (const mark of run.marks) {
      const last = [...spans].reverse().find((s) => s.mark === mark);
      if (last && last.end === start) last.end = text.length;
      else if (t.length) spans.push({ mark, start, end: text.length });
    }
  }
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const markups = spans
    .map((s) => ({ type: s.mark, start: Math.max(0, s.start - lead), end: Math.min(trimmed.length, s.end - lead) }))
    .filter((m) => m.end > m.start && trimmed.slice(m.start, m.end).trim() !== '');
  return { text: trimmed, markups };
}

/** A fresh paragraph name: 4 hex characters, unique in the response. */
function nameFor(taken: Set<string>): string {
  for (;;) {
    const name = Math.floor(Math.random() * 0x10000)
      .toString(16)
      .padStart(4, '0');
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

/** The editor's content as paragraphs (P), blank ones left out. */
export function paragraphsFromEditor(root: Node): ParagraphInputValue[] {
  const taken = new Set<string>();
  return collectRuns(root)
    .map(toParagraph)
    .filter((p) => p.text !== '')
    .map((p) => ({ name: nameFor(taken), type: 'P' as const, ...p }));
}

/** Whether the editor holds any text (drives the Respond button). */
export function editorHasText(root: Node): boolean {
  return (root.textContent ?? '').replace(/\u00a0/g, ' ').trim() !== '';
}
