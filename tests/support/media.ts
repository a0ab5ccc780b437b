import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { TEST_HOST } from './app.js';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartBody(file: Buffer, opts: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----inkwell${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'image.jpg'}"\r\n` +
    `Content-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts `file` to /_/upload as a browser with `cookie` and `xsrf` would. */
export function upload(
  app: FastifyInstance,
  file: Buffer,
  opts: { cookie?: string; xsrf?: string; field?: string; filename?: string; contentType?: string } = {},
) {
  const { payload, contentType } = multipartBody(file, opts);
  const headers: Record<string, string> = { host: TEST_HOST, 'content-type': contentType };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.xsrf !== undefined) headers['x-xsrf-token'] = opts.xsrf;
  return app.inject({ method: 'POST', url: '/_/upload', headers, payload });
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few KB whose header declares `side` × `side`
 * RGB pixels (20000² = 400 MP, 1.2 GB decoded), with a little real image data.
 */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = zlib.deflateSync(Buffer.alloc((1 + side * 3) * 16));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG photo stand-in, `width` × `height` as stored, with EXIF saying it must be turned (orientation 6) and naming its author. */
export async function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c04020' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Artist: 'Ann Camera', Copyright: 'secret-exif-marker' } })
    .toBuffer();
}

/** Left half red, right half blue: which half a crop kept shows in its pixels. */
export async function twoColourJpeg(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const blue = await sharp({ create: { width: width - half, height, channels: 3, background: '#0000ff' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: half, top: 0 }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The RGBA of the pixel at (x, y) of an encoded image. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<[number, number, number, number]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
}
