/**
 * Blob storage for media (uploaded originals and their generated variants), behind one
 * small interface so that a site served by several machines can keep its files in an
 * S3-compatible bucket instead of a local directory. See README.md beside this file for
 * what an adapter must guarantee.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';

/** A stored object opened for reading. */
export interface StoredObject {
  stream: Readable;
  /** Size in bytes (a Content-Length for the response). */
  size: number;
}

export interface BlobStorage {
  /** Stores `body` under `key`, replacing any object there; readers see the old or the new object, never a partial one. */
  put(key: string, body: Buffer): Promise<void>;
  /** Opens the object for reading; null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are relative paths of lowercase letters, digits, '-', '_' and '.', in segments
 * separated by '/', none of them a dot segment: the same key is then a safe file path
 * and a safe S3 object key.
 */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[a-z0-9._-]+(?:\/[a-z0-9._-]+)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.length > 512) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** Files under `root`, created on first write (a site that never stores media creates nothing). */
export function createLocalStorage(root: string): BlobStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(base, ...key.split('/'));
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed over it: rename is atomic within a directory,
      // so a reader (or a crash) never sees half a file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temp, body, { flag: 'wx' });
        await fs.rename(temp, file);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      // Size and stream from one open file, so a concurrent replace cannot mismatch them.
      try {
        const { size } = await handle.stat();
        return { size, stream: handle.createReadStream() }; // closes the file when done
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async exists(key) {
      try {
        await fs.access(fileOf(key));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** Reads a whole stored object into memory (images are capped in size before they are stored). */
export async function readAll(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
