import { randomBytes } from 'node:crypto';
import type { KeptPart } from '../lib/server-fragments.js';
import { serializeForScript } from '../router/head.js';
import { SizedLru, stringBytes } from '../../shared/sized-lru.js';

/**
 * serializeForScript, with the kept parts' JSON written once per key and reused: a long
 * story's paragraphs are most of its page's state (docs/adr/0008). Each part is swapped for a
 * token while the rest is serialized (the data is put back before returning), then the token
 * for its JSON. Tokens carry a random nonce of the process, so no text a writer typed can be
 * taken for one. Least recently used keys are dropped past `maxBytes`.
 */
export class KeptJson {
  private readonly entries: SizedLru<string>;
  private readonly nonce = randomBytes(12).toString('hex');

  constructor(maxBytes: number) {
    this.entries = new SizedLru(maxBytes, stringBytes);
  }

  get size(): number {
    return this.entries.size;
  }

  serialize(value: unknown, parts: readonly KeptPart[]): string {
    if (parts.length === 0) return serializeForScript(value);
    const originals = parts.map((p) => p.holder[p.prop]);
    const tokens = parts.map((_, i) => `kept:${this.nonce}:${i}`);
    let json: string;
    try {
      parts.forEach((p, i) => (p.holder[p.prop] = tokens[i]));
      json = serializeForScript(value);
    } finally {
      parts.forEach((p, i) => (p.holder[p.prop] = originals[i]));
    }
    parts.forEach((p, i) => {
      json = json.replace(`"${tokens[i]}"`, () => this.json(p.key, originals[i]));
    });
    return json;
  }

  private json(key: string, value: unknown): string {
    let json = this.entries.get(key);
    if (json === undefined) this.entries.set(key, (json = serializeForScript(value)));
    return json;
  }
}
