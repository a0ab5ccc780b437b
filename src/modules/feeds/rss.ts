/**
 * RSS 2.0 documents (spec routes ShowFeedUser and ShowFeedTag, rss-http.ts) and the story HTML in
 * them. Feed readers show HTML from other sites in their own pages, so the body is
 * rendered here on purpose rather than with the page's React components: plain elements,
 * absolute URLs, no classes or scripts, and every user-written string escaped.
 */
import { escapeHtml } from '../../platform/mail/render.js';
import { cdata, xmlText } from '../../platform/xml-text.js';
import { imageSrcSetWidths, imageUrl, IMAGE_LAYOUT_WIDTHS } from '../../shared/images.js';
import { buildMarkupTree, safeLinkHref, type MarkupNode } from '../../shared/markups.js';
import { readableParagraphs, type Paragraph } from '../../shared/paragraphs.js';

/** Spec §6: links in user content carry ugc and nofollow. */
const USER_LINK_REL = 'ugc nofollow';

function inline(nodes: MarkupNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeHtml(node);
      const inner = inline(node.children);
      switch (node.mark.type) {
        case 'STRONG':
          return `<strong>${inner}</strong>`;
        case 'EM':
          return `<em>${inner}</em>`;
        case 'CODE':
          return `<code>${inner}</code>`;
        case 'A': {
          const href = safeLinkHref(node.mark.href);
          return href ? `<a href="${escapeHtml(href)}" rel="${USER_LINK_REL}">${inner}</a>` : inner;
        }
        default:
          return inner;
      }
    })
    .join('');
}

const text = (p: Paragraph) => inline(buildMarkupTree(typeof p.text === 'string' ? p.text : '', Array.isArray(p.markups) ? p.markups : []));

const HEADING: Record<string, string> = { H1: 'h2', H2: 'h2', H3: 'h3', H4: 'h4' };

function block(p: Paragraph, origin: string): string {
  switch (p.type) {
    case 'H1':
    case 'H2':
    case 'H3':
    case 'H4':
      return `<${HEADING[p.type]}>${text(p)}</${HEADING[p.type]}>`;
    case 'BQ':
    case 'PQ':
      return `<blockquote>${text(p)}</blockquote>`;
    case 'PRE':
      return `<pre><code>${escapeHtml(p.text ?? '')}</code></pre>`;
    case 'HR':
      return '<hr>';
    case 'IMG': {
      const meta = p.metadata;
      if (!meta?.id) return '';
      // The inset layout at the pixel ratio cap: sharp on any reader, never above the original.
      const width = imageSrcSetWidths(meta, IMAGE_LAYOUT_WIDTHS.INSET_CENTER).at(-1);
      // No width/height attributes: readers size images to their column, and the original's
      // size there would stretch a reader that does not also set height: auto.
      const caption = p.text ? `<figcaption>${text(p)}</figcaption>` : '';
      return `<figure><img src="${escapeHtml(origin + imageUrl(meta.id, width))}" alt="${escapeHtml(meta.alt ?? '')}">${caption}</figure>`;
    }
    case 'IFRAME': {
      // Readers drop iframes; a link to the embedded page keeps it reachable.
      const href = safeLinkHref(p.iframe?.src);
      return href ? `<p><a href="${escapeHtml(href)}" rel="${USER_LINK_REL}">${escapeHtml(p.iframe?.title || href)}</a></p>` : '';
    }
    case 'MIXTAPE_EMBED': {
      const m = p.mixtapeMetadata;
      const href = safeLinkHref(m?.href);
      if (!m || !href) return p.text ? `<p>${text(p)}</p>` : '';
      const description = m.description ? `<br><em>${escapeHtml(m.description)}</em>` : '';
      return `<p><a href="${escapeHtml(href)}" rel="${USER_LINK_REL}"><strong>${escapeHtml(m.title || href)}</strong>${description}</a></p>`;
    }
    default:
      return `<p>${text(p)}</p>`;
  }
}

/** A story body (the paragraph model) as HTML with absolute URLs against `origin`. */
export function renderParagraphsHtml(paragraphs: readonly Paragraph[], origin: string): string {
  const out: string[] = [];
  // Consecutive list items of one kind form one list.
  let listTag: 'ul' | 'ol' | null = null;
  for (const p of readableParagraphs(paragraphs)) {
    const tag = p.type === 'ULI' ? 'ul' : p.type === 'OLI' ? 'ol' : null;
    if (listTag && tag !== listTag) out.push(`</${listTag}>`);
    if (tag && tag !== listTag) out.push(`<${tag}>`);
    listTag = tag;
    out.push(tag ? `<li>${text(p)}</li>` : block(p, origin));
  }
  if (listTag) out.push(`</${listTag}>`);
  return out.join('');
}

/** Ends the preview of a member-only story: where to read the rest. */
export function memberOnlyNotice(link: string, siteName: string): string {
  return `<hr><p><a href="${escapeHtml(link)}">This is a member-only story. Read the full story on ${escapeHtml(siteName)}.</a></p>`;
}

export interface RssItem {
  title: string;
  link: string;
  guid: string;
  author: string;
  publishedAt: Date;
  categories: string[];
  description: string;
  contentHtml: string;
}

export interface RssChannel {
  title: string;
  link: string;
  selfLink: string;
  description: string;
  generator: string;
  /** RFC 5646 language tag of the channel (RSS 2.0 <language>). */
  language: string;
  /** A GIF, JPEG or PNG at most 144 pixels wide and 400 high (RSS 2.0 <image>). */
  image: { url: string; width: number; height: number } | null;
  /** The newest change; none for a feed without items. */
  lastBuildDate: Date | null;
  items: RssItem[];
}

/** The feed document: RSS 2.0 with content:encoded (full HTML), dc:creator and an atom:link to itself. */
export function renderRss(channel: RssChannel): string {
  const items = channel.items.map(
    (item) =>
      `<item><title>${xmlText(item.title)}</title><link>${xmlText(item.link)}</link>` +
      `<guid isPermaLink="true">${xmlText(item.guid)}</guid><dc:creator>${xmlText(item.author)}</dc:creator>` +
      `<pubDate>${item.publishedAt.toUTCString()}</pubDate>` +
      item.categories.map((c) => `<category>${xmlText(c)}</category>`).join('') +
      `<description>${xmlText(item.description)}</description>` +
      `<content:encoded>${cdata(item.contentHtml)}</content:encoded></item>`,
  );
  const image = channel.image
    ? `<image><url>${xmlText(channel.image.url)}</url><title>${xmlText(channel.title)}</title><link>${xmlText(channel.link)}</link>` +
      `<width>${channel.image.width}</width><height>${channel.image.height}</height></image>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">' +
    `<channel><title>${xmlText(channel.title)}</title><link>${xmlText(channel.link)}</link>` +
    `<atom:link href="${xmlText(channel.selfLink)}" rel="self" type="application/rss+xml"/>` +
    `<description>${xmlText(channel.description)}</description><language>${xmlText(channel.language)}</language>${image}` +
    `<generator>${xmlText(channel.generator)}</generator>` +
    (channel.lastBuildDate ? `<lastBuildDate>${channel.lastBuildDate.toUTCString()}</lastBuildDate>` : '') +
    `${items.join('')}</channel></rss>\n`
  );
}
