/** Text in generated XML documents (feeds, sitemaps). */
import { escapeHtml } from './mail/render.js';

/** XML 1.0 forbids most control characters and lone surrogates, even escaped: drop them. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const xmlText = (s: string): string => escapeHtml(s.replace(NOT_XML_CHAR, ''));

/** A CDATA section for any text: `]]>` inside is split across two sections. */
export const cdata = (s: string): string => `<![CDATA[${s.replace(NOT_XML_CHAR, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
