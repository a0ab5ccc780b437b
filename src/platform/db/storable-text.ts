/**
 * Text PostgreSQL cannot keep: NUL is refused by every text column, and a lone UTF-16
 * surrogate would be stored as U+FFFD (silently changed). Refused at the edge so no
 * resolver meets it half-way through a write.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

export const describeUnstorable = (text: string) => (text.includes('\u0000') ? 'a NUL character (\\u0000)' : 'an unpaired UTF-16 surrogate');

/** Where in a JSON value (variables) the first unstorable text is, keys included; null when none. */
export function findUnstorableValue(value: unknown, path = '$'): { path: string; what: string } | null {
  if (typeof value === 'string') return isStorableText(value) ? null : { path, what: describeUnstorable(value) };
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableValue(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return { path, what: `a key with ${describeUnstorable(key)}` };
    const found = findUnstorableValue(item, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/** The message a client gets, naming where the input is. */
export function unstorableMessage(where: string, what: string): string {
  return `${where} holds ${what}, which cannot be stored. Remove it and send the request again.`;
}
