import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import type { ServerFragments } from '../lib/server-fragments.js';
import { SizedLru, stringBytes } from '../../shared/sized-lru.js';

/** The HTML of one subtree rendered on its own (renderToString). */
export type RenderFragment = (element: ReactElement) => string;

/**
 * The server's kept fragments (src/web/lib/server-fragments.ts): HTML by a hash of its
 * key parts, least recently used dropped first past `maxBytes`. An entry can never be
 * stale: its key is everything its HTML depends on (for a story body, its version and the
 * top highlight), so a changed body is a new key and the old one ages out.
 */
export class FragmentCache {
  private readonly entries: SizedLru<string>;

  constructor(maxBytes: number) {
    this.entries = new SizedLru(maxBytes, stringBytes);
  }

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
        if (hit === undefined) misses.set(key, element);
        return hit ?? null;
      },
      keepMisses: (render) => {
        for (const [key, element] of misses) this.entries.set(key, render(element()));
      },
    };
  }
}

export const fragmentKey = (keyParts: unknown): string => createHash('sha256').update(JSON.stringify(keyParts)).digest('base64url');
