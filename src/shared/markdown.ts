/**
 * A small Markdown reader for the site's own documents (Terms, Privacy): headings, paragraphs,
 * bulleted and numbered lists, block quotes, horizontal rules; bold, italic, code and links
 * inline. It yields a tree of plain strings, never HTML: the page renders it with React, which
 * escapes every character, so HTML written in the file shows as the text it is. Links keep only
 * http(s), mailto and same-site addresses; any other address is shown as plain text.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'quote'; children: Inline[] }
  | { kind: 'rule' };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;

/** The blocks of a Markdown text. */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let quote: string[] = [];

  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    if (quote.length) blocks.push({ kind: 'quote', children: parseInline(quote.join(' ')) });
    paragraph = [];
    list = null;
    quote = [];
  };

  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(heading[2]!) });
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ kind: 'rule' });
      continue;
    }
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (item) {
      const ordered = !BULLET.test(line);
      if (!list || list.ordered !== ordered) {
        flush();
        list = { ordered, items: [] };
      }
      list.items.push(item[1]!);
      continue;
    }
    const quoted = QUOTE.exec(line);
    if (quoted) {
      if (!quote.length) flush();
      quote.push(quoted[1]!);
      continue;
    }
    // A line under a list item continues it; under a quote, the quote; otherwise the paragraph.
    if (list) list.items[list.items.length - 1] += ` ${line.trim()}`;
    else if (quote.length) quote.push(line.trim());
    else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** Addresses a link may keep: the web, email, and this site's own paths and anchors. */
export function isSafeHref(href: string): boolean {
  if (/^\/(?!\/)/.test(href) || href.startsWith('#')) return !/[\s\\]/.test(href);
  return /^(https?:\/\/[^\s/?#\\]+|mailto:[^\s]+)/i.test(href) && URL.canParse(href);
}

const INLINE = /\\([\\`*_[\]()#+\-.!>])|`([^`]+)`|\*\*(?=\S)([\s\S]*?\S)\*\*|__(?=\S)([\s\S]*?\S)__|\*(?=\S)([\s\S]*?\S)\*|_(?=\S)([\s\S]*?\S)_(?![A-Za-z0-9])|\[([^\]]*)\]\(\s*([^\s)]*)\s*\)/g;

/** Bold, italic, code and links in a line of text; everything else is text as written. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pushText = (t: string) => {
    if (!t) return;
    const last = out[out.length - 1];
    if (last?.kind === 'text') last.text += t;
    else out.push({ kind: 'text', text: t });
  };
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    pushText(text.slice(at, m.index));
    at = m.index + m[0].length;
    const [, escaped, code, strong1, strong2, em1, em2, label, href] = m;
    if (escaped !== undefined) pushText(escaped);
    else if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (strong1 !== undefined || strong2 !== undefined) out.push({ kind: 'strong', children: parseInline(strong1 ?? strong2!) });
    else if (em1 !== undefined || em2 !== undefined) out.push({ kind: 'em', children: parseInline(em1 ?? em2!) });
    else if (label !== undefined && href !== undefined && isSafeHref(href)) out.push({ kind: 'link', href, children: parseInline(label) });
    else out.push(...parseInline(label ?? ''));
  }
  pushText(text.slice(at));
  return out;
}

/** The text of the first level-1 heading, if the document starts with one (the page's title). */
export function documentTitle(blocks: Block[]): string | null {
  const first = blocks[0];
  return first?.kind === 'heading' && first.level === 1 ? plainText(first.children) : null;
}

export function plainText(inlines: Inline[]): string {
  return inlines.map((i) => (i.kind === 'text' || i.kind === 'code' ? i.text : plainText(i.children))).join('');
}
