import type { SessionViewer } from './viewer.js';

/** Sessions kept at most; past it the oldest go first (a flood of tokens cannot grow it). */
const MAX_SESSIONS = 20_000;

interface Kept {
  viewer: SessionViewer;
  expiresAt: number;
  keptAt: number;
}

/**
 * Signed-in readers' sessions, kept per process for a few seconds (SESSION_CACHE_SECONDS):
 * the session lookup is one statement on every signed-in request, and a reader's pages,
 * notification count and feed pages come in bursts. A session is forgotten as soon as its
 * user writes anything (sign-out, signing other sessions out, a new name, membership…) in
 * any process of the site (server/write-invalidation.ts), and everything is forgotten on a
 * write without a signed-in user (a payment provider's call). What changes users outside a
 * request of theirs (a membership renewed or ended by a worker sweep) is announced with
 * announceUsersChanged (server/write-invalidation.ts); a membership that runs out needs no
 * announcement at all (its end is on the kept viewer, compared per request); anything else
 * (staff in the database) shows within the TTL.
 */
export class SessionCache {
  private readonly byTokenHash = new Map<string, Kept>();
  /** A user's kept sessions, so a write forgets them without a scan. */
  private readonly byUser = new Map<string, Set<string>>();

  constructor(private readonly ttlMs: number) {}

  get(tokenHash: string, now: number): SessionViewer | null {
    const kept = this.byTokenHash.get(tokenHash);
    if (!kept) return null;
    if (now - kept.keptAt >= this.ttlMs || kept.expiresAt <= now) {
      this.delete(tokenHash);
      return null;
    }
    // A copy: a request may not change what the next one is given.
    return { ...kept.viewer };
  }

  set(tokenHash: string, viewer: SessionViewer, expiresAt: Date, now: number): void {
    this.delete(tokenHash);
    if (this.byTokenHash.size >= MAX_SESSIONS) {
      const oldest = this.byTokenHash.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.byTokenHash.set(tokenHash, { viewer: { ...viewer }, expiresAt: expiresAt.getTime(), keptAt: now });
    let hashes = this.byUser.get(viewer.id);
    if (!hashes) this.byUser.set(viewer.id, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  forgetUser(userId: string): void {
    for (const hash of this.byUser.get(userId) ?? []) this.byTokenHash.delete(hash);
    this.byUser.delete(userId);
  }

  forgetAll(): void {
    this.byTokenHash.clear();
    this.byUser.clear();
  }

  private delete(tokenHash: string): void {
    const kept = this.byTokenHash.get(tokenHash);
    if (!kept) return;
    this.byTokenHash.delete(tokenHash);
    const hashes = this.byUser.get(kept.viewer.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(kept.viewer.id);
  }

  get size(): number {
    return this.byTokenHash.size;
  }
}
