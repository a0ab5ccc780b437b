import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce } from './content-security-policy.js';
import { applyPagePolicy, HSTS, NOT_A_DOCUMENT, REFERRER_POLICY, registerSecurityHeaders, type SecurityHeaderOptions } from './security-headers.js';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('contentSecurityPolicy', () => {
  it("never lets inline script run without the nonce, and frames only when embeddable", () => {
    fc.assert(
      fc.property(fc.option(fc.constant(newNonce())), fc.boolean(), fc.boolean(), fc.boolean(), (nonce, embeddable, development, recaptcha) => {
        const policy = contentSecurityPolicy({ nonce, embeddable, development, recaptcha });
        const scripts = directive(policy, 'script-src');
        expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|https: |http:/);
        expect(scripts.includes(`'nonce-${nonce}'`)).toBe(nonce !== null);
        expect(directive(policy, 'frame-ancestors')).toBe(embeddable ? 'frame-ancestors *' : "frame-ancestors 'none'");
        expect(directive(policy, 'object-src')).toBe("object-src 'none'");
      }),
    );
  });

  it('gives each render a nonce of its own', () => {
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

async function appWith(opts: Partial<SecurityHeaderOptions> & { trustProxy?: boolean } = {}) {
  const app = Fastify({ trustProxy: opts.trustProxy ?? false });
  const options: SecurityHeaderOptions = { publicProtocol: opts.publicProtocol ?? 'http', development: false, recaptcha: false };
  registerSecurityHeaders(app, options);
  app.get('/json', async () => ({ ok: true }));
  app.get('/html', async (_req, reply) => reply.type('text/html').send('<p>error page</p>'));
  app.get('/page', async (request, reply) => {
    applyPagePolicy(reply, 'abc', (request.query as { embed?: string }).embed === '1', options);
    return reply.type('text/html').send('<script nonce="abc"></script>');
  });
  await app.ready();
  return app;
}

describe('security headers on every answer', () => {
  it.each([
    { name: 'http site', publicProtocol: 'http' as const, trustProxy: false, forwarded: undefined, hsts: false },
    { name: 'https site', publicProtocol: 'https' as const, trustProxy: false, forwarded: undefined, hsts: true },
    { name: 'https through a trusted proxy', publicProtocol: 'http' as const, trustProxy: true, forwarded: 'https', hsts: true },
    { name: 'https claimed by an untrusted client', publicProtocol: 'http' as const, trustProxy: false, forwarded: 'https', hsts: false },
  ])('$name: HSTS $hsts', async ({ publicProtocol, trustProxy, forwarded, hsts }) => {
    const app = await appWith({ publicProtocol, trustProxy });
    for (const url of ['/json', '/html', '/page', '/missing']) {
      const res = await app.inject({ url, headers: forwarded ? { 'x-forwarded-proto': forwarded } : {} });
      expect(res.headers['strict-transport-security'], url).toBe(hsts ? HSTS : undefined);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe(REFERRER_POLICY);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    await app.close();
  });

  it('pages keep their own policy; other HTML gets one without a nonce; the rest one that allows nothing', async () => {
    const app = await appWith();
    const [json, html, page, embed] = await Promise.all(['/json', '/html', '/page', '/page?embed=1'].map((url) => app.inject({ url })));
    expect(json!.headers['content-security-policy']).toBe(NOT_A_DOCUMENT);
    expect(html!.headers['content-security-policy']).toBe(contentSecurityPolicy({ nonce: null, embeddable: false, development: false, recaptcha: false }));
    expect(page!.headers['content-security-policy']).toContain("'nonce-abc'");
    expect(page!.headers['x-frame-options']).toBe('DENY');
    expect(directive(String(embed!.headers['content-security-policy']), 'frame-ancestors')).toBe('frame-ancestors *');
    expect(embed!.headers['x-frame-options']).toBeUndefined();
    await app.close();
  });
});
