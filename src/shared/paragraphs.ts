/**
 * The story content model (spec §3: paragraph types, image metadata). A story body is
 * a list of paragraphs; inline formatting is a list of markups with character ranges,
 * so the stored form is independent of any editor or HTML.
 */
export const PARAGRAPH_TYPES = [
  'P', 'H1', 'H2', 'H3', 'H4', 'IMG', 'BQ', 'PQ', 'PRE', 'ULI', 'OLI', 'HR', 'IFRAME', 'MIXTAPE_EMBED',
] as const;
export type ParagraphType = (typeof PARAGRAPH_TYPES)[number];

export const MARKUP_TYPES = ['STRONG', 'EM', 'A', 'CODE'] as const;
export type MarkupType = (typeof MARKUP_TYPES)[number];

/** A range [start, end) of a paragraph's text with one inline style. */
export interface Markup {
  type: MarkupType;
  start: number;
  end: number;
  /** Only for A. */
  href?: string;
}

/** Spec §3 image metadata. `id` names a stored image (see src/shared/images.ts). */
export interface ImageMetadata {
  id: string;
  alt?: string;
  focusPercentX?: number;
  focusPercentY?: number;
  originalWidth: number;
  originalHeight: number;
}

export type ImageLayout = 'INSET_CENTER' | 'OUTSET_CENTER' | 'FULL_WIDTH';

export interface Paragraph {
  /** Stable per-paragraph name (4 hex chars), used for highlights and anchors. */
  name: string;
  type: ParagraphType;
  /** Plain text; for IMG it is the caption. */
  text: string;
  markups: Markup[];
  layout?: ImageLayout;
  metadata?: ImageMetadata;
  /** PRE only. */
  codeBlockMetadata?: { lang: string };
  /** IFRAME only. */
  iframe?: { src: string; width: number; height: number; title: string };
  /** MIXTAPE_EMBED only: a link card. */
  mixtapeMetadata?: { href: string; title: string; description: string; thumbnailImageId?: string };
}

/** Paragraph types that are nothing but their text: without any, they show only a gap. */
const TEXT_ONLY_TYPES: ReadonlySet<string> = new Set<ParagraphType>(['P', 'H1', 'H2', 'H3', 'H4', 'BQ', 'PQ', 'PRE', 'ULI', 'OLI']);

/**
 * The paragraphs readers see: empty lines typed in the editor (leading, trailing or several in
 * a row) would publish as big gaps, so every text paragraph without text is left out when a body
 * is rendered. The stored body keeps them: a draft reopens as it was written.
 */
export function readableParagraphs(paragraphs: readonly Paragraph[]): Paragraph[] {
  return paragraphs.filter((p) => p && typeof p === 'object' && !(TEXT_ONLY_TYPES.has(p.type) && (typeof p.text !== 'string' || p.text.trim() === '')));
}
