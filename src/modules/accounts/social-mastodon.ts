import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { safeFetch, SafeFetchError } from '../../platform/http/safe-fetch.js';
import { mastodonApps } from './connected-account-tables.js';
import type { FetchJson, OAuth2Provider } from './social-providers.js';

/** Spec §8 MastodonInstanceConnectionError, as the reader reads it. */
export const mastodonConnectionError = (host: string) => `We could not connect to ${host}. Check your server's address and try again.`;
export const MASTODON_SERVER_REQUIRED = 'Enter the address of your Mastodon server, such as mastodon.social.';

const SCOPES = 'read:accounts';

export interface MastodonServer {
  /** Host name, with a port when not the default: the key of its app and the identity's issuer. */
  host: string;
  origin: string;
}

/**
 * The server a reader typed: 'mastodon.social', 'https://mastodon.social/', '@ann@mastodon.social'
 * all name mastodon.social. https only, except for an address FETCH_ALLOW_ADDRESSES lets
 * through (tests, closed networks), which may be written with http://.
 */
export function parseMastodonServer(raw: string | undefined, allowAddresses: readonly string[]): MastodonServer | null {
  let text = (raw ?? '').trim().toLowerCase();
  if (!text) return null;
  if (text.includes('@') && !text.includes('/')) text = text.slice(text.lastIndexOf('@') + 1);
  const explicitHttp = text.startsWith('http://');
  if (!/^https?:\/\//.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!isIP(hostname) && !/^([a-z0-9-]+\.)+[a-z0-9-]{2,}$/.test(hostname)) return null;
  if (explicitHttp && !allowAddresses.includes(hostname)) return null;
  return { host: url.host, origin: url.origin };
}

/** JSON from a server a reader named, under the SSRF rules (public addresses only, pinned, capped). */
function safeJson(allowAddresses: readonly string[]): FetchJson {
  return async (url, init = {}) => {
    const res = await safeFetch(url, {
      accept: 'json',
      method: init.method,
      headers: init.headers,
      body: init.body !== undefined ? { contentType: init.headers?.['content-type'] ?? 'application/x-www-form-urlencoded', data: init.body } : undefined,
      maxBytes: 256 * 1024,
      allowAddresses,
    });
    return JSON.parse(res.body.toString('utf8')) as unknown;
  };
}

/**
 * This site's client at `server`: the one registered before, or a new registration
 * (POST /api/v1/apps). Two readers naming a new server at once register twice; the
 * first stored wins and both use it.
 */
async function clientAt(db: Db, server: MastodonServer, redirectUri: string, siteName: string, fetchJson: FetchJson): Promise<{ clientId: string; clientSecret: string }> {
  const [known] = await db.select().from(mastodonApps).where(eq(mastodonApps.instance, server.host));
  if (known && known.redirectUri === redirectUri) return known;
  const website = new URL(redirectUri).origin;
  const app = (await fetchJson(`${server.origin}/api/v1/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: siteName, redirect_uris: redirectUri, scopes: SCOPES, website }),
  })) as { client_id?: unknown; client_secret?: unknown };
  if (typeof app.client_id !== 'string' || typeof app.client_secret !== 'string') throw new Error('The server did not register the app.');
  const row = { instance: server.host, redirectUri, clientId: app.client_id, clientSecret: app.client_secret };
  await db.insert(mastodonApps).values(row).onConflictDoUpdate({ target: mastodonApps.instance, set: { redirectUri, clientId: row.clientId, clientSecret: row.clientSecret, createdAt: new Date() } });
  return row;
}

export interface MastodonDeps {
  db: Db;
  redirectUri: string;
  siteName: string;
  allowAddresses: readonly string[];
}

/**
 * The OAuth 2 provider for one Mastodon server: code flow with PKCE (Mastodon 4.3+ checks
 * it; older servers ignore it), client secret in the form, and verify_credentials for the
 * account. The identity is (server, account id); Mastodon shares no address.
 * Throws when the server cannot be reached or is not a Mastodon server.
 */
export async function mastodonProvider(server: MastodonServer, deps: MastodonDeps): Promise<OAuth2Provider> {
  const fetchJson = safeJson(deps.allowAddresses);
  const client = await clientAt(deps.db, server, deps.redirectUri, deps.siteName, fetchJson);
  return {
    kind: 'oauth2',
    name: 'mastodon',
    label: 'Mastodon',
    issuer: server.origin,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    authorizationEndpoint: `${server.origin}/oauth/authorize`,
    tokenEndpoint: `${server.origin}/oauth/token`,
    tokenRequest: 'post-form',
    scopes: [SCOPES],
    scopeSeparator: ' ',
    responseMode: 'query',
    fetchJson,
    async profile(accessToken, get) {
      const me = (await get(`${server.origin}/api/v1/accounts/verify_credentials`, { headers: { authorization: `Bearer ${accessToken}` } })) as Record<string, unknown>;
      if (typeof me.id !== 'string' || !me.id) throw new Error('The server returned no account id.');
      const name = [me.display_name, me.username].find((v): v is string => typeof v === 'string' && v.trim() !== '');
      return { subject: me.id, email: null, emailVerified: false, name: name?.trim() ?? null };
    },
  };
}

