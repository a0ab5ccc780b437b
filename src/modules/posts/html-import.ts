/**
 * An HTML page or fragment as a story (/p/import): headings, paragraphs, lists, quotes,
 * code blocks, images, dividers, and bold, italic, code and links inside them, turned into
 * the paragraph model. Everything else (scripts, styles, navigation, forms, embeds) is
 * dropped; only text and safe links survive, so the result needs no further cleaning and
 * is checked like any save.
 *
 * Also reads a page's OpenGraph card (og:title, og:description, og:image) for link previews.
 */
import { parseDocument } from 'htmlparser2';
import { randomBytes } from 'node:crypto';
import { safeLinkHref } from '../../shared/markups.js';
import type { ImageMetadata, Markup, MarkupType, Paragraph, ParagraphType } from '../../shared/paragraphs.js';
import { STORY_LIMITS } from '../../shared/story-limits.js';

type Doc = ReturnType<typeof parseDocument>;
type Node = Doc['children'][number];
interface El {
  type: string;
  name: string;
  attribs: Record<string, string>;
  children: Node[];
}

const isElement = (n: Node): n is Node & El => n.type === 'tag' || n.type === 'script' || n.type === 'style';
const isText = (n: Node): n is Node & { data: string } => n.type === 'text';

/** Never part of a story's text. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'nav', 'footer', 'aside', 'form', 'button', 'select', 'textarea', 'iframe', 'object', 'embed', 'svg', 'canvas', 'video', 'audio', 'dialog', 'menu']);
const HEADINGS: Record<string, ParagraphType> = { h1: 'H3', h2: 'H3', h3: 'H4', h4: 'H4', h5: 'H4', h6: 'H4' };
const INLINE_MARKUP: Record<string, MarkupType> = { strong: 'STRONG', b: 'STRONG', em: 'EM', i: 'EM', code: 'CODE', kbd: 'CODE', samp: 'CODE', tt: 'CODE' };
/** Elements that hold blocks rather than words; text directly inside becomes its own paragraph. */
const CONTAINERS = new Set(['html', 'body', 'article', 'main', 'section', 'div', 'header', 'hgroup', 'center', 'details', 'summary', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'dl', 'dd', 'dt', 'address']);

export interface ImportedImage {
  /** Absolute http(s) URL of the image. */
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export interface HtmlImportOptions {
  /** The page's address: relative links and images resolve against it. */
  baseUrl?: string;
  /** Turns an <img> into stored image metadata, or null to leave the image out. */
  resolveImage?: (image: ImportedImage) => Promise<ImageMetadata | null>;
}

export interface ImportedStory {
  title: string;
  subtitle: string;
  paragraphs: Paragraph[];
  /** rel=canonical of the page when it names an http(s) URL. */
  canonicalUrl: string | null;
}

/** Paragraph names: 4 hex characters like the editor's, unique in the story. */
function nameMaker(): () => string {
  const used = new Set<string>();
  return () => {
    let name: string;
    do name = randomBytes(2).toString('hex');
    while (used.has(name));
    used.add(name);
    return name;
  };
}

const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text with markups, built while walking inline content; whitespace collapses as a browser shows it. */
class InlineBuilder {
  text = '';
  markups: Markup[] = [];

  append(raw: string, preserve = false): void {
    // Characters a story may not hold (control characters, half surrogate pairs) are dropped.
    const clean = raw.replace(UNSTORABLE, '');
    let t = preserve ? clean : clean.replace(/\s+/g, ' ');
    if (!preserve && t.startsWith(' ') && (this.text === '' || this.text.endsWith(' ') || this.text.endsWith('\n'))) t = t.slice(1);
    this.text += t;
  }

  lineBreak(): void {
    this.text = this.text.replace(/ $/, '') + '\n';
  }

  /** The paragraph text trimmed, with markups moved and clipped to match (empty ones dropped). */
  finish(): { text: string; markups: Markup[] } {
    const lead = this.text.length - this.text.trimStart().length;
    const text = this.text.trim();
    const markups = this.markups
      .map((m) => ({ ...m, start: Math.max(0, m.start - lead), end: Math.min(text.length, m.end - lead) }))
      .filter((m) => m.end > m.start);
    return { text, markups };
  }
}

function attr(el: El, name: string): string {
  return el.attribs[name]?.trim() ?? '';
}

function absolute(href: string, base: string | undefined): string | null {
  if (!href) return null;
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

/** Inline content of `el` into `b`; images met inline are collected for after the paragraph. */
function walkInline(nodes: Node[], b: InlineBuilder, ctx: { base?: string; images: El[] }, inPre = false): void {
  for (const node of nodes) {
    if (isText(node)) b.append(node.data, inPre);
    else if (isElement(node)) {
      if (SKIPPED.has(node.name)) continue;
      if (node.name === 'br') b.lineBreak();
      else if (node.name === 'img') ctx.images.push(node);
      else {
        const start = b.text.length;
        walkInline(node.children, b, ctx, inPre);
        const end = b.text.length;
        const type = INLINE_MARKUP[node.name];
        if (type && !inPre && end > start) b.markups.push({ type, start, end });
        if (node.name === 'a' && end > start) {
          const href = safeLinkHref(absolute(attr(node, 'href'), ctx.base));
          if (href && href.length <= STORY_LIMITS.linkMaxLength) b.markups.push({ type: 'A', start, end, href });
        }
      }
    }
  }
}

const textOf = (nodes: Node[]): string => nodes.map((n) => (isText(n) ? n.data : isElement(n) && !SKIPPED.has(n.name) ? textOf(n.children) : '')).join('');

function find(nodes: Node[], test: (el: El) => boolean): El | null {
  for (const n of nodes) {
    if (!isElement(n)) continue;
    if (test(n)) return n;
    const inner = find(n.children, test);
    if (inner) return inner;
  }
  return null;
}

function metaContent(doc: Doc, key: string): string {
  const el = find(doc.children, (e) => e.name === 'meta' && (attr(e, 'property').toLowerCase() === key || attr(e, 'name').toLowerCase() === key));
  return el ? attr(el, 'content').replace(/\s+/g, ' ') : '';
}

const dimension = (v: string) => (/^\d{1,5}$/.test(v) && Number(v) > 0 ? Number(v) : null);

interface Pending {
  paragraph: Paragraph;
  image?: ImportedImage;
}

/** Blocks of `nodes` in reading order. */
function walkBlocks(nodes: Node[], out: Pending[], ctx: { base?: string; name: () => string }, quote = false): void {
  let loose: Node[] = [];
  const flushLoose = () => {
    if (loose.length) pushText(loose, quote ? 'BQ' : 'P');
    loose = [];
  };
  const pushImages = (images: El[], caption = '') => {
    for (const img of images) {
      const src = absolute(attr(img, 'src') || attr(img, 'data-src'), ctx.base);
      if (!src || !/^https?:/.test(src)) continue;
      out.push({
        paragraph: { name: ctx.name(), type: 'IMG', text: caption, markups: [] },
        image: { src, alt: attr(img, 'alt').slice(0, STORY_LIMITS.imageAltMaxLength), width: dimension(attr(img, 'width')), height: dimension(attr(img, 'height')) },
      });
    }
  };
  const pushText = (children: Node[], type: ParagraphType, extra: Partial<Paragraph> = {}) => {
    const b = new InlineBuilder();
    const images: El[] = [];
    walkInline(children, b, { base: ctx.base, images }, type === 'PRE');
    const { text, markups } = type === 'PRE' ? { text: b.text.replace(/^\n|\n$/g, ''), markups: [] } : b.finish();
    if (text.trim()) out.push({ paragraph: { name: ctx.name(), type, text, markups, ...extra } });
    pushImages(images);
  };

  for (const node of nodes) {
    if (!isElement(node)) {
      loose.push(node);
      continue;
    }
    const tag = node.name;
    if (SKIPPED.has(tag)) continue;
    const block = HEADINGS[tag] ?? (tag === 'p' ? (quote ? 'BQ' : 'P') : null);
    if (block) {
      flushLoose();
      pushText(node.children, block);
    } else if (tag === 'blockquote' || tag === 'q') {
      flushLoose();
      walkBlocks(node.children, out, ctx, true);
    } else if (tag === 'pre') {
      flushLoose();
      const code = find(node.children, (e) => e.name === 'code');
      const lang = /(?:^|\s)(?:language|lang)-([A-Za-z0-9+#._-]{1,40})/.exec(attr(code ?? node, 'class'))?.[1];
      pushText(node.children, 'PRE', lang ? { codeBlockMetadata: { lang: lang.toLowerCase() } } : {});
    } else if (tag === 'ul' || tag === 'ol') {
      flushLoose();
      walkList(node, tag === 'ol' ? 'OLI' : 'ULI');
    } else if (tag === 'hr') {
      flushLoose();
      out.push({ paragraph: { name: ctx.name(), type: 'HR', text: '', markups: [] } });
    } else if (tag === 'img') {
      flushLoose();
      pushImages([node]);
    } else if (tag === 'figure') {
      flushLoose();
      const caption = find(node.children, (e) => e.name === 'figcaption');
      const images: El[] = [];
      const collect = (ns: Node[]) => ns.forEach((n) => isElement(n) && (n.name === 'img' ? images.push(n) : n.name !== 'figcaption' && collect(n.children)));
      collect(node.children);
      if (images.length) pushImages(images, caption ? textOf(caption.children).replace(/\s+/g, ' ').trim() : '');
      else walkBlocks(node.children.filter((n) => n !== caption), out, ctx, quote);
    } else if (CONTAINERS.has(tag) || tag === 'li') {
      flushLoose();
      walkBlocks(node.children, out, ctx, quote);
    } else {
      loose.push(node);
    }
  }
  flushLoose();

  function walkList(list: El, type: 'ULI' | 'OLI') {
    for (const item of list.children) {
      if (!isElement(item) || item.name !== 'li') continue;
      // Nested lists become items of the same story list, after their parent item.
      const nested = item.children.filter((n) => isElement(n) && (n.name === 'ul' || n.name === 'ol')) as (Node & El)[];
      pushText(item.children.filter((n) => !nested.includes(n as Node & El)), type);
      for (const n of nested) walkList(n, n.name === 'ol' ? 'OLI' : 'ULI');
    }
  }
}

/**
 * The story in `html`: title from the first <h1> (else og:title, else <title>), subtitle
 * from a heading or paragraph right after it when short, else none; the body from
 * <article>, else <main>, else <body>.
 */
export async function importHtml(html: string, options: HtmlImportOptions = {}): Promise<ImportedStory> {
  const doc = parseDocument(html, { decodeEntities: true });
  const root = find(doc.children, (e) => e.name === 'article') ?? find(doc.children, (e) => e.name === 'main') ?? find(doc.children, (e) => e.name === 'body');
  const pending: Pending[] = [];
  walkBlocks(root ? root.children : doc.children, pending, { base: options.baseUrl, name: nameMaker() });

  const h1 = find(root ? root.children : doc.children, (e) => e.name === 'h1');
  const titleEl = find(doc.children, (e) => e.name === 'title');
  let title = (h1 ? textOf(h1.children) : metaContent(doc, 'og:title') || (titleEl ? textOf(titleEl.children) : '')).replace(/\s+/g, ' ').trim();
  // The title heading is the story's title, not a paragraph of it.
  if (h1 && pending[0]?.paragraph.type === 'H3' && pending[0].paragraph.text === title) pending.shift();
  let subtitle = '';
  const next = pending[0]?.paragraph;
  if (h1 && next && (next.type === 'H4' || next.type === 'H3') && next.text.length <= STORY_LIMITS.subtitleMaxLength) {
    subtitle = next.text;
    pending.shift();
  }
  if (title.length > STORY_LIMITS.titleMaxLength) title = `${title.slice(0, STORY_LIMITS.titleMaxLength - 1).trimEnd()}…`;

  const paragraphs: Paragraph[] = [];
  for (const p of pending) {
    if (!p.image) {
      paragraphs.push(p.paragraph);
      continue;
    }
    const meta = options.resolveImage ? await options.resolveImage(p.image) : null;
    if (meta) paragraphs.push({ ...p.paragraph, metadata: p.image.alt && !meta.alt ? { ...meta, alt: p.image.alt } : meta });
  }
  const canonicalEl = find(doc.children, (e) => e.name === 'link' && attr(e, 'rel').toLowerCase().split(/\s+/).includes('canonical'));
  const canonical = canonicalEl ? absolute(attr(canonicalEl, 'href'), options.baseUrl) : null;
  return { title, subtitle, paragraphs, canonicalUrl: canonical && /^https?:\/\//.test(canonical) ? canonical : null };
}

export interface PageCard {
  title: string;
  description: string;
  /** Absolute http(s) URL of og:image, if any. */
  imageUrl: string | null;
}

/** A page's link card: OpenGraph first, then the <title> and the meta description. */
export function readPageCard(html: string, baseUrl: string): PageCard {
  const doc = parseDocument(html, { decodeEntities: true });
  const titleEl = find(doc.children, (e) => e.name === 'title');
  const title = metaContent(doc, 'og:title') || metaContent(doc, 'twitter:title') || (titleEl ? textOf(titleEl.children).replace(/\s+/g, ' ').trim() : '');
  const description = metaContent(doc, 'og:description') || metaContent(doc, 'twitter:description') || metaContent(doc, 'description');
  const image = absolute(metaContent(doc, 'og:image') || metaContent(doc, 'og:image:url') || metaContent(doc, 'twitter:image'), baseUrl);
  return {
    title: title.slice(0, STORY_LIMITS.embedTitleMaxLength),
    description: description.slice(0, STORY_LIMITS.mixtapeDescriptionMaxLength),
    imageUrl: image && /^https?:\/\//.test(image) ? image : null,
  };
}

/** The body as text in its declared charset (header, then <meta charset>), UTF-8 when unknown. */
export function decodeHtml(body: Buffer, headerCharset: string | null): string {
  const head = body.subarray(0, 2048).toString('latin1');
  const declared = headerCharset ?? /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_-]+)/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(declared).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
