import type { KeptPart } from '../lib/server-fragments.js';
import { serializeForScript } from '../router/head.js';
import { SizedLru } from '../../shared/sized-lru.js';
import type { PageBytes } from './page-bytes.js';

/**
 * serializeForScript, with the kept parts' JSON written once per key and reused: a long
 * story's paragraphs are most of its page's state (docs/adr/0008). Each part is swapped for a
 * token of its page (page-bytes.ts) while the rest is serialized (the data is put back before
 * returning); the page's bytes carry the kept JSON, already encoded, in the token's place.
 * Least recently used keys are dropped past `maxBytes`.
 */
export class KeptJson {
  private readonly entries: SizedLru<Buffer>;

  constructor(maxBytes: number) {
    this.entries = new SizedLru(maxBytes, (json) => json.byteLength);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The JSON of `value` for a script, with tokens of `page` where its kept parts go. */
  serialize(value: unknown, parts: readonly KeptPart[], page: PageBytes): string {
    if (parts.length === 0) return serializeForScript(value);
    const originals = parts.map((p) => p.holder[p.prop]);
    try {
      parts.forEach((p, i) => (p.holder[p.prop] = page.token(this.json(p.key, originals[i]))));
      return serializeForScript(value);
    } finally {
      parts.forEach((p, i) => (p.holder[p.prop] = originals[i]));
    }
  }

  private json(key: string, value: unknown): Buffer {
    let json = this.entries.get(key);
    if (json === undefined) this.entries.set(key, (json = Buffer.from(serializeForScript(value))));
    return json;
  }
}
