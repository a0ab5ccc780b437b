/**
 * Image URLs for stored images (spec §3 image metadata, §9 content widths and the image
 * pixel ratio cap of 2).
 *
 * Two kinds of image id exist:
 * - `demo/<file>.svg`: the illustrations shipped with the demo content, served as static
 *   files from `public/demo/` at `/static/demo/<file>.svg`. SVGs scale without loss, so
 *   every width maps to the same URL.
 * - anything else: an uploaded image, served by the media service at
 *   `/media/<id>?w=<width>`, which resizes to the requested width (never upscaling past
 *   the original). Until that service lands these URLs are only as good as its route.
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
 * The URL of an image at (about) `width` CSS pixels wide; without a width, the original.
 * Widths are rounded to whole pixels; non-positive or non-finite widths are ignored.
 */
export function imageUrl(id: string, width?: number): string {
  const demo = DEMO_IMAGE_ID.exec(id);
  if (demo) return `${DEMO_IMAGE_BASE_PATH}${demo[1]}`;
  // One encoded segment, never a dot segment: an id cannot walk out of /media/.
  const path = `/media/${/^\.*$/.test(id) ? '_' : encodeURIComponent(id)}`;
  if (width === undefined || !Number.isFinite(width) || width <= 0) return path;
  return `${path}?w=${Math.round(width)}`;
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
