import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { Config } from '../../server/config.js';
import type { UnnamedProvider } from './social-providers.js';

/**
 * Sign in with Apple: OpenID Connect (discovery at APPLE_ISSUER) with two differences.
 * The client secret is a short-lived JWT the site signs (ES256) with the private key Apple
 * issued for it, naming the team, the key and the Services ID; and the answer comes back
 * as a cross-site form POST (response_mode=form_post, required for the name and email
 * scopes), whose `user` field carries the reader's name on the first sign-in only.
 */
export const APPLE_SECRET_LIFETIME_S = 3600;

export function appleFromConfig(c: Config): UnnamedProvider | null {
  if (!c.APPLE_CLIENT_ID || !c.APPLE_TEAM_ID || !c.APPLE_KEY_ID || !c.APPLE_PRIVATE_KEY) return null;
  const secret = appleClientSecret({ teamId: c.APPLE_TEAM_ID, keyId: c.APPLE_KEY_ID, clientId: c.APPLE_CLIENT_ID, privateKey: c.APPLE_PRIVATE_KEY, audience: c.APPLE_ISSUER });
  return {
    kind: 'oidc',
    label: 'Apple',
    issuer: c.APPLE_ISSUER,
    clientId: c.APPLE_CLIENT_ID,
    clientSecret: secret,
    scopes: ['openid', 'name', 'email'],
    responseMode: 'form_post',
    tokenAuth: 'post',
  };
}

export interface AppleKeyInfo {
  teamId: string;
  keyId: string;
  clientId: string;
  /** The .p8 file's PEM (PKCS #8, P-256); literal '\n' stand for line breaks (one-line env values). */
  privateKey: string;
  audience: string;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A maker of client secrets: each is an ES256 JWT valid for an hour, made again when half
 * of that has passed, so one is never sent about to expire.
 */
export function appleClientSecret(info: AppleKeyInfo, now: () => number = Date.now): () => string {
  const key: KeyObject = createPrivateKey(info.privateKey.replace(/\\n/g, '\n'));
  let cached: { token: string; madeAt: number } | null = null;
  return () => {
    const t = now();
    if (cached && t - cached.madeAt < (APPLE_SECRET_LIFETIME_S * 1000) / 2) return cached.token;
    const iat = Math.floor(t / 1000);
    const input = `${b64url({ alg: 'ES256', kid: info.keyId })}.${b64url({ iss: info.teamId, iat, exp: iat + APPLE_SECRET_LIFETIME_S, aud: info.audience, sub: info.clientId })}`;
    // JWS wants the raw r||s signature (IEEE P1363), not DER.
    const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    cached = { token: `${input}.${signature}`, madeAt: t };
    return cached.token;
  };
}

/** The name in the `user` field of Apple's first answer, if it is there and well formed. */
export function appleUserName(userField: string | undefined): string | null {
  if (!userField) return null;
  try {
    const user = JSON.parse(userField) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [user.name?.firstName, user.name?.lastName].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
    return parts.length ? parts.map((p) => p.trim()).join(' ') : null;
  } catch {
    return null;
  }
}
