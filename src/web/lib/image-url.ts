import { LIMITS } from '../../shared/constants';

/**
 * Where images are served, by image id, resized to cover `width`×`height` CSS pixels.
 * One place to change if the media module serves them elsewhere.
 */
export const IMAGE_PATH_PREFIX = '/_/img';

export function imageUrl(imageId: string, width: number, height: number = width, pixelRatio = 1): string {
  const ratio = Math.min(Math.max(1, pixelRatio), LIMITS.imagePixelRatioCap);
  const w = Math.round(width * ratio);
  const h = Math.round(height * ratio);
  return `${IMAGE_PATH_PREFIX}/fill/${w}x${h}/${encodeURIComponent(imageId)}`;
}

/** A srcSet with 1x and the capped 2x density. */
export function imageSrcSet(imageId: string, width: number, height: number = width): string {
  return `${imageUrl(imageId, width, height, 1)} 1x, ${imageUrl(imageId, width, height, LIMITS.imagePixelRatioCap)} ${LIMITS.imagePixelRatioCap}x`;
}
