/**
 * Small builders for the demo stories, so the content files read like prose. Markup
 * ranges are computed from the quoted substring (never counted by hand), and paragraph
 * names are derived deterministically from the story title, unique within a story.
 */
import type { NewUser } from '../../modules/accounts/commands.js';
import type { ImageLayout, Markup, MarkupType, Paragraph, ParagraphType } from '../../shared/paragraphs.js';

export type DemoWriter = Pick<NewUser, 'name' | 'username' | 'bio' | 'pronouns' | 'imageId'>;

export interface DemoStory {
  /** The writer's username. */
  author: string;
  title: string;
  subtitle: string;
  /** Human tag names (at most 5); they are slugified on insert. */
  tags: string[];
  isLocked?: boolean;
  /** Published this many days before the seed runs. */
  daysAgo: number;
  paragraphs: Paragraph[];
}

/** A paragraph before it is given its name. */
export type Block = Omit<Paragraph, 'name'>;

/** A markup still to be placed: it finds its range in the paragraph text. */
export type Mark = (text: string) => Markup;

/** Demo illustrations are all drawn on a 1400x800 canvas. */
export const DEMO_IMAGE_WIDTH = 1400;
export const DEMO_IMAGE_HEIGHT = 800;

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Whether text[start, end) is not glued to a longer word on either side. */
function standsAlone(text: string, start: number, end: number): boolean {
  const glued = (inside: string, outside: string | undefined) =>
    outside !== undefined && WORD_CHAR.test(inside) && WORD_CHAR.test(outside);
  return !glued(text[start], text[start - 1]) && !glued(text[end - 1], text[end]);
}

/** The range of the `nth` (1-based) whole-word occurrence of `sub` in `text`. */
function locate(text: string, sub: string, nth: number): { start: number; end: number } {
  if (!sub) throw new Error('A markup needs a non-empty substring.');
  let seen = 0;
  for (let i = text.indexOf(sub); i >= 0; i = text.indexOf(sub, i + 1)) {
    if (standsAlone(text, i, i + sub.length) && ++seen === nth) return { start: i, end: i + sub.length };
  }
  throw new Error(`Markup text "${sub}" (occurrence ${nth}) is not in "${text.slice(0, 60)}…"`);
}

function mark(type: MarkupType, sub: string, nth: number, href?: string): Mark {
  return (text) => ({ type, ...locate(text, sub, nth), ...(href ? { href } : {}) });
}

/** Bold over the `nth` (1-based) whole-word occurrence of `sub`. */
export const strong = (sub: string, nth = 1): Mark => mark('STRONG', sub, nth);
/** Italic over the `nth` occurrence of `sub`. */
export const em = (sub: string, nth = 1): Mark => mark('EM', sub, nth);
/** Inline code over the `nth` occurrence of `sub`. */
export const mono = (sub: string, nth = 1): Mark => mark('CODE', sub, nth);
/** A link over the `nth` occurrence of `sub`. */
export const link = (sub: string, href: string, nth = 1): Mark => mark('A', sub, nth, href);

function block(type: ParagraphType, text: string, marks: Mark[]): Block {
  return { type, text, markups: marks.map((m) => m(text)) };
}

export const p = (text: string, ...marks: Mark[]): Block => block('P', text, marks);
export const h3 = (text: string): Block => block('H3', text, []);
export const h4 = (text: string): Block => block('H4', text, []);
export const bq = (text: string, ...marks: Mark[]): Block => block('BQ', text, marks);
export const pq = (text: string): Block => block('PQ', text, []);
export const hr = (): Block => block('HR', '', []);

/** A code block; each argument after the language is one line. */
export function pre(lang: string, ...lines: string[]): Block {
  return { type: 'PRE', text: lines.join('\n'), markups: [], codeBlockMetadata: { lang } };
}

/** A list item with markups, for `ul` or `ol`. */
export const li = (text: string, ...marks: Mark[]): Block => block('ULI', text, marks);

function list(type: 'ULI' | 'OLI', items: Array<string | Block>): Block[] {
  return items.map((item) => (typeof item === 'string' ? block(type, item, []) : { ...item, type }));
}

/** A bulleted list: one ULI paragraph per item. */
export const ul = (...items: Array<string | Block>): Block[] => list('ULI', items);
/** A numbered list: one OLI paragraph per item. */
export const ol = (...items: Array<string | Block>): Block[] => list('OLI', items);

/** An illustration from public/demo/, with `caption` shown under it. */
export function img(file: string, caption: string, alt: string, layout: ImageLayout = 'INSET_CENTER'): Block {
  return {
    type: 'IMG',
    text: caption,
    markups: [],
    layout,
    metadata: { id: `demo/${file}.svg`, alt, originalWidth: DEMO_IMAGE_WIDTH, originalHeight: DEMO_IMAGE_HEIGHT },
  };
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Names for `count` paragraphs: 4 hex chars stepping by an odd amount from a start taken
 * from `seed`, so they look varied yet never repeat within one story.
 */
export function paragraphNames(seed: string, count: number): string[] {
  const start = hash(seed) & 0xffff;
  return Array.from({ length: count }, (_, i) => ((start + i * 0x2f1b) & 0xffff).toString(16).padStart(4, '0'));
}

/** A story from its metadata and body; lists (arrays of blocks) are flattened in place. */
export function story(meta: Omit<DemoStory, 'paragraphs'>, ...body: Array<Block | Block[]>): DemoStory {
  const blocks = body.flat();
  const names = paragraphNames(meta.title, blocks.length);
  return { ...meta, paragraphs: blocks.map((b, i) => ({ name: names[i], ...b })) };
}
