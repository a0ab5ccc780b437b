/**
 * Image processing with sharp (libvips): an upload becomes a clean stored original, and
 * an original becomes the variants readers ask for. Nothing here touches storage, the
 * database or HTTP.
 */
import type { Metadata, Sharp } from 'sharp';
import { SHARP_FORMAT, sniffImageType, type ImageMimeType } from './sniff.js';
import type { VariantPlan } from './variants.js';

/**
 * Decoded pixels an image may have (all frames of an animation together). The header
 * states the dimensions, so a decompression bomb (a few KB claiming 20000 × 20000) is
 * refused before anything is decoded: 50 MP is a 200 MB RGBA buffer, well above any
 * camera photo a story needs and far below what would exhaust a server.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** libvips stops work on one image after this long (a pathological file, not a big one). */
const TIMEOUT_SECONDS = 60;

export const UPLOAD_MESSAGES = {
  unsupportedType: 'Unsupported image type: upload a JPEG, PNG, WebP or GIF image.',
  tooManyPixels: `Images can be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  unreadable: 'The image could not be read; the file may be damaged.',
  tooLarge: (maxMb: number) => `Images can be at most ${maxMb} MB.`,
} as const;

/** An upload refused for what it is; `statusCode` is the HTTP answer. */
export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  data: Buffer;
  mimeType: ImageMimeType;
  width: number;
  /** Of one frame, for animations. */
  height: number;
}

type SharpModule = (typeof import('sharp'))['default'];
let sharpModule: Promise<SharpModule> | null = null;
/**
 * sharp (libvips) costs ~0.6 s and ~30 MB to load: it is loaded by the first upload or
 * new variant, so a process that only reads (or serves stored variants) never holds it.
 */
function loadSharp(): Promise<SharpModule> {
  return (sharpModule ??= import('sharp').then((m) => m.default));
}

/** GIF and WebP may be animated; their frames are kept. */
const mayAnimate = (mime: ImageMimeType) => mime === 'image/gif' || mime === 'image/webp';

const isPixelLimitError = (err: unknown) => /pixel limit/i.test(String((err as Error)?.message));

/** Re-encodes in the given format; libvips writes no EXIF, XMP or IPTC unless asked to. */
function encode(image: Sharp, mime: ImageMimeType, purpose: 'original' | 'variant'): Sharp {
  const original = purpose === 'original';
  switch (mime) {
    case 'image/jpeg':
      // Originals are re-encoded once at high quality; variants are smaller (mozjpeg), computed once.
      return image.jpeg(original ? { quality: 90 } : { quality: 80, mozjpeg: true });
    case 'image/png':
      return image.png();
    case 'image/webp':
      return image.webp({ quality: original ? 90 : 80 });
    case 'image/gif':
      return image.gif();
  }
}

/**
 * Checks and re-encodes an upload: the type comes from the bytes (and must be what the
 * decoder reads), the pixel count from the header before decoding, then the image is
 * turned upright by its EXIF orientation and written again without any metadata (no
 * camera, GPS or author fields leave the uploader's machine through us).
 */
export async function processUpload(input: Buffer): Promise<ProcessedImage> {
  const mimeType = sniffImageType(input);
  if (!mimeType) throw new ImageRejectedError(UPLOAD_MESSAGES.unsupportedType, 415);
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, animated: mayAnimate(mimeType) };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (err) {
    if (isPixelLimitError(err)) throw new ImageRejectedError(UPLOAD_MESSAGES.tooManyPixels, 413);
    throw new ImageRejectedError(UPLOAD_MESSAGES.unreadable, 400);
  }
  if (meta.format !== SHARP_FORMAT[mimeType]) throw new ImageRejectedError(UPLOAD_MESSAGES.unsupportedType, 415);
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !frameHeight) throw new ImageRejectedError(UPLOAD_MESSAGES.unreadable, 400);
  if (meta.width * frameHeight * (meta.pages ?? 1) > MAX_IMAGE_PIXELS) throw new ImageRejectedError(UPLOAD_MESSAGES.tooManyPixels, 413);
  try {
    const image = sharp(input, options).autoOrient().timeout({ seconds: TIMEOUT_SECONDS });
    const { data, info } = await encode(image, mimeType, 'original').toBuffer({ resolveWithObject: true });
    return { data, mimeType, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    if (isPixelLimitError(err)) throw new ImageRejectedError(UPLOAD_MESSAGES.tooManyPixels, 413);
    throw new ImageRejectedError(UPLOAD_MESSAGES.unreadable, 400);
  }
}

/** Bars of a letterbox: transparent where the format has alpha, white (the page) otherwise. */
function barColour(mime: ImageMimeType) {
  return mime === 'image/jpeg' ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
}

/**
 * One variant of a stored original (already upright and clean), as `plan` describes it
 * (see variants.ts), encoded as `output`. Animations stay animated when resampled; the
 * box strategies use the first frame.
 */
export async function renderVariant(original: Buffer, originalMime: ImageMimeType, plan: VariantPlan, output: ImageMimeType): Promise<Buffer> {
  const sharp = await loadSharp();
  const animated = plan.strategy === 'resample' && mayAnimate(originalMime);
  let image = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, animated }).timeout({ seconds: TIMEOUT_SECONDS });
  switch (plan.strategy) {
    case 'resample':
      if (plan.width !== plan.originalWidth) image = image.resize({ width: plan.width, withoutEnlargement: true });
      break;
    case 'crop': {
      if (!plan.focus) {
        image = image.resize(plan.width, plan.height, { fit: 'cover', position: sharp.strategy.attention });
        break;
      }
      // Scale to cover the box, then cut the box around the focus point (kept inside the image).
      const scale = Math.max(plan.width / plan.originalWidth, plan.height / plan.originalHeight);
      const w = Math.max(plan.width, Math.round(plan.originalWidth * scale));
      const h = Math.max(plan.height, Math.round(plan.originalHeight * scale));
      const left = clamp(Math.round((w * plan.focus.x) / 100 - plan.width / 2), 0, w - plan.width);
      const top = clamp(Math.round((h * plan.focus.y) / 100 - plan.height / 2), 0, h - plan.height);
      image = image.resize(w, h, { fit: 'fill' }).extract({ left, top, width: plan.width, height: plan.height });
      break;
    }
    case 'letterbox':
      image = image.resize(plan.width, plan.height, { fit: 'contain', background: barColour(output) });
      break;
    case 'proxy':
      image = image.resize(plan.width, plan.height, { fit: 'inside', withoutEnlargement: true });
      break;
  }
  return encode(image, output, 'variant').toBuffer();
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
