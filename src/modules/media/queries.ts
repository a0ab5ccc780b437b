import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { ImageMimeType } from './sniff.js';
import { mediaResources } from './tables.js';

export interface MediaResource {
  id: string;
  ownerId: string | null;
  mimeType: ImageMimeType;
  width: number;
  height: number;
  bytes: number;
}

const COLUMNS = {
  id: mediaResources.id,
  ownerId: mediaResources.ownerId,
  mimeType: mediaResources.mimeType,
  width: mediaResources.width,
  height: mediaResources.height,
  bytes: mediaResources.bytes,
};

/**
 * Media rows never change once written, so a process keeps the ones it has served: an
 * image shown on every page costs one query per process, not one per request. Unknown
 * ids are not remembered (an upload may create the id a moment later).
 */
export function createMediaLookup(db: Db, maxEntries = 20_000) {
  const known = new Map<string, MediaResource>();
  const byId = db.select(COLUMNS).from(mediaResources).where(eq(mediaResources.id, sql.placeholder('id'))).limit(1).prepare('media_resource_by_id');
  return async function mediaById(id: string): Promise<MediaResource | null> {
    const hit = known.get(id);
    if (hit) return hit;
    const [row] = await byId.execute({ id });
    if (!row) return null;
    if (known.size >= maxEntries) known.delete(known.keys().next().value!);
    const resource = row as MediaResource;
    known.set(id, resource);
    return resource;
  };
}

/** Did `ownerId` upload image `id`? (Only a reader's own upload may stand for them, e.g. as their profile photo.) */
export async function isOwnUpload(db: Db, id: string, ownerId: string): Promise<boolean> {
  const [row] = await db.select({ id: mediaResources.id }).from(mediaResources).where(sql`${mediaResources.id} = ${id} and ${mediaResources.ownerId} = ${ownerId}`).limit(1);
  return Boolean(row);
}
