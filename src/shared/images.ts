/**
 * Image URLs for stored images (spec §3 image metadata, §9 content widths and the image
 * pixel ratio cap of 2).
 *
 * Two kinds of image id exist:
 * - `demo/<file>.svg`: the illustrations shipped with the demo content, served as static
 *   files from `public/demo/` at `/static/demo/<file>.svg`. SVGs scale without loss, so
 *   every width maps to the same URL.
 * - anything else: an uploaded image (ids made by the media module: `MEDIA_RESOURCE_ID`),
 *   served at `/media/<id>?w=<width>`, resized to the requested width (never upscaling
 *   past the original) and snapped up to one of `IMAGE_WIDTHS`, so an image has few
 *   variants to compute and cache. `imageUrlFor` adds the strategies of spec §5.
 */
import { LAYOUT, LIMITS } from './constants.js';
import type { ImageLayout, ImageMetadata } from './paragraphs.js';

const DEMO_IMAGE_ID = /^demo\/([a-z0-9][a-z0-9._-]*\.svg)$/i;

/** Where the files of `demo/<file>` ids are served (from public/demo/). */
export const DEMO_IMAGE_BASE_PATH = '/static/demo/';

export function isDemoImageId(id: string): boolean {
  return DEMO_IMAGE_ID.test(id);
}

/**
 * The id of an uploaded image (media_resources.id): 24 lowercase hex characters (96
 * random bits, so unpublished uploads cannot be found by guessing). Paragraph image ids
 * are either this or a demo id.
 */
export const MEDIA_RESOURCE_ID = /^[0-9a-f]{24}$/;

export function isMediaResourceId(id: string): boolean {
  return MEDIA_RESOURCE_ID.test(id);
}

/** An image id a story may reference: an upload or a shipped demo illustration. */
export function isImageId(id: string): boolean {
  return isMediaResourceId(id) || isDemoImageId(id);
}

/**
 * The widths the media service computes. A requested width is snapped up to the next
 * one (so the image is never blurrier than asked), which bounds the variants of an image
 * and lets caches share them. They include the layout widths of spec §9 at 1x and 2x and
 * the avatar sizes; a width above the last one gets the original.
 */
export const IMAGE_WIDTHS: readonly number[] = [
  40, 64, 80, 128, 160, 240, 320, 480, 640, 680, 800, 1024, 1192, 1320, 1360, 1600, 2000, 2384, 2640, 3200, 4000,
];

/** The served width for a requested one: the next of IMAGE_WIDTHS, or null for the original. */
export function snapImageWidth(width: number): number | null {
  for (const w of IMAGE_WIDTHS) if (w >= width) return w;
  return null;
}

/**
 * Spec §5 image URL strategies: `resample` scales to a width keeping the aspect ratio;
 * the others fit the image to a width × height box: `crop` fills the box and cuts the
 * overflow (around the focus point when given), `letterbox` shows the whole image with
 * bars on two sides, `proxy` shows the whole image within the box, without bars.
 */
export const IMAGE_URL_STRATEGIES = ['resample', 'crop', 'letterbox', 'proxy'] as const;
export type ImageUrlStrategy = (typeof IMAGE_URL_STRATEGIES)[number];

export interface ImageUrlOptions {
  strategy?: ImageUrlStrategy;
  width?: number;
  height?: number;
  /** Crop only: the point to keep in view, in percent of the width and height (image metadata). */
  focusPercentX?: number;
  focusPercentY?: number;
}

/** Spec §5: 'An image URL with crop, letterbox or proxy strategy needs a height.' */
export function imageUrlStrategyError(strategy: ImageUrlStrategy): string {
  return `An image URL with ${strategy} strategy needs a height.`;
}

const positive = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n >= 0.5;
const percent = (n: number | undefined): number | null => (n !== undefined && Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : null);

/**
 * The URL of an image with a strategy of spec §5. crop, letterbox and proxy need a
 * height (and a width); without one this throws the spec's message. Sizes are rounded to
 * whole pixels; the focus point to whole percents.
 */
export function imageUrlFor(id: string, opts: ImageUrlOptions = {}): string {
  const strategy = opts.strategy ?? 'resample';
  if (strategy !== 'resample' && !(positive(opts.height) && positive(opts.width))) throw new Error(imageUrlStrategyError(strategy));
  const demo = DEMO_IMAGE_ID.exec(id);
  // SVGs scale to any box in the browser (object-fit does the crop or letterbox).
  if (demo) return `${DEMO_IMAGE_BASE_PATH}${demo[1]}`;
  // One encoded segment, never a dot segment: an id cannot walk out of /media/.
  const path = `/media/${/^\.*$/.test(id) ? '_' : encodeURIComponent(id)}`;
  if (!positive(opts.width)) return path;
  const query = [`w=${Math.round(opts.width)}`];
  if (strategy !== 'resample') {
    query.push(`h=${Math.round(opts.height!)}`, `s=${strategy}`);
    const fx = percent(opts.focusPercentX);
    const fy = percent(opts.focusPercentY);
    if (strategy === 'crop' && fx !== null && fy !== null) query.push(`fx=${fx}`, `fy=${fy}`);
  }
  return `${path}?${query.join('&')}`;
}

/**
 * The URL of an image at (about) `width` CSS pixels wide; without a width, the original.
 * Widths are rounded to whole pixels; non-positive or non-finite widths are ignored.
 */
export function imageUrl(id: string, width?: number): string {
  return imageUrlFor(id, { width });
}

/**
 * The nominal width in CSS pixels each image layout occupies on a wide screen (spec §9):
 * inset 680, outset 1192; full width spans the viewport, sized here by the maximum
 * content width 1320 (so 2x serves 2640 px, which covers most screens).
 */
export const IMAGE_LAYOUT_WIDTHS: Record<ImageLayout, number> = {
  INSET_CENTER: LAYOUT.contentWidthInset,
  OUTSET_CENTER: LAYOUT.contentWidthOutset,
  FULL_WIDTH: LAYOUT.contentWidthMax,
};

/** The `sizes` attribute matching the CSS of each layout in the story body. */
export const IMAGE_LAYOUT_SIZES: Record<ImageLayout, string> = {
  // The reading column is 680px plus 24px gutters, so it shrinks below 728px.
  INSET_CENTER: `(max-width: ${LAYOUT.contentWidthInset + 48}px) calc(100vw - 48px), ${LAYOUT.contentWidthInset}px`,
  OUTSET_CENTER: `(max-width: ${LAYOUT.contentWidthOutset + 48}px) 100vw, ${LAYOUT.contentWidthOutset}px`,
  FULL_WIDTH: '100vw',
};

/**
 * The candidate widths for an image laid out `layoutWidth` CSS pixels wide: 1x and 2x
 * of the layout width (the pixel ratio cap, spec §9), neither above the original width.
 * Sorted ascending, without duplicates.
 */
export function imageSrcSetWidths(meta: Pick<ImageMetadata, 'originalWidth'>, layoutWidth: number): number[] {
  const layout = Math.max(1, Math.round(layoutWidth));
  const original = Number.isFinite(meta.originalWidth) && meta.originalWidth > 0 ? Math.round(meta.originalWidth) : Infinity;
  const widths = [Math.min(layout, original), Math.min(layout * LIMITS.imagePixelRatioCap, original)];
  return [...new Set(widths)].filter(Number.isFinite).sort((a, b) => a - b);
}

/**
 * A `srcset` with `w` descriptors, e.g. `/media/x?w=680 680w, /media/x?w=1360 1360w`.
 * Demo SVGs repeat the same URL for each width (they are resolution-independent).
 */
export function imageSrcSet(meta: Pick<ImageMetadata, 'id' | 'originalWidth'>, layoutWidth: number): string {
  return imageSrcSetWidths(meta, layoutWidth)
    .map((w) => `${imageUrl(meta.id, w)} ${w}w`)
    .join(', ');
}
