import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { VARIANT_FLAG_NAMES } from '../../shared/constants.js';
import { variantFlags } from './tables.js';

export type FlagValue = boolean | string | number;

/** Adds the spec's flags (§4-§6) that are missing, switched off; existing values stay. */
export async function ensureVariantFlags(db: Db): Promise<void> {
  await db
    .insert(variantFlags)
    .values(VARIANT_FLAG_NAMES.map((name) => ({ name, value: false })))
    .onConflictDoNothing();
}

export async function listVariantFlags(db: Db): Promise<{ name: string; value: FlagValue }[]> {
  return db.select({ name: variantFlags.name, value: variantFlags.value }).from(variantFlags).orderBy(variantFlags.name);
}

export async function setVariantFlag(db: Db, name: string, value: FlagValue): Promise<void> {
  await db
    .insert(variantFlags)
    .values({ name, value })
    .onConflictDoUpdate({ target: variantFlags.name, set: { value, updatedAt: sql`now()` } });
}

/**
 * Flags read on every page render, refreshed at most every `ttlMs` (a staff change shows
 * within seconds, without a query per request).
 */
export function cachedVariantFlags(db: Db, ttlMs = 10_000): () => Promise<Map<string, FlagValue>> {
  let value: Map<string, FlagValue> | null = null;
  let loadedAt = 0;
  let pending: Promise<Map<string, FlagValue>> | null = null;
  return async () => {
    if (value && Date.now() - loadedAt < ttlMs) return value;
    pending ??= listVariantFlags(db)
      .then((rows) => {
        value = new Map(rows.map((r) => [r.name, r.value]));
        loadedAt = Date.now();
        return value;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}
