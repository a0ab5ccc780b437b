import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VERP (variable envelope return path): each bulk email's Return-Path names its recipient, so a
 * bounce (a DSN sent back to the Return-Path) says whom it is about without parsing the report.
 * The local part is `bounce+{ref}.{address}.{sig}`:
 *   - ref: what the sender wants back (a delivery's ledger key), [A-Za-z0-9_-]*, may be empty;
 *   - address: the recipient, base64url;
 *   - sig: an HMAC of both under the site's secret, so nobody can make us suppress an address by
 *     mailing a forged bounce to a made-up return path.
 * Local parts may be 64 octets by RFC 5321 but every MTA in use takes far longer ones; addresses
 * of up to 254 characters make at most ~360.
 */
const PREFIX = 'bounce+';
const SIG_CHARS = 16;

export interface VerpParts {
  /** The recipient the email went to, as it was addressed. */
  recipient: string;
  /** The sender's reference (a delivery id), '' when none was given. */
  ref: string;
}

const sign = (secret: Buffer, ref: string, encoded: string) => createHmac('sha256', secret).update(`verp v1:${ref}.${encoded}`).digest('base64url').slice(0, SIG_CHARS);

/** The Return-Path for an email to `recipient`, at `bounceDomain` (the host that receives DSNs). */
export function verpAddress(secret: Buffer, recipient: string, bounceDomain: string, ref = ''): string {
  if (!/^[A-Za-z0-9_-]*$/.test(ref)) throw new Error('verpAddress: ref must be [A-Za-z0-9_-]*');
  const encoded = Buffer.from(recipient.trim(), 'utf8').toString('base64url');
  return `${PREFIX}${ref}.${encoded}.${sign(secret, ref, encoded)}@${bounceDomain}`;
}

/** The recipient and ref of a VERP address we made; null for any other address or a bad signature. */
export function parseVerpAddress(secret: Buffer, address: string): VerpParts | null {
  const at = address.lastIndexOf('@');
  const local = (at < 0 ? address : address.slice(0, at)).replace(/^<|>$/g, '');
  if (!local.toLowerCase().startsWith(PREFIX)) return null;
  const parts = local.slice(PREFIX.length).split('.');
  if (parts.length !== 3) return null;
  const [ref, encoded, sig] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]*$/.test(ref) || !/^[A-Za-z0-9_-]+$/.test(encoded) || sig.length !== SIG_CHARS) return null;
  if (!timingSafeEqual(Buffer.from(sign(secret, ref, encoded)), Buffer.from(sig))) return null;
  const recipient = Buffer.from(encoded, 'base64url').toString('utf8');
  return /^[^\s@]+@[^\s@]+$/.test(recipient) ? { recipient, ref } : null;
}
