import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { schemaErrors, SITEMAP_INDEX_XSD, SITEMAP_XSD } from '../../../tests/support/xml-schema.js';
import { absoluteUrl, renderSitemapIndex, renderUrlset, w3cDatetime } from './sitemap-xml.js';

const ORIGIN = 'https://ink.example';
const parser = new XMLParser({ processEntities: true, parseTagValue: false, isArray: (n) => n === 'url' || n === 'sitemap' });
/** Any stored path: the characters usernames, slugs and future parts could hold, escapes and XML's specials among them. */
const path = fc.string({ unit: fc.constantFrom(...'aZ09-_.~@/&<>"\'% ?#=+é漢😀'.split(/(?:)/u)), maxLength: 40 }).map((s) => `/${s}`)
  // '.' and '..' segments have no URL; slugs and usernames never are one.
  .filter((p) => !p.split('/').some((s) => s === '.' || s === '..'));
const date = fc.date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true });

describe('sitemap documents', () => {
  it('are valid against the 0.9 schemas for any paths and dates, and every loc is the absolute URL of its path', () => {
    const entries = fc.sample(fc.record({ path, lastmod: fc.option(date) }), 300);
    const urlset = renderUrlset(entries.map((e) => ({ loc: absoluteUrl(ORIGIN, e.path), lastmod: e.lastmod })));
    const index = renderSitemapIndex(entries.map((e) => ({ loc: absoluteUrl(ORIGIN, e.path), lastmod: e.lastmod })));
    // One document per schema holds every sample: xmllint starts once.
    expect(schemaErrors(urlset, SITEMAP_XSD)).toBe('');
    expect(schemaErrors(index, SITEMAP_INDEX_XSD)).toBe('');
    const urls = (parser.parse(urlset) as { urlset: { url: { loc: string; lastmod?: string }[] } }).urlset.url;
    urls.forEach((u, i) => {
      const url = new URL(u.loc);
      expect(url.origin).toBe(ORIGIN);
      // Nothing a client would re-encode: the loc is already a URL as sent, and names its path.
      expect(url.href).toBe(u.loc);
      expect(url.search + url.hash).toBe('');
      expect(url.pathname.split('/').map(decodeURIComponent).join('/')).toBe(entries[i]!.path);
      expect(u.lastmod).toBe(entries[i]!.lastmod ? w3cDatetime(entries[i]!.lastmod!) : undefined);
    });
  });

  it('writes W3C datetimes in UTC to the second', () => {
    expect(w3cDatetime(new Date(Date.UTC(2026, 10, 27, 10, 13, 46, 789)))).toBe('2026-11-27T10:13:46Z');
  });
});
