import { oncePerDb } from '../../platform/db/per-db-cache.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { SizedLru } from '../../shared/sized-lru.js';
import type { PostRow } from './queries.js';

/** Memory the kept bodies may take per process and database (estimated from their text). */
export const KEPT_BODIES_BYTES = 32 * 1024 * 1024;

/**
 * A published story's paragraphs, kept per process by post and body version (`posts.body_version`,
 * moved by a trigger on every change of the paragraphs, whoever writes them): a story read by
 * every reader is not read from the database, sent and parsed on every request (a 3,000-word
 * body is ~40 KB of JSON). A changed body is a new key; the old one ages out. Kept bodies are
 * frozen: every request shares them. Drafts (read by their writer, saved every few seconds)
 * are always read afresh.
 */
export class KeptBodies {
  private readonly entries: SizedLru<readonly Paragraph[]>;

  constructor(maxBytes: number) {
    this.entries = new SizedLru(maxBytes, estimateBytes);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): readonly Paragraph[] | undefined {
    return this.entries.get(key);
  }

  /** Keeps `paragraphs` (frozen) under `key` and returns them. */
  keep(key: string, paragraphs: Paragraph[]): readonly Paragraph[] {
    const frozen = deepFreeze(paragraphs);
    this.entries.set(key, frozen);
    return frozen;
  }
}

/** The key of a story's published body, or null for a draft (never kept). */
export const publishedBodyKey = (row: Pick<PostRow, 'id' | 'publishedRev' | 'bodyVersion'>): string | null =>
  row.publishedRev === null ? null : `${row.id}:${row.bodyVersion}`;

/** The kept bodies of a database, one store per process. */
export const keptBodies = oncePerDb(() => new KeptBodies(KEPT_BODIES_BYTES));

/** Text as UTF-16 plus a few hundred bytes for each paragraph's objects. */
function estimateBytes(paragraphs: readonly Paragraph[]): number {
  let bytes = 0;
  for (const p of paragraphs) bytes += 256 + (p.text?.length ?? 0) * 2 + (p.markups?.length ?? 0) * 96;
  return bytes;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
