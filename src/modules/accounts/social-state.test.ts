import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readFlow, startFlow } from './social-state.js';

describe('social sign-in state', () => {
  it('is the provider, the redirect, the operation and the viewer joined by |, then a keyed hash', () => {
    const flow = startFlow({ provider: 'google', redirect: '/me/settings/security?x=a|b', operation: 'connect', viewerId: 'a1b2c3d4e5f6' });
    const parts = flow.state.split('|');
    expect(parts.slice(0, 4)).toEqual(['google', encodeURIComponent('/me/settings/security?x=a|b'), 'connect', 'a1b2c3d4e5f6']);
    expect(parts[4]).toMatch(/^[\w-]{43}$/);
    expect(readFlow(flow.state, flow.secret)).toEqual({
      provider: 'google',
      redirect: '/me/settings/security?x=a|b',
      operation: 'connect',
      viewerId: 'a1b2c3d4e5f6',
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
      codeChallenge: flow.codeChallenge,
    });
  });

  it('derives a PKCE verifier and its S256 challenge, and a nonce, that differ per flow', () => {
    const a = startFlow({ provider: 'oidc', redirect: '/', operation: 'login', viewerId: null });
    const b = startFlow({ provider: 'oidc', redirect: '/', operation: 'login', viewerId: null });
    expect(a.codeVerifier).toMatch(/^[\w-]{43,128}$/);
    expect(a.codeChallenge).toBe(createHash('sha256').update(a.codeVerifier).digest('base64url'));
    expect(a.state.split('|')).toHaveLength(4);
    expect(new Set([a.nonce, b.nonce, a.codeVerifier, b.codeVerifier, a.state, b.state]).size).toBe(6);
    expect(a.state).not.toContain(a.codeVerifier);
  });

  it('rejects a state without its cookie, with another browser’s cookie, or with any part changed', () => {
    const a = startFlow({ provider: 'oidc', redirect: '/@known', operation: 'login', viewerId: null });
    const b = startFlow({ provider: 'oidc', redirect: '/@known', operation: 'login', viewerId: null });
    expect(readFlow(a.state, undefined)).toBeNull();
    expect(readFlow(undefined, a.secret)).toBeNull();
    expect(readFlow(a.state, b.secret)).toBeNull();
    expect(readFlow(a.state.replace('%2F%40known', '%2Fevil'), a.secret)).toBeNull();
    expect(readFlow(a.state.replace('|login|', '|register|'), a.secret)).toBeNull();
    expect(readFlow(a.state.replace('oidc|', 'google|'), a.secret)).toBeNull();
    expect(readFlow('no-separator', a.secret)).toBeNull();
  });
});
