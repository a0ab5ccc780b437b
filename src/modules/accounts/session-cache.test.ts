import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';
import type { SessionViewer } from './viewer.js';

const viewer = (id: string): SessionViewer => ({ id, isStaff: false, isAdmin: false, name: `User ${id}`, username: id, imageId: null, emailObfuscated: null, memberTier: 'FREE', memberAccessUntil: null, xsrf: 'x', signedInAt: new Date(0) });
const LATER = new Date(1_000_000);

describe('SessionCache', () => {
  it('keeps a session for its TTL, never past the session’s own expiry, and hands out copies', () => {
    const cache = new SessionCache(10_000);
    cache.set('h1', viewer('a'), LATER, 0);
    const first = cache.get('h1', 9_999)!;
    expect(first.id).toBe('a');
    first.name = 'changed by a request';
    expect(cache.get('h1', 9_999)!.name).toBe('User a');
    expect(cache.get('h1', 10_000)).toBeNull();
    cache.set('h2', viewer('b'), new Date(5_000), 0);
    expect(cache.get('h2', 4_999)?.id).toBe('b');
    expect(cache.get('h2', 5_000)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('forgets every session of one user, or all of them', () => {
    const cache = new SessionCache(10_000);
    cache.set('a1', viewer('a'), LATER, 0);
    cache.set('a2', viewer('a'), LATER, 0);
    cache.set('b1', viewer('b'), LATER, 0);
    cache.forgetUser('a');
    expect([cache.get('a1', 1), cache.get('a2', 1), cache.get('b1', 1)?.id]).toEqual([null, null, 'b']);
    cache.set('a1', viewer('a'), LATER, 0);
    cache.forgetAll();
    expect([cache.get('a1', 1), cache.get('b1', 1)]).toEqual([null, null]);
  });
});
