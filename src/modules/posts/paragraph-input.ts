/**
 * The server's check of a story as the editor sends it (ParagraphInput, spec §3 paragraph
 * model): every save, revert and publish passes through here before anything is written,
 * and a story that fails gets one clear message (BadRequest) and changes nothing.
 *
 * What it guarantees to everything that later reads a story: known paragraph types; each
 * type with only its own metadata; markups with known types and ranges inside the text;
 * links to http(s) and mailto only; iframes only from the embed allow-list, stored in the
 * provider's embed form (src/shared/embeds.ts); image ids the media service could have
 * produced; unique paragraph names; text PostgreSQL's jsonb accepts (no NUL, no lone
 * surrogates); and the size limits of src/shared/story-limits.ts.
 */
import { EMBED_PROVIDERS, normalizeEmbedUrl } from '../../shared/embeds.js';
import { isImageId as isSharedImageId } from '../../shared/images.js';
import { safeLinkHref } from '../../shared/markups.js';
import { MARKUP_TYPES, PARAGRAPH_TYPES, type ImageLayout, type Markup, type Paragraph, type ParagraphType } from '../../shared/paragraphs.js';
import { STORY_LIMITS as L } from '../../shared/story-limits.js';

export interface MarkupInput {
  type: string;
  start: number;
  end: number;
  href?: string | null;
}
export interface ParagraphInput {
  name: string;
  type: string;
  text: string;
  markups?: MarkupInput[] | null;
  layout?: string | null;
  metadata?: {
    id: string;
    alt?: string | null;
    focusPercentX?: number | null;
    focusPercentY?: number | null;
    originalWidth: number;
    originalHeight: number;
  } | null;
  codeBlockMetadata?: { lang?: string | null } | null;
  iframe?: { src: string; width?: number | null; height?: number | null; title?: string | null } | null;
  mixtapeMetadata?: { href: string; title?: string | null; description?: string | null; thumbnailImageId?: string | null } | null;
}

export class StoryInputError extends Error {}

/** Ids the media service hands out (src/shared/images.ts MEDIA_RESOURCE_ID) or a demo illustration; the row need not exist. */
export function isImageId(id: unknown): id is string {
  return typeof id === 'string' && isSharedImageId(id);
}

const PARAGRAPH_TYPE_SET: ReadonlySet<string> = new Set(PARAGRAPH_TYPES);
const MARKUP_TYPE_SET: ReadonlySet<string> = new Set(MARKUP_TYPES);
const LAYOUTS: ReadonlySet<string> = new Set<ImageLayout>(['INSET_CENTER', 'OUTSET_CENTER', 'FULL_WIDTH']);
const PARAGRAPH_NAME = /^[A-Za-z0-9_-]+$/;
// Tabs and line breaks are text; other control characters only break things downstream.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CODE_LANGUAGE = /^[A-Za-z0-9+#._-]*$/;

function fail(message: string): never {
  throw new StoryInputError(message);
}

/**
 * A string PostgreSQL stores as given: no control characters (NUL is refused by jsonb) and
 * no half of a surrogate pair (jsonb refuses those too), within `max` characters.
 */
export function checkText(value: unknown, what: string, max: number, opts: { singleLine?: boolean } = {}): string {
  if (typeof value !== 'string') return fail(`${what} must be text.`);
  if (value.length > max) fail(`${what} is too long: at most ${max.toLocaleString('en-US')} characters.`);
  if (CONTROL.test(value) || (opts.singleLine && /[\r\n]/.test(value))) fail(`${what} contains characters that are not allowed.`);
  if (LONE_SURROGATE.test(value)) fail(`${what} contains an incomplete character.`);
  return value;
}

function checkInt(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return fail(`${what} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** A story's title and subtitle (single lines; empty is allowed while writing). */
export function checkTitles(title: string, subtitle: string): { title: string; subtitle: string } {
  return {
    title: checkText(title, 'The title', L.titleMaxLength, { singleLine: true }).trim(),
    subtitle: checkText(subtitle, 'The subtitle', L.subtitleMaxLength, { singleLine: true }).trim(),
  };
}

/** A link a reader may follow: absolute http(s), or mailto when allowed. */
export function checkHref(value: unknown, what: string, opts: { mailto: boolean }): string {
  const raw = checkText(value, what, L.linkMaxLength, { singleLine: true });
  const href = safeLinkHref(raw);
  if (!href || (!opts.mailto && href.startsWith('mailto:'))) {
    return fail(`${what} must be an http or https${opts.mailto ? ' or mailto' : ''} link (got '${raw.slice(0, 80)}').`);
  }
  if (href.length > L.linkMaxLength) fail(`${what} is too long.`);
  return href;
}

function checkMarkups(input: MarkupInput[] | null | undefined, text: string, at: string): Markup[] {
  const list = input ?? [];
  if (list.length > L.markupsPerParagraphMax) fail(`${at} has more than ${L.markupsPerParagraphMax} markups.`);
  return list.map((m, i) => {
    const what = `${at}, markup ${i + 1}`;
    if (!MARKUP_TYPE_SET.has(m.type)) fail(`${what} has an unknown type '${String(m.type).slice(0, 20)}'.`);
    const start = checkInt(m.start, `${what} start`, 0, text.length);
    const end = checkInt(m.end, `${what} end`, 0, text.length);
    if (end <= start) fail(`${what} must cover at least one character (start ${start}, end ${end}).`);
    if (m.type === 'A') return { type: 'A', start, end, href: checkHref(m.href, `${what} link`, { mailto: true }) };
    if (m.href != null) fail(`${what}: only links (A) carry an href.`);
    return { type: m.type as Markup['type'], start, end };
  });
}

const PROVIDER_NAMES = EMBED_PROVIDERS.map((p) => p.name).join(', ');

/** Fields that belong to one paragraph type only. */
const OWN_FIELDS: { field: keyof ParagraphInput; types: readonly ParagraphType[] }[] = [
  { field: 'layout', types: ['IMG'] },
  { field: 'metadata', types: ['IMG'] },
  { field: 'codeBlockMetadata', types: ['PRE'] },
  { field: 'iframe', types: ['IFRAME'] },
  { field: 'mixtapeMetadata', types: ['MIXTAPE_EMBED'] },
];

function checkParagraph(p: ParagraphInput, index: number): Paragraph {
  const at = `Paragraph ${index + 1}`;
  const name = checkText(p.name, `${at} name`, L.paragraphNameMaxLength, { singleLine: true });
  if (!PARAGRAPH_NAME.test(name)) fail(`${at} needs a name of letters, digits, '-' or '_' (got '${name}').`);
  if (!PARAGRAPH_TYPE_SET.has(p.type)) fail(`${at} has an unknown type '${String(p.type).slice(0, 20)}'.`);
  const type = p.type as ParagraphType;
  for (const { field, types } of OWN_FIELDS) {
    if (p[field] != null && !types.includes(type)) fail(`${at} (${type}) cannot have ${field}; it is for ${types.join(', ')} paragraphs.`);
  }
  const text = checkText(p.text, `${at} text`, L.textMaxLength);
  if (type === 'HR' && (text !== '' || (p.markups ?? []).length > 0)) fail(`${at} is a divider (HR) and has no text.`);
  const out: Paragraph = { name, type, text, markups: checkMarkups(p.markups, text, at) };

  if (type === 'IMG') {
    const m = p.metadata ?? fail(`${at} is an image (IMG) without its image metadata.`);
    if (!isImageId(m.id)) fail(`${at} names an image id that does not exist: upload the image first.`);
    out.metadata = {
      id: m.id,
      originalWidth: checkInt(m.originalWidth, `${at} image width`, 1, L.imageDimensionMax),
      originalHeight: checkInt(m.originalHeight, `${at} image height`, 1, L.imageDimensionMax),
    };
    if (m.alt != null && m.alt !== '') out.metadata.alt = checkText(m.alt, `${at} alt text`, L.imageAltMaxLength, { singleLine: true });
    for (const key of ['focusPercentX', 'focusPercentY'] as const) {
      const v = m[key];
      if (v == null) continue;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100) fail(`${at} ${key} must be between 0 and 100.`);
      out.metadata[key] = v;
    }
    if (p.layout != null) {
      if (!LAYOUTS.has(p.layout)) fail(`${at} has an unknown image layout '${String(p.layout).slice(0, 20)}'.`);
      out.layout = p.layout as ImageLayout;
    }
  } else if (type === 'PRE') {
    const lang = p.codeBlockMetadata?.lang;
    if (lang != null && lang !== '') {
      checkText(lang, `${at} code language`, L.codeLanguageMaxLength, { singleLine: true });
      if (!CODE_LANGUAGE.test(lang)) fail(`${at} code language '${lang}' may use letters, digits and + # . _ - only.`);
      out.codeBlockMetadata = { lang: lang.toLowerCase() };
    }
  } else if (type === 'IFRAME') {
    const f = p.iframe ?? fail(`${at} is an embed (IFRAME) without its source.`);
    const embed = normalizeEmbedUrl(checkText(f.src, `${at} embed source`, L.linkMaxLength, { singleLine: true }));
    if (!embed) fail(`${at} embeds '${String(f.src).slice(0, 80)}', which is not an embeddable page of an allowed provider (${PROVIDER_NAMES}).`);
    out.iframe = {
      src: embed.src,
      width: f.width == null ? 640 : checkInt(f.width, `${at} embed width`, 1, L.imageDimensionMax),
      height: f.height == null ? 360 : checkInt(f.height, `${at} embed height`, 1, L.imageDimensionMax),
      title: f.title ? checkText(f.title, `${at} embed title`, L.embedTitleMaxLength, { singleLine: true }) : embed.provider.name,
    };
  } else if (type === 'MIXTAPE_EMBED') {
    const m = p.mixtapeMetadata ?? fail(`${at} is a link card (MIXTAPE_EMBED) without its link.`);
    out.mixtapeMetadata = {
      href: checkHref(m.href, `${at} card link`, { mailto: false }),
      title: m.title ? checkText(m.title, `${at} card title`, L.embedTitleMaxLength, { singleLine: true }) : '',
      description: m.description ? checkText(m.description, `${at} card description`, L.mixtapeDescriptionMaxLength) : '',
    };
    if (m.thumbnailImageId != null && m.thumbnailImageId !== '') {
      if (!isImageId(m.thumbnailImageId)) fail(`${at} card names a thumbnail image id that does not exist.`);
      out.mixtapeMetadata.thumbnailImageId = m.thumbnailImageId;
    }
  }
  return out;
}

/**
 * The story body as the paragraph model, or a StoryInputError naming the first problem
 * (its paragraph number and what to change).
 */
export function checkParagraphs(input: readonly ParagraphInput[]): Paragraph[] {
  if (!Array.isArray(input)) fail('The story body must be a list of paragraphs.');
  if (input.length > L.paragraphsMax) fail(`A story holds at most ${L.paragraphsMax.toLocaleString('en-US')} paragraphs (this one has ${input.length.toLocaleString('en-US')}).`);
  const names = new Set<string>();
  let chars = 0;
  return input.map((p, i) => {
    const paragraph = checkParagraph(p, i);
    if (names.has(paragraph.name)) fail(`Paragraph ${i + 1} repeats the name '${paragraph.name}'; paragraph names must be unique.`);
    names.add(paragraph.name);
    chars += paragraph.text.length;
    if (chars > L.textMaxLength) fail(`A story holds at most ${L.textMaxLength.toLocaleString('en-US')} characters of text.`);
    return paragraph;
  });
}
