/**
 * importPost (/p/import: a story from pasted HTML or from a URL) and linkPreview (the card
 * of a MIXTAPE_EMBED paragraph). Pages are fetched with safeFetch (SSRF rules, timeouts,
 * size cap; src/platform/http/safe-fetch.ts); images found on them are fetched the same way
 * and stored as uploads when an image store is given.
 */
import type { Db } from '../../platform/db/client.js';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../../platform/http/safe-fetch.js';
import { DEMO_IMAGE_BASE_PATH } from '../../shared/images.js';
import type { ImageMetadata } from '../../shared/paragraphs.js';
import { STORY_LIMITS } from '../../shared/story-limits.js';
import { badRequest, createDraft, type SaveResult } from './drafts.js';
import type { ImportedImage } from './html-import.js';

/** The HTML parser loads with the first import or link preview, not with every process. */
const loadHtmlImport = () => import('./html-import.js');
import { isImageId } from './paragraph-input.js';

/** Pasted HTML: what one GraphQL request body (1 MB) can carry. */
export const IMPORT_HTML_MAX_BYTES = 1024 * 1024;
/** Images fetched for one imported story at most; the rest are left out. */
export const IMPORT_IMAGES_MAX = 30;

export const IMPORT_MESSAGES = {
  oneSource: 'Give either the address of a story or its HTML to import.',
  tooLarge: 'That HTML is too large to import (at most 1 MB).',
  nothing: 'No story was found there to import.',
} as const;

/** Where imported images go: the media service, when the site has one. */
export interface ImageStore {
  /** Stores image bytes for `ownerId` as an upload; null when they are not an acceptable image. */
  store(ownerId: string, bytes: Buffer): Promise<{ id: string; width: number; height: number } | null>;
  /** The size of an image already stored here. */
  size(id: string): Promise<{ width: number; height: number } | null>;
}

export interface FetchDeps {
  /** Options for every fetch (tests allow their local server's address). */
  fetch: Omit<SafeFetchOptions, 'accept'>;
  images?: ImageStore;
  /** Size cap of a fetched image (the upload limit). */
  imageMaxBytes?: number;
  /** This site's origin: its own /media and demo image URLs are kept as they are. */
  siteOrigin: string;
}

/** An <img> of an imported page as story image metadata, or null to leave it out. */
async function resolveImage(image: ImportedImage, ownerId: string, deps: FetchDeps, budget: { left: number }): Promise<ImageMetadata | null> {
  const url = new URL(image.src);
  const size = (w: number, h: number) => ({ originalWidth: image.width ?? w, originalHeight: image.height ?? h });
  if (url.origin === deps.siteOrigin) {
    // This site's own images (a story copied from it) keep their ids.
    if (url.pathname.startsWith(DEMO_IMAGE_BASE_PATH)) {
      const id = `demo/${url.pathname.slice(DEMO_IMAGE_BASE_PATH.length)}`;
      return isImageId(id) ? { id, ...size(1200, 800) } : null;
    }
    const id = /^\/media\/([^/?#]+)$/.exec(url.pathname)?.[1];
    if (!id || !isImageId(id)) return null;
    const stored = await deps.images?.size(id);
    return stored ? { id, originalWidth: stored.width, originalHeight: stored.height } : null;
  }
  if (!deps.images || budget.left <= 0) return null;
  budget.left--;
  try {
    const fetched = await safeFetch(image.src, { ...deps.fetch, accept: 'image', ...(deps.imageMaxBytes ? { maxBytes: deps.imageMaxBytes } : {}) });
    const stored = await deps.images.store(ownerId, fetched.body);
    return stored ? { id: stored.id, originalWidth: stored.width, originalHeight: stored.height } : null;
  } catch {
    // An image that cannot be fetched or stored is left out; the story still imports.
    return null;
  }
}

function fetchMessage(err: unknown): string | null {
  return err instanceof SafeFetchError ? err.message : null;
}

/** importPost: a new draft from `html`, or from the page at `url` (its canonical URL kept). */
export async function importPost(db: Db, viewerId: string, input: { url?: string | null; html?: string | null }, deps: FetchDeps): Promise<SaveResult> {
  const { decodeHtml, importHtml } = await loadHtmlImport();
  const hasUrl = typeof input.url === 'string' && input.url.trim() !== '';
  const hasHtml = typeof input.html === 'string' && input.html.trim() !== '';
  if (hasUrl === hasHtml) return badRequest(IMPORT_MESSAGES.oneSource);
  let html: string;
  let baseUrl: string;
  let canonicalUrl: string | null = null;
  if (hasHtml) {
    if (Buffer.byteLength(input.html!) > IMPORT_HTML_MAX_BYTES) return badRequest(IMPORT_MESSAGES.tooLarge);
    html = input.html!;
    // Pasted HTML has no address: relative image paths can only mean this site's.
    baseUrl = `${deps.siteOrigin}/`;
  } else {
    try {
      const page = await safeFetch(input.url!, { ...deps.fetch, accept: 'html' });
      html = decodeHtml(page.body, page.charset);
      baseUrl = page.url;
      canonicalUrl = page.url;
    } catch (err) {
      const message = fetchMessage(err);
      if (message) return badRequest(message);
      throw err;
    }
  }
  const budget = { left: IMPORT_IMAGES_MAX };
  const story = await importHtml(html, { baseUrl, resolveImage: (image) => resolveImage(image, viewerId, deps, budget) });
  if (canonicalUrl && story.canonicalUrl) canonicalUrl = story.canonicalUrl;
  if (!story.title && story.paragraphs.length === 0) return badRequest(IMPORT_MESSAGES.nothing);
  const text = story.paragraphs.reduce((n, p) => n + p.text.length, 0);
  if (story.paragraphs.length > STORY_LIMITS.paragraphsMax || text > STORY_LIMITS.textMaxLength) {
    return badRequest(`That story is too long to import: a story holds at most ${STORY_LIMITS.paragraphsMax.toLocaleString('en-US')} paragraphs and ${STORY_LIMITS.textMaxLength.toLocaleString('en-US')} characters.`);
  }
  return createDraft(db, viewerId, { title: story.title, subtitle: story.subtitle, paragraphs: story.paragraphs, canonicalUrl });
}

export type LinkPreviewResult =
  | { kind: 'preview'; href: string; title: string; description: string; thumbnailImageId: string | null }
  | { kind: 'bad-request'; message: string };

/** linkPreview: the card of the page at `url` (OpenGraph title, description and image). */
export async function linkPreview(viewerId: string, url: string, deps: FetchDeps): Promise<LinkPreviewResult> {
  const { decodeHtml, readPageCard } = await loadHtmlImport();
  let page;
  try {
    page = await safeFetch(url, { ...deps.fetch, accept: 'html' });
  } catch (err) {
    const message = fetchMessage(err);
    if (message) return { kind: 'bad-request', message };
    throw err;
  }
  const card = readPageCard(decodeHtml(page.body, page.charset), page.url);
  let thumbnailImageId: string | null = null;
  if (card.imageUrl) {
    const image = await resolveImage({ src: card.imageUrl, alt: '', width: null, height: null }, viewerId, deps, { left: 1 });
    thumbnailImageId = image?.id ?? null;
  }
  const href = page.url.length <= STORY_LIMITS.linkMaxLength ? page.url : url;
  return { kind: 'preview', href, title: card.title || new URL(page.url).hostname, description: card.description, thumbnailImageId };
}
