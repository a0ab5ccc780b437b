import { describe, expect, it } from 'vitest';
import { escapeHtml, renderEmail } from './render.js';

const signIn = {
  siteName: 'Inkwell',
  heading: 'Sign in to Inkwell',
  paragraphs: ['Click the button below to sign in.', 'Or enter this code.'],
  action: { label: 'Sign in', url: 'https://example.com/m/callback/email?token=abc&x=1' },
  code: '042917',
  footer: 'If you did not ask for this email, ignore it.',
};

describe('renderEmail', () => {
  it('escapes every text it is given, in the HTML', () => {
    const { html } = renderEmail({
      siteName: 'Ink & <Well>',
      heading: '<script>alert(1)</script>',
      paragraphs: [`Tom's "quoted" <b>bold</b>`],
      action: { label: '<img src=x onerror=alert(1)>', url: 'https://example.com/a?b="c"&d=<e>' },
      code: '<1>',
      footer: '</p><p>footer',
    });
    expect(html).not.toMatch(/<script|<b>|<img|<1>|<\/p><p>footer/);
    expect(html).toContain('Ink &amp; &lt;Well&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Tom&#39;s &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('href="https://example.com/a?b=&quot;c&quot;&amp;d=&lt;e&gt;"');
    expect(html).toContain('&lt;/p&gt;&lt;p&gt;footer');
  });

  it('gives a plain-text version with the same content, the URL and the code', () => {
    const { text } = renderEmail(signIn);
    expect(text).toBe(
      [
        'Inkwell',
        'Sign in to Inkwell',
        'Click the button below to sign in.',
        'Or enter this code.',
        'Sign in: https://example.com/m/callback/email?token=abc&x=1',
        '042917',
        '-- \nIf you did not ask for this email, ignore it.',
      ].join('\n\n') + '\n',
    );
  });

  it('puts the link in a button and again as text, and the code on its own', () => {
    const { html } = renderEmail(signIn);
    const href = 'href="https://example.com/m/callback/email?token=abc&amp;x=1"';
    expect(html.split(href)).toHaveLength(3);
    expect(html).toMatch(/>Sign in<\/a>/);
    expect(html).toMatch(/>042917<\/p>/);
    expect(html).not.toMatch(/<table|<style|class=/);
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  it('keeps every inline style inside its attribute', () => {
    const { html } = renderEmail(signIn);
    const styles = html.match(/style="[^"]*"/g) ?? [];
    expect(styles.length).toBeGreaterThan(8);
    // A quote inside a value would end the attribute early and drop the rest of the rule.
    for (const style of styles) expect(style).toMatch(/;"$/);
    expect(html.split('style=').length - 1).toBe(styles.length);
  });

  it('leaves out what is not given', () => {
    const { html, text } = renderEmail({ siteName: 'Inkwell', heading: 'Welcome', paragraphs: ['Hello.'] });
    expect(html).not.toContain('<a ');
    expect(text).toBe('Inkwell\n\nWelcome\n\nHello.\n');
  });

  it('refuses an action URL that is not a web link', () => {
    expect(() => renderEmail({ ...signIn, action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow(/http/);
    expect(() => renderEmail({ ...signIn, action: { label: 'x', url: '/relative' } })).toThrow(/absolute/);
    expect(() => renderEmail({ ...signIn, footerLinks: [{ label: 'x', url: 'data:text/html,x' }] })).toThrow(/http/);
  });

  it('puts footer links under the small print, escaped, and as URLs in the text', () => {
    const { html, text } = renderEmail({
      siteName: 'Inkwell',
      heading: 'Welcome',
      paragraphs: ['Hello.'],
      footer: 'Why you got it.',
      footerLinks: [{ label: 'Un<subscribe>', url: 'https://example.com/u?t=1&v=2' }],
    });
    expect(html).toMatch(/<a href="https:\/\/example.com\/u\?t=1&amp;v=2" style="[^"]+">Un&lt;subscribe&gt;<\/a><\/p>/);
    expect(text).toBe('Inkwell\n\nWelcome\n\nHello.\n\n-- \nWhy you got it.\nUn<subscribe>: https://example.com/u?t=1&v=2\n');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
