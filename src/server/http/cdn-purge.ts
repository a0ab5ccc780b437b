/**
 * Shared caches (a CDN) and the site's writes. Every public answer names what it is made of
 * (platform/http/cache-control.ts SURROGATE_KEYS). A write makes them all stale, as it does
 * the page cache (write-invalidation.ts); with CDN_PURGE_URL set, the process that answered
 * the write POSTs the keys to purge there. README "Running at scale" documents the call.
 */
import { SURROGATE_KEYS, type SurrogateKey } from '../../platform/http/cache-control.js';

/** Writes within this long are one purge: a burst of claps is one call, not hundreds. */
export const PURGE_COALESCE_MS = 1000;
const PURGE_TIMEOUT_MS = 5000;

export interface CdnPurger {
  /** A write happened: purge every key soon (coalesced). */
  pagesChanged(): void;
  close(): void;
}

export interface CdnPurgeOptions {
  url: string;
  token?: string;
  log: { warn(obj: unknown, msg: string): void };
  fetch?: typeof fetch;
}

/** The body the site POSTs to CDN_PURGE_URL (JSON). */
export interface PurgeRequest {
  surrogateKeys: SurrogateKey[];
}

export function createCdnPurger(opts: CdnPurgeOptions): CdnPurger {
  const send = opts.fetch ?? fetch;
  let timer: NodeJS.Timeout | null = null;
  const purge = async () => {
    timer = null;
    const body: PurgeRequest = { surrogateKeys: [SURROGATE_KEYS.pages, SURROGATE_KEYS.feeds] };
    try {
      const res = await send(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      });
      if (!res.ok) opts.log.warn({ status: res.status }, 'CDN purge refused; shared caches keep pages until s-maxage');
    } catch (err) {
      opts.log.warn({ err }, 'CDN purge failed; shared caches keep pages until s-maxage');
    }
  };
  return {
    pagesChanged() {
      timer ??= setTimeout(() => void purge(), PURGE_COALESCE_MS);
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
