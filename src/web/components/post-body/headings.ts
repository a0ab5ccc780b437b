import type { Paragraph, ParagraphType } from '../../../shared/paragraphs.js';

export type HeadingTag = 'h2' | 'h3' | 'h4';
const HEADING_TYPES: readonly ParagraphType[] = ['H1', 'H2', 'H3', 'H4'];

/**
 * Heading elements for a story's heading paragraphs. The story title is the page's h1,
 * so the largest heading type the story uses becomes h2, the next h3, the rest h4: the
 * usual Medium-style story with H3 and H4 reads as h2 and h3 with no skipped level.
 */
export function headingTags(paragraphs: readonly Paragraph[]): Partial<Record<ParagraphType, HeadingTag>> {
  const used = HEADING_TYPES.filter((t) => paragraphs.some((p) => p.type === t));
  const tags: Partial<Record<ParagraphType, HeadingTag>> = {};
  const levels: HeadingTag[] = ['h2', 'h3', 'h4'];
  used.forEach((type, rank) => {
    tags[type] = levels[Math.min(rank, levels.length - 1)];
  });
  return tags;
}
