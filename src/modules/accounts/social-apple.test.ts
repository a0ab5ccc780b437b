import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appleClientSecret, appleUserName, APPLE_SECRET_LIFETIME_S } from './social-apple.js';

describe('Sign in with Apple', () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const info = { teamId: 'TEAM', keyId: 'KID', clientId: 'com.example.web', privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), audience: 'https://appleid.apple.com' };

  it('makes an ES256 client secret Apple can verify, and a new one after half its life', () => {
    let now = Date.UTC(2026, 10, 22);
    const secret = appleClientSecret(info, () => now);
    const first = secret();
    const [h, p, s] = first.split('.') as [string, string, string];
    expect(verify('sha256', Buffer.from(`${h}.${p}`), { key: createPublicKey(privateKey), dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))).toBe(true);
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toEqual({ iss: 'TEAM', sub: 'com.example.web', aud: 'https://appleid.apple.com', iat: now / 1000, exp: now / 1000 + APPLE_SECRET_LIFETIME_S });
    now += 60_000;
    expect(secret()).toBe(first);
    now += (APPLE_SECRET_LIFETIME_S * 1000) / 2;
    expect(secret()).not.toBe(first);
  });

  it('reads the name from the first answer’s user field, and nothing from a malformed one', () => {
    expect(appleUserName(JSON.stringify({ name: { firstName: 'Anna', lastName: 'Apfel' }, email: 'a@b.c' }))).toBe('Anna Apfel');
    expect(appleUserName(JSON.stringify({ name: { firstName: ' Jo ' } }))).toBe('Jo');
    expect(appleUserName('{not json')).toBeNull();
    expect(appleUserName(undefined)).toBeNull();
  });
});
