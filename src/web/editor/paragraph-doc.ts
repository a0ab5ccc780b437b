/**
 * The story content model (src/shared/paragraphs.ts) ⇄ the editor's document (Tiptap /
 * ProseMirror JSON). Pure functions, no editor code: the server never needs them and the
 * tests run them in Node.
 *
 * One paragraph is one block of the editor, except lists: consecutive ULI (or OLI)
 * paragraphs are the items of one bulletList (orderedList), one paragraph per item.
 *
 * | paragraph            | editor node                                          |
 * |----------------------|------------------------------------------------------|
 * | P                    | paragraph                                            |
 * | H1 H2 H3 H4          | heading, level 1-4 (the editor makes H3 and H4 only) |
 * | BQ / PQ              | blockquote / pullquote (text blocks)                 |
 * | PRE                  | codeBlock, language = codeBlockMetadata.lang         |
 * | ULI / OLI            | bulletList / orderedList > listItem > paragraph      |
 * | HR                   | horizontalRule                                       |
 * | IMG                  | image (caption as content, metadata and layout attrs)|
 * | IFRAME               | embed (caption as content, src/size/title attrs)     |
 * | MIXTAPE_EMBED        | mixtape (an atom; the card and its text in attrs)    |
 *
 * Headings: the spec's H1-H4 map to heading levels 1-4 one to one, so nothing is lost;
 * like Medium's editor, the shortcuts and the toolbar only make the large heading (H3,
 * `# `) and the small one (H4, `## `). H1 and H2 come from imports and read as large.
 *
 * Markups: STRONG ⇄ bold, EM ⇄ italic, CODE ⇄ code, A ⇄ link (href). A line break inside
 * a paragraph is a hardBreak node and '\n' in the text (it carries the marks around it,
 * so a bold run across a break stays one markup). Markups come out canonical: one range
 * per run of the same mark (overlapping or touching ranges of the same type and href
 * merge), sorted by start, end, then A, STRONG, EM, CODE. CODE inside a code block is
 * dropped (the whole block is code).
 *
 * Names: every block keeps its paragraph's name; a missing or repeated name gets a new
 * unique one (4 hex chars). The editor keeps names across edits (see extensions.ts).
 */
import type { JSONContent } from '@tiptap/core';
import { splitMarkups } from '../../shared/markups.js';
import type { ImageLayout, ImageMetadata, Markup, MarkupType, Paragraph, ParagraphType } from '../../shared/paragraphs.js';

/** Node and mark names of the editor schema (extensions.ts builds the schema with them). */
export const NODE = {
  doc: 'doc',
  paragraph: 'paragraph',
  heading: 'heading',
  blockquote: 'blockquote',
  pullquote: 'pullquote',
  codeBlock: 'codeBlock',
  bulletList: 'bulletList',
  orderedList: 'orderedList',
  listItem: 'listItem',
  horizontalRule: 'horizontalRule',
  image: 'image',
  embed: 'embed',
  mixtape: 'mixtape',
  text: 'text',
  hardBreak: 'hardBreak',
} as const;

export const MARK = { bold: 'bold', italic: 'italic', code: 'code', link: 'link' } as const;

const MARK_OF_MARKUP: Record<MarkupType, string> = { STRONG: MARK.bold, EM: MARK.italic, CODE: MARK.code, A: MARK.link };
const MARKUP_OF_MARK: Record<string, MarkupType> = { bold: 'STRONG', italic: 'EM', code: 'CODE', link: 'A' };
const MARKUP_ORDER: Record<MarkupType, number> = { A: 0, STRONG: 1, EM: 2, CODE: 3 };

export const IMAGE_LAYOUTS: readonly ImageLayout[] = ['INSET_CENTER', 'OUTSET_CENTER', 'FULL_WIDTH'];

const NAME_PATTERN = /^[0-9a-f]{4}$/;

function randomHex4(): string {
  const bytes = new Uint8Array(2);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < 2; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A paragraph name not in `taken` (4 hex chars), which it then adds to `taken`. */
export function newParagraphName(taken: Set<string>): string {
  for (let i = 0; i < 10_000; i++) {
    const name = randomHex4();
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  // 65,536 names in one story: go longer rather than loop forever.
  let name = randomHex4() + randomHex4();
  while (taken.has(name)) name = randomHex4() + randomHex4();
  taken.add(name);
  return name;
}

export const isParagraphName = (name: unknown): name is string => typeof name === 'string' && NAME_PATTERN.test(name);

/** Names the server accepts (an imported story may bring longer ones than the editor makes). */
const STORABLE_NAME = /^[A-Za-z0-9_-]{1,32}$/;

/** `name` when it is usable and not taken yet, else a new one; either way it is now taken. */
function claimName(name: unknown, taken: Set<string>): string {
  if (typeof name === 'string' && STORABLE_NAME.test(name) && !taken.has(name)) {
    taken.add(name);
    return name;
  }
  return newParagraphName(taken);
}

/** One range per run of each mark, sorted (see the module comment). */
export function canonicalMarkups(text: string, markups: readonly Markup[] | undefined): Markup[] {
  const byKey = new Map<string, Markup[]>();
  for (const m of markups ?? []) {
    if (!m || !(m.type in MARKUP_ORDER)) continue;
    const start = Math.max(0, Math.min(m.start, text.length));
    const end = Math.max(0, Math.min(m.end, text.length));
    if (!(start < end)) continue;
    const key = `${m.type}\u0000${m.type === 'A' ? (m.href ?? '') : ''}`;
    const list = byKey.get(key) ?? [];
    list.push(m.type === 'A' ? { type: 'A', start, end, href: m.href ?? '' } : { type: m.type, start, end });
    byKey.set(key, list);
  }
  const out: Markup[] = [];
  for (const list of byKey.values()) {
    list.sort((a, b) => a.start - b.start);
    let current: Markup | null = null;
    for (const m of list) {
      if (current && m.start <= current.end) current.end = Math.max(current.end, m.end);
      else {
        current = { ...m };
        out.push(current);
      }
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end || MARKUP_ORDER[a.type] - MARKUP_ORDER[b.type] || (a.href ?? '').localeCompare(b.href ?? ''));
}

type DocMark = NonNullable<JSONContent['marks']>[number];

function markOf(m: Markup): DocMark {
  return m.type === 'A' ? { type: MARK.link, attrs: { href: m.href ?? '' } } : { type: MARK_OF_MARKUP[m.type] };
}

/** A paragraph's text and markups as inline editor content (text, hardBreak). */
export function textToInline(text: string, markups: readonly Markup[] | undefined, opts: { codeBlock?: boolean } = {}): JSONContent[] {
  const kept = opts.codeBlock ? (markups ?? []).filter((m) => m.type !== 'CODE') : markups;
  const out: JSONContent[] = [];
  for (const segment of splitMarkups(text, kept)) {
    const marks = segment.marks.map(markOf);
    const withMarks = (node: JSONContent): JSONContent => (marks.length ? { ...node, marks } : node);
    if (opts.codeBlock) {
      out.push(withMarks({ type: NODE.text, text: segment.text }));
      continue;
    }
    segment.text.split('\n').forEach((part, i) => {
      if (i > 0) out.push(withMarks({ type: NODE.hardBreak }));
      if (part) out.push(withMarks({ type: NODE.text, text: part }));
    });
  }
  return out;
}

/** Inline editor content back to text and canonical markups. */
export function inlineToText(content: readonly JSONContent[] | undefined): { text: string; markups: Markup[] } {
  let text = '';
  const open = new Map<string, Markup>();
  const markups: Markup[] = [];
  for (const node of content ?? []) {
    const piece = node.type === NODE.text ? (node.text ?? '') : node.type === NODE.hardBreak ? '\n' : '';
    if (!piece) continue;
    const start = text.length;
    text += piece;
    for (const mark of node.marks ?? []) {
      const type = MARKUP_OF_MARK[mark.type];
      if (!type) continue;
      const href = type === 'A' ? String(mark.attrs?.href ?? '') : undefined;
      const key = `${type}\u0000${href ?? ''}`;
      const current = open.get(key);
      if (current && current.end === start) current.end = text.length;
      else {
        const markup: Markup = href === undefined ? { type, start, end: text.length } : { type, start, end: text.length, href };
        open.set(key, markup);
        markups.push(markup);
      }
    }
  }
  return { text, markups: canonicalMarkups(text, markups) };
}

const HEADING_LEVEL: Partial<Record<ParagraphType, number>> = { H1: 1, H2: 2, H3: 3, H4: 4 };

function textBlock(type: string, p: Paragraph, name: string, attrs: Record<string, unknown> = {}): JSONContent {
  const content = textToInline(p.text ?? '', p.markups, { codeBlock: type === NODE.codeBlock });
  return { type, attrs: { name, ...attrs }, ...(content.length ? { content } : {}) };
}

function blockOf(p: Paragraph, name: string): JSONContent {
  switch (p.type) {
    case 'H1':
    case 'H2':
    case 'H3':
    case 'H4':
      return textBlock(NODE.heading, p, name, { level: HEADING_LEVEL[p.type] });
    case 'BQ':
      return textBlock(NODE.blockquote, p, name);
    case 'PQ':
      return textBlock(NODE.pullquote, p, name);
    case 'PRE':
      return textBlock(NODE.codeBlock, p, name, { language: p.codeBlockMetadata?.lang || null });
    case 'HR':
      return { type: NODE.horizontalRule, attrs: { name } };
    case 'IMG': {
      const m = p.metadata;
      return textBlock(NODE.image, p, name, {
        imageId: m?.id ?? null,
        alt: m?.alt ?? null,
        width: m?.originalWidth ?? null,
        height: m?.originalHeight ?? null,
        focusX: m?.focusPercentX ?? null,
        focusY: m?.focusPercentY ?? null,
        layout: IMAGE_LAYOUTS.includes(p.layout as ImageLayout) ? p.layout : 'INSET_CENTER',
      });
    }
    case 'IFRAME':
      return textBlock(NODE.embed, p, name, {
        src: p.iframe?.src ?? '',
        width: p.iframe?.width ?? null,
        height: p.iframe?.height ?? null,
        title: p.iframe?.title ?? '',
      });
    case 'MIXTAPE_EMBED': {
      const m = p.mixtapeMetadata;
      return {
        type: NODE.mixtape,
        attrs: {
          name,
          href: m?.href ?? '',
          title: m?.title ?? '',
          description: m?.description ?? '',
          thumbnailImageId: m?.thumbnailImageId ?? null,
          text: p.text ?? '',
          markups: canonicalMarkups(p.text ?? '', p.markups),
        },
      };
    }
    case 'P':
    default:
      return textBlock(NODE.paragraph, p, name);
  }
}

/** The editor document of a story body; an empty body is one empty paragraph. */
export function paragraphsToDoc(paragraphs: readonly Paragraph[]): JSONContent {
  const taken = new Set<string>();
  const content: JSONContent[] = [];
  let list: JSONContent | null = null;
  for (const p of paragraphs) {
    const name = claimName(p.name, taken);
    if (p.type === 'ULI' || p.type === 'OLI') {
      const listType = p.type === 'ULI' ? NODE.bulletList : NODE.orderedList;
      if (!list || list.type !== listType) {
        list = { type: listType, content: [] };
        content.push(list);
      }
      list.content!.push({ type: NODE.listItem, content: [textBlock(NODE.paragraph, p, name)] });
      continue;
    }
    list = null;
    content.push(blockOf(p, name));
  }
  if (content.length === 0) content.push({ type: NODE.paragraph, attrs: { name: newParagraphName(taken) } });
  return { type: NODE.doc, content };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function paragraphOf(type: ParagraphType, node: JSONContent, name: string): Paragraph {
  const { text, markups } = inlineToText(node.content);
  return { name, type, text, markups };
}

function imageParagraph(node: JSONContent, name: string): Paragraph {
  const a = node.attrs ?? {};
  const metadata: ImageMetadata = { id: str(a.imageId), originalWidth: num(a.width) ?? 0, originalHeight: num(a.height) ?? 0 };
  if (str(a.alt)) metadata.alt = str(a.alt);
  if (num(a.focusX) !== undefined) metadata.focusPercentX = num(a.focusX);
  if (num(a.focusY) !== undefined) metadata.focusPercentY = num(a.focusY);
  const layout = IMAGE_LAYOUTS.includes(a.layout as ImageLayout) ? (a.layout as ImageLayout) : 'INSET_CENTER';
  return { ...paragraphOf('IMG', node, name), layout, metadata };
}

function blockToParagraphs(node: JSONContent, taken: Set<string>): Paragraph[] {
  const name = () => claimName(node.attrs?.name, taken);
  switch (node.type) {
    case NODE.paragraph:
      return [paragraphOf('P', node, name())];
    case NODE.heading: {
      const level = Math.min(4, Math.max(1, num(node.attrs?.level) ?? 3));
      return [paragraphOf(`H${level}` as ParagraphType, node, name())];
    }
    case NODE.blockquote:
      return [paragraphOf('BQ', node, name())];
    case NODE.pullquote:
      return [paragraphOf('PQ', node, name())];
    case NODE.codeBlock: {
      const p = paragraphOf('PRE', node, name());
      const lang = str(node.attrs?.language).trim();
      return [lang ? { ...p, codeBlockMetadata: { lang } } : p];
    }
    case NODE.bulletList:
    case NODE.orderedList: {
      const type: ParagraphType = node.type === NODE.bulletList ? 'ULI' : 'OLI';
      // An item holds one paragraph; anything else a paste left in it becomes its text.
      return (node.content ?? []).flatMap((item) =>
        (item.content ?? []).map((block) => paragraphOf(type, block, claimName(block.attrs?.name, taken))),
      );
    }
    case NODE.horizontalRule:
      return [{ name: name(), type: 'HR', text: '', markups: [] }];
    case NODE.image: {
      // An image still uploading has no id yet: it is saved once the upload answers.
      if (!str(node.attrs?.imageId)) return [];
      return [imageParagraph(node, name())];
    }
    case NODE.embed: {
      const a = node.attrs ?? {};
      return [{ ...paragraphOf('IFRAME', node, name()), iframe: { src: str(a.src), width: num(a.width) ?? 0, height: num(a.height) ?? 0, title: str(a.title) } }];
    }
    case NODE.mixtape: {
      const a = node.attrs ?? {};
      const text = str(a.text);
      const mixtapeMetadata: NonNullable<Paragraph['mixtapeMetadata']> = { href: str(a.href), title: str(a.title), description: str(a.description) };
      if (str(a.thumbnailImageId)) mixtapeMetadata.thumbnailImageId = str(a.thumbnailImageId);
      return [{ name: name(), type: 'MIXTAPE_EMBED', text, markups: canonicalMarkups(text, Array.isArray(a.markups) ? a.markups : []), mixtapeMetadata }];
    }
    default:
      return [];
  }
}

/**
 * The story body of an editor document. Empty paragraphs at the end are dropped (the
 * editor always keeps a line to type on), and so is an image still uploading.
 */
export function docToParagraphs(doc: JSONContent): Paragraph[] {
  const taken = new Set<string>();
  const paragraphs = (doc.content ?? []).flatMap((block) => blockToParagraphs(block, taken));
  while (paragraphs.length > 0) {
    const last = paragraphs[paragraphs.length - 1];
    if (last.type !== 'P' || last.text !== '') break;
    paragraphs.pop();
  }
  return paragraphs;
}
