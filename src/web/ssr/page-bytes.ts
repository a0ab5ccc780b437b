import { randomBytes } from 'node:crypto';

/** A random nonce of this process: no text a writer typed can be taken for a token. */
const NONCE = randomBytes(12).toString('hex');
/** In HTML a bare token; in JSON a string token, its quotes replaced with it. */
const TOKEN = new RegExp(`"kept_${NONCE}_(\\d+)"|kept_${NONCE}_(\\d+)`, 'g');

/**
 * One page's bytes, with its kept parts (a story body's HTML, its paragraphs' JSON, kept
 * responses: most of a long story's page) already encoded: the page is rendered as text with
 * a token where each kept part goes, and only the text around them is turned into UTF-8 at
 * the end (docs/adr/0008). Encoding the whole page anew was a tenth of its render.
 */
export class PageBytes {
  private readonly parts: Buffer[] = [];

  /**
   * The token that stands for `bytes` in this page: in its HTML as is, or as a value in its
   * JSON (serialized as a quoted string, the quotes go too).
   */
  token(bytes: Buffer): string {
    return `kept_${NONCE}_${this.parts.push(bytes) - 1}`;
  }

  /** `text` as UTF-8, each of this page's tokens replaced with its bytes. */
  assemble(text: string): Buffer {
    if (this.parts.length === 0) return Buffer.from(text);
    const out: Buffer[] = [];
    let last = 0;
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
      const part = this.parts[Number(m[1] ?? m[2])];
      if (part === undefined) continue; // a token of another page: cannot happen, left as text
      out.push(Buffer.from(text.slice(last, m.index)), part);
      last = m.index + m[0].length;
    }
    out.push(Buffer.from(text.slice(last)));
    return Buffer.concat(out);
  }
}
