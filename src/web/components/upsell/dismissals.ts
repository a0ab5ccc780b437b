/**
 * Spec §9 "stored banner dismissal times": when this browser dismissed each banner kept here
 * (join, reactivate, gift, Friend upsell). The durations they hold for are in the banner
 * choice (src/shared/upsell-banner.ts); the payment banners' dismissals are server flags.
 */
import type { LocalDismissal } from '../../../shared/upsell-banner.js';
import { localStore, type JsonStore } from '../../lib/local-storage.js';

export const BANNER_DISMISSALS_KEY = 'upsellBannerDismissals';
const KINDS: readonly LocalDismissal[] = ['joinMembership', 'reactivate', 'gift', 'friendUpsell'];

export function readDismissals(store: JsonStore = localStore): Partial<Record<LocalDismissal, number>> {
  const raw = store.get<unknown>(BANNER_DISMISSALS_KEY, {});
  const out: Partial<Record<LocalDismissal, number>> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const kind of KINDS) {
    const at = (raw as Record<string, unknown>)[kind];
    if (typeof at === 'number' && Number.isFinite(at)) out[kind] = at;
  }
  return out;
}

export function recordDismissal(kind: LocalDismissal, at: number, store: JsonStore = localStore): void {
  store.set(BANNER_DISMISSALS_KEY, { ...readDismissals(store), [kind]: at });
}
