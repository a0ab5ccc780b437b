import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, readAll } from './index.js';

describe('local disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-storage-'));
  const dir = path.join(root, 'media');
  const storage = createLocalStorage(dir);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('creates nothing until the first write', async () => {
    expect(await storage.exists('originals/a')).toBe(false);
    expect(await storage.get('originals/a')).toBeNull();
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('puts, streams, replaces and deletes', async () => {
    await storage.put('variants/abc/v1-w680.webp', Buffer.from('first'));
    expect(await storage.exists('variants/abc/v1-w680.webp')).toBe(true);
    const object = (await storage.get('variants/abc/v1-w680.webp'))!;
    expect(object.size).toBe(5);
    expect((await readAll(object)).toString()).toBe('first');
    await storage.put('variants/abc/v1-w680.webp', Buffer.from('second!'));
    expect((await readAll((await storage.get('variants/abc/v1-w680.webp'))!)).toString()).toBe('second!');
    expect(fs.readdirSync(path.join(dir, 'variants', 'abc'))).toEqual(['v1-w680.webp']); // no temporary files left
    await storage.delete('variants/abc/v1-w680.webp');
    await storage.delete('variants/abc/v1-w680.webp');
    expect(await storage.exists('variants/abc/v1-w680.webp')).toBe(false);
  });

  it('refuses keys that could leave its directory or differ between disk and S3', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'A/B', 'a/./b', '', 'a\\b', 'a/b/']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('Invalid storage key');
    }
    expect(fs.existsSync(path.join(root, 'x'))).toBe(false);
  });
});
