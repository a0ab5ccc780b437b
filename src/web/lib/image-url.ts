import { LIMITS } from '../../shared/constants';
import { imageUrlFor } from '../../shared/images';

/**
 * A square-ish image (avatars) cropped to cover `width`×`height` CSS pixels at a pixel
 * ratio, served by the media service (spec §5 crop strategy; demo SVGs as they are).
 */
export function imageUrl(imageId: string, width: number, height: number = width, pixelRatio = 1): string {
  const ratio = Math.min(Math.max(1, pixelRatio), LIMITS.imagePixelRatioCap);
  return imageUrlFor(imageId, { strategy: 'crop', width: Math.round(width * ratio), height: Math.round(height * ratio) });
}

/** A srcSet with 1x and the capped 2x density. */
export function imageSrcSet(imageId: string, width: number, height: number = width): string {
  return `${imageUrl(imageId, width, height, 1)} 1x, ${imageUrl(imageId, width, height, LIMITS.imagePixelRatioCap)} ${LIMITS.imagePixelRatioCap}x`;
}
