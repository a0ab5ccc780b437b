/**
 * Values by key, the least recently used dropped once they hold more than `maxBytes` by
 * `sizeOf` (whatever unit the caller measures in). Map order is insertion order: a read
 * re-inserts its entry, so the first entries are the coldest.
 */
export class SizedLru<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** What the kept entries add up to by `sizeOf`. */
  get total(): number {
    return this.bytes;
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /**
   * Keeps `value` under `key` (replacing what was there), then drops the coldest entries
   * past the size. A value larger than `maxLargest` (default: the whole size) is not kept.
   */
  set(key: string, value: V, maxLargest = this.maxBytes): void {
    const size = this.sizeOf(value);
    if (size > maxLargest) return;
    this.delete(key);
    this.entries.set(key, { value, size });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.size;
  }
}

/** The size of a string in memory (UTF-16). */
export const stringBytes = (s: string): number => s.length * 2;
