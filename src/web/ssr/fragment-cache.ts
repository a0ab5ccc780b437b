import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import type { ServerFragments } from '../lib/server-fragments.js';

/** The HTML of one subtree rendered on its own (renderToString). */
export type RenderFragment = (element: ReactElement) => string;

/**
 * The server's kept fragments (src/web/lib/server-fragments.ts): HTML by a hash of its
 * key parts, least recently used dropped first past `maxBytes`. An entry can never be
 * stale: its key is everything its HTML depends on (for a story body, the paragraphs and
 * the top highlight), so a new revision is a new key and the old one ages out.
 */
export class FragmentCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The fragments of one page render. Misses are rendered inline by their callers; once
   * that render is over, `keepMisses` renders each on its own and keeps it (never during
   * the page's render: React's server renderer is not reentrant).
   */
  forRender(): ServerFragments & { keepMisses(render: RenderFragment): void } {
    const misses = new Map<string, () => ReactElement>();
    return {
      html: (keyParts, element) => {
        const key = fragmentKey(keyParts);
        const hit = this.entries.get(key);
        if (hit === undefined) {
          misses.set(key, element);
          return null;
        }
        // Map order is insertion order: re-inserting keeps a hot entry from eviction.
        this.entries.delete(key);
        this.entries.set(key, hit);
        return hit;
      },
      keepMisses: (render) => {
        for (const [key, element] of misses) this.keep(key, render(element()));
      },
    };
  }

  private keep(key: string, html: string): void {
    const size = html.length * 2; // UTF-16 in memory
    if (size > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, html);
    this.bytes += size;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length * 2;
    }
  }
}

export const fragmentKey = (keyParts: unknown): string => createHash('sha256').update(JSON.stringify(keyParts)).digest('base64url');
