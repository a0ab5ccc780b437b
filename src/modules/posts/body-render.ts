/**
 * A story body (the paragraph model) as HTML or plain text for readers outside the site's
 * pages: feed readers (modules/feeds) and email (modules/newsletters). Both show HTML from
 * others in their own frame, so the body is rendered on purpose rather than with the page's
 * React components: plain elements, absolute URLs, no classes or scripts, every user-written
 * string escaped and links only http(s) or mailto (safeLinkHref).
 */
import { escapeHtml } from '../../platform/mail/render.js';
import { imageSrcSetWidths, imageUrl, IMAGE_LAYOUT_WIDTHS } from '../../shared/images.js';
import { buildMarkupTree, safeLinkHref, type MarkupNode } from '../../shared/markups.js';
import { readableParagraphs, type ImageMetadata, type Paragraph } from '../../shared/paragraphs.js';

/** Spec §6: links in user content carry ugc and nofollow. */
const USER_LINK_REL = 'ugc nofollow';

/** The elements a body is made of, each of which may carry an inline style. */
export type BodyElement =
  | 'p' | 'h2' | 'h3' | 'h4' | 'blockquote' | 'pullquote' | 'pre' | 'code' | 'hr'
  | 'figure' | 'img' | 'figcaption' | 'a' | 'ul' | 'ol' | 'li' | 'embed';

export interface BodyHtmlOptions {
  /** Image and link URLs are absolute against it ('https://host'). */
  origin: string;
  /**
   * Inline styles per element, for readers that drop <style> (mail clients). Trusted constants,
   * without double quotes. None: bare elements, which feed readers style themselves.
   */
  styles?: Partial<Record<BodyElement, string>>;
  /**
   * The column images are shown in, CSS px: their `width` attribute (what Outlook sizes by),
   * never above the original. Without it images carry no size and fill their reader's column.
   */
  imageColumnWidth?: number;
}

type Style = (el: BodyElement) => string;

function inline(nodes: MarkupNode[], style: Style): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeHtml(node);
      const inner = inline(node.children, style);
      switch (node.mark.type) {
        case 'STRONG':
          return `<strong>${inner}</strong>`;
        case 'EM':
          return `<em>${inner}</em>`;
        case 'CODE':
          return `<code${style('code')}>${inner}</code>`;
        case 'A': {
          const href = safeLinkHref(node.mark.href);
          return href ? `<a href="${escapeHtml(href)}" rel="${USER_LINK_REL}"${style('a')}>${inner}</a>` : inner;
        }
        default:
          return inner;
      }
    })
    .join('');
}

const textOf = (p: Paragraph) => (typeof p.text === 'string' ? p.text : '');
const tree = (p: Paragraph) => buildMarkupTree(textOf(p), Array.isArray(p.markups) ? p.markups : []);

const HEADING: Record<string, 'h2' | 'h3' | 'h4'> = { H1: 'h2', H2: 'h2', H3: 'h3', H4: 'h4' };

/** The image URL at the inset layout and the pixel ratio cap: sharp anywhere, never above the original. */
function bodyImageUrl(meta: ImageMetadata, origin: string): string {
  return origin + imageUrl(meta.id, imageSrcSetWidths(meta, IMAGE_LAYOUT_WIDTHS.INSET_CENTER).at(-1));
}

function block(p: Paragraph, opts: BodyHtmlOptions, style: Style): string {
  const text = () => inline(tree(p), style);
  switch (p.type) {
    case 'H1':
    case 'H2':
    case 'H3':
    case 'H4': {
      const tag = HEADING[p.type];
      return `<${tag}${style(tag)}>${text()}</${tag}>`;
    }
    case 'BQ':
      return `<blockquote${style('blockquote')}>${text()}</blockquote>`;
    case 'PQ':
      return `<blockquote${style('pullquote')}>${text()}</blockquote>`;
    case 'PRE':
      return `<pre${style('pre')}><code>${escapeHtml(textOf(p))}</code></pre>`;
    case 'HR':
      return `<hr${style('hr')}>`;
    case 'IMG': {
      const meta = p.metadata;
      if (!meta?.id) return '';
      // Feed readers size images to their column; the original's size there would stretch
      // one that does not also set height: auto. Mail clients need the column width.
      const original = Number.isFinite(meta.originalWidth) && meta.originalWidth > 0 ? Math.round(meta.originalWidth) : Infinity;
      const width = opts.imageColumnWidth ? ` width="${Math.min(opts.imageColumnWidth, original)}"` : '';
      const caption = textOf(p) ? `<figcaption${style('figcaption')}>${text()}</figcaption>` : '';
      return `<figure${style('figure')}><img src="${escapeHtml(bodyImageUrl(meta, opts.origin))}" alt="${escapeHtml(meta.alt ?? '')}"${width}${style('img')}>${caption}</figure>`;
    }
    case 'IFRAME': {
      // Readers drop iframes; a link to the embedded page keeps it reachable.
      const href = safeLinkHref(p.iframe?.src);
      return href ? `<p${style('embed')}><a href="${escapeHtml(href)}" rel="${USER_LINK_REL}"${style('a')}>${escapeHtml(p.iframe?.title || href)}</a></p>` : '';
    }
    case 'MIXTAPE_EMBED': {
      const m = p.mixtapeMetadata;
      const href = safeLinkHref(m?.href);
      if (!m || !href) return textOf(p) ? `<p${style('p')}>${text()}</p>` : '';
      const description = m.description ? `<br><em>${escapeHtml(m.description)}</em>` : '';
      return `<p${style('embed')}><a href="${escapeHtml(href)}" rel="${USER_LINK_REL}"${style('a')}><strong>${escapeHtml(m.title || href)}</strong>${description}</a></p>`;
    }
    default:
      return `<p${style('p')}>${text()}</p>`;
  }
}

/** A story body as HTML with absolute URLs against `opts.origin`. */
export function renderParagraphsHtml(paragraphs: readonly Paragraph[], opts: BodyHtmlOptions): string {
  const style: Style = (el) => (opts.styles?.[el] ? ` style="${opts.styles[el]}"` : '');
  const out: string[] = [];
  // Consecutive list items of one kind form one list.
  let listTag: 'ul' | 'ol' | null = null;
  for (const p of readableParagraphs(paragraphs)) {
    const tag = p.type === 'ULI' ? 'ul' : p.type === 'OLI' ? 'ol' : null;
    if (listTag && tag !== listTag) out.push(`</${listTag}>`);
    if (tag && tag !== listTag) out.push(`<${tag}${style(tag)}>`);
    listTag = tag;
    out.push(tag ? `<li${style('li')}>${inline(tree(p), style)}</li>` : block(p, opts, style));
  }
  if (listTag) out.push(`</${listTag}>`);
  return out.join('');
}

/** Inline text with each link's URL after it, unless the link text is the URL. */
function inlineText(nodes: MarkupNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      const inner = inlineText(node.children);
      if (node.mark.type !== 'A') return inner;
      const href = safeLinkHref(node.mark.href);
      return href && href !== inner && `${inner}/` !== href ? `${inner} (${href})` : inner;
    })
    .join('');
}

function textBlock(p: Paragraph, origin: string): string {
  const text = inlineText(tree(p));
  switch (p.type) {
    case 'H1':
    case 'H2':
      return `${text}\n${'='.repeat(Math.min(text.length, 72))}`;
    case 'H3':
    case 'H4':
      return `${text}\n${'-'.repeat(Math.min(text.length, 72))}`;
    case 'BQ':
    case 'PQ':
      return text.split('\n').map((line) => `> ${line}`).join('\n');
    case 'PRE':
      return textOf(p).split('\n').map((line) => `    ${line}`).join('\n');
    case 'HR':
      return '* * *';
    case 'IMG': {
      if (!p.metadata?.id) return '';
      const label = p.metadata.alt?.trim() || 'Image';
      return [`[${label}: ${bodyImageUrl(p.metadata, origin)}]`, text].filter(Boolean).join('\n');
    }
    case 'IFRAME': {
      const href = safeLinkHref(p.iframe?.src);
      return href ? `${p.iframe?.title || 'Embedded'}: ${href}` : '';
    }
    case 'MIXTAPE_EMBED': {
      const m = p.mixtapeMetadata;
      const href = safeLinkHref(m?.href);
      if (!m || !href) return text;
      return [`${m.title || href}: ${href}`, m.description].filter(Boolean).join('\n');
    }
    default:
      return text;
  }
}

/**
 * The same body as plain text (an email's text part): a block per paragraph, blank lines
 * between, list items together, links and images as their URLs.
 */
export function renderParagraphsText(paragraphs: readonly Paragraph[], origin: string): string {
  const blocks: string[] = [];
  // The list being written: consecutive items of one kind are one block.
  let list = null as { type: 'ULI' | 'OLI'; items: string[] } | null;
  for (const p of readableParagraphs(paragraphs)) {
    if (p.type === 'ULI' || p.type === 'OLI') {
      if (list?.type !== p.type) {
        list = { type: p.type, items: [] };
        blocks.push('');
      }
      list.items.push(`${p.type === 'OLI' ? `${list.items.length + 1}.` : '-'} ${inlineText(tree(p))}`);
      blocks[blocks.length - 1] = list.items.join('\n');
      continue;
    }
    list = null;
    const text = textBlock(p, origin);
    if (text) blocks.push(text);
  }
  return blocks.join('\n\n');
}
