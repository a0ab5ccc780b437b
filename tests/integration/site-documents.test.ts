import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

/** /terms and /privacy from their Markdown files; the footer's links from the *_URL settings. */
describe('the site documents and footer links', () => {
  describe('defaults', () => {
    let t: TestApp;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } });
    beforeAll(async () => {
      t = await createTestApp();
    });

    it.each([
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ])('%s renders the document shipped in content/, with the site name', async (url, title) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<title>${title} – Inkwell</title>`);
      expect(res.body).toContain(`<h1>${title}</h1>`);
      expect(res.body).toContain('Inkwell');
      expect(res.body).not.toContain('{siteName}');
      expect(res.body).not.toContain('data-testid="coming-soon"');
    });

    it('the footer has Privacy and Terms, and no link to a page the site does not serve', async () => {
      const footer = /<footer[\s\S]*?<\/footer>/.exec((await get('/')).body)![0];
      expect(Array.from(footer.matchAll(/href="([^"]*)"/g), (m) => m[1])).toEqual(['/privacy', '/terms']);
    });
  });

  describe('configured', () => {
    let t: TestApp;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } });
    beforeAll(async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-docs-'));
      const terms = path.join(dir, 'terms.md');
      fs.writeFileSync(terms, '# Our rules\n\n<script>alert("x")</script> and <img src=x onerror=alert(1)>\n\n[Write to us](mailto:legal@example.com), [not this](javascript:alert(1)).\n');
      t = await createTestApp({ TERMS_FILE: terms, STATUS_URL: 'https://status.example.com/', HELP_URL: 'https://help.example.com/' });
    });

    it('serves TERMS_FILE instead, with its HTML shown as text and unsafe links dropped', async () => {
      const res = await get('/terms');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Our rules – Inkwell</title>');
      const doc = /data-testid="site-document">([\s\S]*?)<\/article>/.exec(res.body)![1]!;
      expect(doc).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; and &lt;img src=x onerror=alert(1)&gt;');
      expect(doc).not.toContain('<script');
      expect(doc).not.toContain('<img');
      expect(doc).toContain('<a href="mailto:legal@example.com" rel="noopener noreferrer nofollow">Write to us</a>');
      expect(doc).not.toContain('javascript:');
    });

    it('the footer shows the configured links, in spec order', async () => {
      const footer = /<footer[\s\S]*?<\/footer>/.exec((await get('/')).body)![0];
      expect(Array.from(footer.matchAll(/href="([^"]*)"/g), (m) => m[1])).toEqual(['https://help.example.com/', 'https://status.example.com/', '/privacy', '/terms']);
    });
  });
});
