/**
 * The page cache for logged-out readers (DESIGN §5 step 2): a page that renders the same
 * for every logged-out reader (PageDef.publicCache) is rendered once and served from
 * memory for a few seconds. Spec §3 cache status names what happened: HIT, MISS, EXPIRED
 * (an entry was there but too old or invalidated), DYNAMIC (not cacheable: signed in,
 * not a public page, or not a 200).
 *
 * Freshness: any write (a GraphQL mutation, any POST but analytics) invalidates every
 * entry at once, so a reader sees their change and the next logged-out reader sees it too;
 * the site's other processes hear of it through pub/sub a moment later
 * (write-invalidation.ts).
 *
 * A page is kept with what answering it needs: its encodings (br and gzip, made once here,
 * off the event loop), its ETag and the time it was rendered (Last-Modified), and the CSP
 * nonce of its render, which readers share until it is rendered again (docs/adr/0015).
 */
import { SizedLru } from '../shared/sized-lru.js';
import { encodeForKeeping, type Encoded } from './http/compression.js';
import { etagOf } from '../platform/http/conditional-get.js';

export type CacheStatus = 'HIT' | 'MISS' | 'EXPIRED' | 'DYNAMIC';

/** A render the cache may keep. */
export interface RenderedPage {
  status: number;
  body: Buffer;
  /** The nonce of the render's inline script, sent again in its Content-Security-Policy. */
  nonce: string;
  /** PageDef.embeddable: other sites may frame it. */
  embeddable: boolean;
}

export interface CachedPage extends RenderedPage {
  encoded: Encoded;
  etag: string;
  renderedAt: Date;
}

interface Entry extends CachedPage {
  storedAt: number;
  generation: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
}

export class PageCache {
  private readonly entries: SizedLru<Entry>;
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly opts: PageCacheOptions) {
    this.now = opts.now ?? Date.now;
    this.entries = new SizedLru(opts.maxBytes, (entry) => entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0));
  }

  /** Every entry is stale from now on (a write happened). */
  invalidateAll(): void {
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached page for `key`, or `render()`'s result stored under it. Concurrent misses
   * for one key share one render. `render` resolves null for a page that must not be
   * cached (it is then rendered again on the next request).
   */
  async serve(key: string, render: () => Promise<RenderedPage | null>): Promise<{ page: CachedPage | null; status: CacheStatus }> {
    const entry = this.entries.get(key);
    if (entry && entry.generation === this.generation && this.now() - entry.storedAt < this.opts.ttlMs) {
      return { page: entry, status: 'HIT' };
    }
    const status: CacheStatus = entry ? 'EXPIRED' : 'MISS';
    let pending = this.inflight.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = render()
        .then((rendered) => (rendered ? keep(rendered, this.now()) : null))
        .then((page) => {
          // A write during the render may not be in it: store only if none happened.
          if (page && generation === this.generation) this.store(key, { ...page, storedAt: this.now(), generation });
          return page;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return { page: await pending, status };
  }

  private store(key: string, entry: Entry): void {
    // One page never crowds out the rest.
    this.entries.set(key, entry, this.opts.maxBytes / 8);
  }
}

/** A render as kept: encoded both ways, with its validators. */
async function keep(page: RenderedPage, now: number): Promise<CachedPage> {
  return { ...page, encoded: await encodeForKeeping(page.body), etag: etagOf(page.body, page.nonce), renderedAt: new Date(now) };
}

/**
 * True when a GraphQL request body may hold a mutation. A cheap textual check, run on
 * every POST: a false positive (the word in a string) only costs an invalidation.
 */
export function mayContainMutation(body: unknown): boolean {
  const ops = Array.isArray(body) ? body : [body];
  return ops.some((op) => {
    const query = op && typeof op === 'object' ? (op as { query?: unknown }).query : undefined;
    return typeof query === 'string' && /\bmutation\b/.test(query);
  });
}
