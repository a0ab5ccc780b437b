import type { ReactElement } from 'react';
import type { ServerFragments } from '../lib/server-fragments.js';
import { SizedLru } from '../../shared/sized-lru.js';
import type { PageBytes } from './page-bytes.js';

/** The HTML of one subtree rendered on its own (renderToString). */
export type RenderFragment = (element: ReactElement) => string;

/**
 * The server's kept fragments (src/web/lib/server-fragments.ts): HTML as UTF-8 by the JSON
 * of its key parts, least recently used dropped first past `maxBytes` (keys and HTML
 * counted). An entry can never be stale: its key is everything its HTML depends on (for a
 * story body, its version and the top highlight), so a changed body is a new key and the
 * old one ages out.
 */
export class FragmentCache {
  private readonly entries: SizedLru<{ html: Buffer; keyLength: number }>;

  constructor(maxBytes: number) {
    this.entries = new SizedLru(maxBytes, (entry) => entry.html.byteLength + entry.keyLength * 2);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The fragments of one page render: a hit is a token of `page` (page-bytes.ts), its HTML
   * already encoded. Misses are rendered inline by their callers; once that render is over,
   * `keepMisses` renders each on its own and keeps it (never during the page's render:
   * React's server renderer is not reentrant).
   */
  forRender(page: PageBytes): ServerFragments & { keepMisses(render: RenderFragment): void } {
    const misses = new Map<string, () => ReactElement>();
    return {
      html: (keyParts, element) => {
        const key = fragmentKey(keyParts);
        const hit = this.entries.get(key);
        if (hit === undefined) misses.set(key, element);
        return hit === undefined ? null : page.token(hit.html);
      },
      keepMisses: (render) => {
        for (const [key, element] of misses) this.entries.set(key, { html: Buffer.from(render(element())), keyLength: key.length });
      },
    };
  }
}

/**
 * The key parts' JSON itself: a hash of it cost more than the Map's own string hashing (a story
 * page looks up its body and every card on each render), and JSON is already unambiguous.
 */
export const fragmentKey = (keyParts: unknown): string => JSON.stringify(keyParts);
