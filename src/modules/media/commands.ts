import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/client.js';
import type { BlobStorage } from '../../platform/storage/index.js';
import { processUpload } from './process.js';
import type { MediaResource } from './queries.js';
import { mediaResources } from './tables.js';

/** 24 lowercase hex characters (MEDIA_RESOURCE_ID in src/shared/images.ts). */
export const newMediaResourceId = (): string => randomBytes(12).toString('hex');

/** Where an image's stored original lives; its variants live under `variants/{id}/`. */
export const originalKey = (id: string) => `originals/${id}`;

/**
 * Stores an uploaded image for `ownerId`: checked and re-encoded (process.ts), written to
 * storage under a new server-made id, then recorded. The row comes last so that no row
 * ever names a missing file; if recording fails the file is removed again.
 */
export async function storeUploadedImage(db: Db, storage: BlobStorage, ownerId: string, upload: Buffer): Promise<MediaResource> {
  const image = await processUpload(upload);
  const resource: MediaResource = {
    id: newMediaResourceId(),
    ownerId,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
    bytes: image.data.length,
  };
  await storage.put(originalKey(resource.id), image.data);
  try {
    await db.insert(mediaResources).values(resource);
  } catch (err) {
    await storage.delete(originalKey(resource.id)).catch(() => {});
    throw err;
  }
  return resource;
}
