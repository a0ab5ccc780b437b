/**
 * Which variant a `/media/{id}?w=&h=&s=&fx=&fy=` request gets. Requests are normalised
 * (widths snapped to IMAGE_WIDTHS, boxes shrunk so nothing is upscaled) so that many URLs
 * share few variants, each computed once and cached under a name derived from the plan.
 */
import { IMAGE_URL_STRATEGIES, imageUrlStrategyError, snapImageWidth, type ImageUrlStrategy } from '../../shared/images.js';
import { MAX_IMAGE_PIXELS } from './process.js';

export interface VariantRequest {
  strategy: ImageUrlStrategy;
  width: number | null;
  height: number | null;
  /** crop only, whole percents. */
  focus: { x: number; y: number } | null;
}

export interface VariantPlan {
  strategy: ImageUrlStrategy;
  /** Output size (for proxy, the box the image is fitted into). */
  width: number;
  height: number;
  focus: { x: number; y: number } | null;
  originalWidth: number;
  originalHeight: number;
  /** Names the variant in storage keys and ETags, e.g. `w680`, `c400x300-f30-60`, `orig`. */
  name: string;
}

/** Larger requests are mistakes or abuse (the original is at most 50 MP anyway). */
const MAX_SIDE = 20_000;
const SIZE = /^[1-9][0-9]{0,4}$/;
const PERCENT = /^(?:100|[1-9]?[0-9])$/;

const one = (v: unknown): string | undefined => (Array.isArray(v) ? (v[0] as string | undefined) : typeof v === 'string' ? v : undefined);

/** The query of a media URL, checked; unknown parameters are ignored. */
export function parseVariantQuery(query: Record<string, unknown>): VariantRequest | { error: string } {
  const w = one(query.w);
  const h = one(query.h);
  const s = one(query.s) ?? 'resample';
  if (!(IMAGE_URL_STRATEGIES as readonly string[]).includes(s)) return { error: `Unknown image strategy "${s}": use ${IMAGE_URL_STRATEGIES.join(', ')}.` };
  const strategy = s as ImageUrlStrategy;
  const size = (v: string | undefined, name: string) => {
    if (v === undefined) return null;
    if (!SIZE.test(v) || Number(v) > MAX_SIDE) return { error: `${name} must be a whole number of pixels from 1 to ${MAX_SIDE}.` };
    return Number(v);
  };
  const width = size(w, 'w');
  if (width && typeof width === 'object') return width;
  if (strategy === 'resample') return { strategy, width, height: null, focus: null };
  const height = size(h, 'h');
  if (height && typeof height === 'object') return height;
  // Spec §5: crop, letterbox and proxy need a height (and, here, a width to go with it).
  if (height === null || width === null) return { error: imageUrlStrategyError(strategy) };
  const fx = one(query.fx);
  const fy = one(query.fy);
  let focus: VariantRequest['focus'] = null;
  if (strategy === 'crop' && (fx !== undefined || fy !== undefined)) {
    if (fx === undefined || fy === undefined || !PERCENT.test(fx) || !PERCENT.test(fy)) return { error: 'fx and fy must both be whole percents from 0 to 100.' };
    focus = { x: Number(fx), y: Number(fy) };
  }
  return { strategy, width, height, focus };
}

/**
 * The variant to serve for a request on an original of `originalWidth` × `originalHeight`.
 * resample: the width snapped up to IMAGE_WIDTHS, at most the original's. The box
 * strategies: the width snapped the same way and the height scaled with it (the asked
 * aspect ratio is kept), then the box shrunk until the image needs no enlarging.
 */
export function planVariant(req: VariantRequest, originalWidth: number, originalHeight: number): VariantPlan | { error: string } {
  const base = { strategy: req.strategy, focus: req.focus, originalWidth, originalHeight };
  if (req.strategy === 'resample' || req.width === null || req.height === null) {
    const snapped = req.width === null ? null : snapImageWidth(req.width);
    const width = snapped === null ? originalWidth : Math.min(snapped, originalWidth);
    const height = Math.max(1, Math.round((originalHeight * width) / originalWidth));
    return { ...base, strategy: 'resample', focus: null, width, height, name: width === originalWidth ? 'orig' : `w${width}` };
  }
  const snapped = snapImageWidth(req.width) ?? req.width;
  let width = snapped;
  let height = Math.max(1, Math.round((req.height * snapped) / req.width));
  // crop covers the box, so both sides must fit in the original; letterbox and proxy
  // contain the image, so one side reaching the original's is enough.
  const ratios = [width / originalWidth, height / originalHeight];
  const scale = req.strategy === 'crop' ? Math.max(...ratios) : Math.min(...ratios);
  if (scale > 1) {
    width = Math.max(1, Math.round(width / scale));
    height = Math.max(1, Math.round(height / scale));
  }
  if (width * height > MAX_IMAGE_PIXELS) return { error: `The requested image would be larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.` };
  const focus = req.focus ? `-f${req.focus.x}-${req.focus.y}` : '';
  return { ...base, width, height, name: `${req.strategy[0]}${width}x${height}${focus}` };
}
