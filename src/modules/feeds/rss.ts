/**
 * RSS 2.0 documents (spec routes ShowFeedUser and ShowFeedTag, rss-http.ts) and the story HTML in
 * them. Feed readers show HTML from other sites in their own pages, so the body is
 * rendered by posts/body-render.ts rather than with the page's React components: plain
 * elements, absolute URLs, no classes or scripts, and every user-written string escaped.
 */
import { escapeHtml } from '../../platform/mail/render.js';
import { cdata, xmlText } from '../../platform/xml-text.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { renderParagraphsHtml as renderBodyHtml } from '../posts/body-render.js';

/** A story body as HTML with absolute URLs against `origin`, bare elements that feed readers style. */
export function renderParagraphsHtml(paragraphs: readonly Paragraph[], origin: string): string {
  return renderBodyHtml(paragraphs, { origin });
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
