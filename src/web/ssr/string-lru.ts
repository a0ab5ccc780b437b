/** Strings by key, the least recently used dropped once they hold more than `maxBytes` (UTF-16 in memory). */
export class StringLru {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): string | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    // Map order is insertion order: re-inserting keeps a hot entry from eviction.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** Keeps `value` unless the key is kept already or the value alone is larger than the whole. */
  set(key: string, value: string): void {
    const size = value.length * 2;
    if (size > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, value);
    this.bytes += size;
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= kept.length * 2;
    }
  }
}
