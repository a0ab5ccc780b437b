/**
 * The site's raster images, made from its logo (public/favicon.svg) on first request
 * (modules/discovery/brand-images.ts): sharing cards and feed readers do not show SVG.
 */
/** 1200×630 PNG: the sharing card of pages without an image of their own (og:image, twitter:image). */
export const SHARE_CARD_PATH = '/static/brand/share-card.png';
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
/**
 * The demo illustrations (`demo/<file>.svg` ids, shared/images.ts) as 1200-pixel-wide PNGs,
 * for the sharing cards of the demo stories and writers: /static/brand/demo/<file>.png.
 */
export const DEMO_RASTER_BASE_PATH = '/static/brand/demo/';
export const demoRasterPath = (demoId: string): string => `${DEMO_RASTER_BASE_PATH}${demoId.replace(/^demo\//, '').replace(/\.svg$/i, '.png')}`;
/** 144×144 PNG: a feed's channel image (RSS 2.0 allows at most 144 pixels wide). */
export const FEED_LOGO_PATH = '/static/brand/feed-logo.png';
export const FEED_LOGO_SIZE = 144;
/** The language of the site's pages and feeds (the documents say `lang="en"`). */
export const SITE_LANGUAGE = 'en';
