import sharp from 'sharp';
import { escapeHtml } from '../../platform/mail/render.js';
import { FEED_LOGO_SIZE, SHARE_CARD_SIZE } from '../../shared/brand.js';

/** The logo's mark (public/favicon.svg) on its 64×64 grid. */
const MARK = '<rect width="64" height="64" rx="14" fill="#1a1a1a"/><path d="M22 46c6-2 10-8 12-16l4-12 6 4-6 11c-4 7-9 12-16 13z" fill="#f7f4ed"/><circle cx="20" cy="47" r="3" fill="#f7f4ed"/>';

/** The logo, square, for feed readers. */
export function feedLogoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${FEED_LOGO_SIZE}" height="${FEED_LOGO_SIZE}" viewBox="0 0 64 64">${MARK}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** The sharing card: the logo and the site's name on the page colour. */
export function shareCardPng(siteName: string): Promise<Buffer> {
  const { width, height } = SHARE_CARD_SIZE;
  const logo = 200;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#f7f4ed"/>` +
    `<g transform="translate(${(width - logo) / 2} 120) scale(${logo / 64})">${MARK}</g>` +
    `<text x="${width / 2}" y="470" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="88" fill="#1a1a1a">${escapeHtml(siteName)}</text>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** A demo illustration (public/demo/<file>.svg) as a PNG 1200 pixels wide. */
export function demoIllustrationPng(svg: Buffer): Promise<Buffer> {
  return sharp(svg, { density: 300 }).resize({ width: SHARE_CARD_SIZE.width }).png({ compressionLevel: 9 }).toBuffer();
}
