import { createHmac } from 'node:crypto';
import type { Config } from '../../server/config.js';
import type { UnnamedProvider } from './social-providers.js';

type Json = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * Facebook Login (OAuth 2 with PKCE): the Graph API's /me gives the app-scoped id, the
 * name and the address, which Facebook only returns once the person confirmed it. Calls
 * carry appsecret_proof, so a token leaked elsewhere is useless without the app secret.
 */
export function facebookFromConfig(c: Config): UnnamedProvider | null {
  if (!c.FACEBOOK_CLIENT_ID || !c.FACEBOOK_CLIENT_SECRET) return null;
  const secret = c.FACEBOOK_CLIENT_SECRET;
  const graph = c.FACEBOOK_GRAPH_URL.replace(/\/$/, '');
  return {
    kind: 'oauth2',
    label: 'Facebook',
    issuer: 'https://www.facebook.com',
    clientId: c.FACEBOOK_CLIENT_ID,
    clientSecret: secret,
    authorizationEndpoint: c.FACEBOOK_DIALOG_URL,
    tokenEndpoint: `${graph}/oauth/access_token`,
    tokenRequest: 'get-query',
    scopes: ['email', 'public_profile'],
    scopeSeparator: ',',
    responseMode: 'query',
    async profile(accessToken, fetchJson) {
      const proof = createHmac('sha256', secret).update(accessToken).digest('hex');
      const q = new URLSearchParams({ fields: 'id,name,email', access_token: accessToken, appsecret_proof: proof });
      const me = (await fetchJson(`${graph}/me?${q}`)) as Json;
      const subject = text(me.id);
      if (!subject) throw new Error('Facebook returned no user id.');
      const email = text(me.email)?.toLowerCase() ?? null;
      return { subject, email, emailVerified: email !== null, name: text(me.name) };
    },
  };
}

/**
 * X (OAuth 2 with PKCE, a confidential client): /2/users/me gives the id and name, and
 * the confirmed address when the app may ask for it (users.email scope) and the person
 * has one.
 */
export function xFromConfig(c: Config): UnnamedProvider | null {
  if (!c.X_CLIENT_ID || !c.X_CLIENT_SECRET) return null;
  const api = c.X_API_URL.replace(/\/$/, '');
  return {
    kind: 'oauth2',
    label: 'X',
    issuer: 'https://x.com',
    clientId: c.X_CLIENT_ID,
    clientSecret: c.X_CLIENT_SECRET,
    authorizationEndpoint: c.X_AUTHORIZE_URL,
    tokenEndpoint: `${api}/oauth2/token`,
    tokenRequest: 'post-basic',
    scopes: ['tweet.read', 'users.read', 'users.email'],
    scopeSeparator: ' ',
    responseMode: 'query',
    async profile(accessToken, fetchJson) {
      const body = (await fetchJson(`${api}/users/me?user.fields=confirmed_email`, { headers: { authorization: `Bearer ${accessToken}` } })) as { data?: Json };
      const subject = text(body.data?.id);
      if (!subject) throw new Error('X returned no user id.');
      const email = text(body.data?.confirmed_email)?.toLowerCase() ?? null;
      return { subject, email, emailVerified: email !== null, name: text(body.data?.name) };
    },
  };
}
