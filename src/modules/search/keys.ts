/**
 * Search-only keys (spec §7: keys in headers): short-lived, signed, and scoped to one viewer.
 * The key carries the viewer id and its expiry under an HMAC, so the endpoint knows who asks
 * (member-only text, muted writers, the unfiltered flag) without a session cookie, and a key
 * cannot be widened: changing the viewer id breaks the signature. The secret is derived from
 * SECRET_KEY; without one it is per process (then keys only work on the process that made
 * them: set SECRET_KEY when several processes serve the site).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What clients send as x-algolia-application-id. */
export const SEARCH_APP_ID = 'INKWELL';
/** Lifetime of a key; the page asks for a new one (GraphQL searchKey) when it has expired. */
export const SEARCH_KEY_TTL_MS = 60 * 60 * 1000;
const PREFIX = 'isk1';

export interface SearchKeyClaims {
  viewerId: string | null;
  expiresAt: Date;
}

const secrets = new Map<string, Buffer>();
const processSecret = randomBytes(32);

function keySecret(secretKey: string | undefined): Buffer {
  const base = secretKey ?? '';
  let s = secrets.get(base);
  if (!s) {
    s = createHmac('sha256', secretKey ?? processSecret).update('inkwell search keys v1').digest();
    secrets.set(base, s);
  }
  return s;
}

const sign = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function createSearchKey(secretKey: string | undefined, viewerId: string | null, now = Date.now()): { apiKey: string; expiresAt: Date } {
  const expiresAt = new Date(now + SEARCH_KEY_TTL_MS);
  const payload = Buffer.from(JSON.stringify({ u: viewerId, x: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
  return { apiKey: `${PREFIX}.${payload}.${sign(keySecret(secretKey), payload)}`, expiresAt };
}

/** The claims of a valid, unexpired key; null for anything else. */
export function verifySearchKey(secretKey: string | undefined, apiKey: string, now = Date.now()): SearchKeyClaims | null {
  const parts = apiKey.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const [, payload, mac] = parts as [string, string, string];
  const expected = Buffer.from(sign(keySecret(secretKey), payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: unknown; x: unknown };
    if (typeof claims.x !== 'number' || claims.x * 1000 <= now) return null;
    if (claims.u !== null && typeof claims.u !== 'string') return null;
    return { viewerId: claims.u, expiresAt: new Date(claims.x * 1000) };
  } catch {
    return null;
  }
}
