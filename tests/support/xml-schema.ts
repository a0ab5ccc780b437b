import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** The sitemap protocol 0.9 schemas as published on sitemaps.org (tests/fixtures/sitemap-0.9). */
export const SITEMAP_XSD = path.join(FIXTURES, 'sitemap-0.9', 'sitemap.xsd');
export const SITEMAP_INDEX_XSD = path.join(FIXTURES, 'sitemap-0.9', 'siteindex.xsd');

/**
 * Validates a document against an XML Schema with libxml2's xmllint (Debian: libxml2-utils;
 * .ci/run installs it). Returns xmllint's complaints, empty when the document is valid.
 */
export function schemaErrors(xml: string, xsd: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', xsd, '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
    return '';
  } catch (err) {
    const e = err as { code?: string; stderr?: Buffer };
    if (e.code === 'ENOENT') throw new Error('xmllint is missing: install libxml2-utils (apt-get install -y libxml2-utils)');
    return e.stderr?.toString() || String(err);
  }
}
