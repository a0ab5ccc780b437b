import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCdnPurger, PURGE_COALESCE_MS } from './cdn-purge.js';

describe('createCdnPurger', () => {
  afterEach(() => vi.useRealTimers());

  it('posts the surrogate keys once for a burst of writes, with the token, and again for a later write', async () => {
    vi.useFakeTimers();
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init! });
      return new Response(null, { status: 202 });
    });
    const warnings: unknown[] = [];
    const purger = createCdnPurger({ url: 'https://cdn.example/purge', token: 'secret', log: { warn: (o) => warnings.push(o) }, fetch: fetch as typeof globalThis.fetch });
    for (let i = 0; i < 50; i++) purger.pagesChanged();
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(PURGE_COALESCE_MS);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://cdn.example/purge');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ surrogateKeys: ['pages', 'feeds'] });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer secret');
    purger.pagesChanged();
    await vi.advanceTimersByTimeAsync(PURGE_COALESCE_MS);
    expect(calls).toHaveLength(2);
    expect(warnings).toEqual([]);
    purger.close();
  });

  it('logs a refused or failed purge and carries on', async () => {
    vi.useFakeTimers();
    const warnings: string[] = [];
    let answer: () => Promise<Response> = async () => new Response(null, { status: 500 });
    const purger = createCdnPurger({ url: 'https://cdn.example/purge', log: { warn: (_o, m) => warnings.push(m) }, fetch: (async () => answer()) as typeof fetch });
    purger.pagesChanged();
    await vi.advanceTimersByTimeAsync(PURGE_COALESCE_MS);
    answer = async () => {
      throw new Error('connection refused');
    };
    purger.pagesChanged();
    await vi.advanceTimersByTimeAsync(PURGE_COALESCE_MS);
    expect(warnings).toEqual(['CDN purge refused; shared caches keep pages until s-maxage', 'CDN purge failed; shared caches keep pages until s-maxage']);
    purger.close();
  });
});
