import type { ReactNode } from 'react';
import { readableParagraphs, type Paragraph, type ParagraphType } from '../../../shared/paragraphs.js';
import { CodeBlock } from './CodeBlock.js';
import { topHighlightLabel, type BodyHighlights } from './HighlightMarks.js';
import { headingTags, type HeadingTag } from './headings.js';
import { IframeEmbed } from './IframeEmbed.js';
import { ImageFigure } from './ImageFigure.js';
import { InlineText } from './InlineText.js';
import { MixtapeEmbed } from './MixtapeEmbed.js';
import styles from './PostBody.module.css';

export interface PostBodyProps {
  paragraphs: readonly Paragraph[];
  /** False renders every IFRAME paragraph as a link (e.g. when iframes are turned off). */
  allowIframes?: boolean;
  className?: string;
  /** Highlights to mark, by paragraph name (the reader's own, the top highlight). */
  highlights?: BodyHighlights;
  /**
   * The story page: its first image is usually the largest paint, so it loads at once and
   * first (fetchpriority=high); every other image stays lazy.
   */
  eagerLeadImage?: boolean;
}

export type Block =
  | { kind: 'list'; type: 'ULI' | 'OLI'; items: Paragraph[] }
  | { kind: 'paragraph'; paragraph: Paragraph };

/** Consecutive list items of the same kind become one list. */
export function groupBlocks(paragraphs: readonly Paragraph[]): Block[] {
  const blocks: Block[] = [];
  for (const paragraph of paragraphs) {
    const last = blocks[blocks.length - 1];
    if (paragraph.type === 'ULI' || paragraph.type === 'OLI') {
      if (last?.kind === 'list' && last.type === paragraph.type) last.items.push(paragraph);
      else blocks.push({ kind: 'list', type: paragraph.type, items: [paragraph] });
    } else {
      blocks.push({ kind: 'paragraph', paragraph });
    }
  }
  return blocks;
}

/** Stored content is JSON: tolerate a missing text or markups rather than fail the page. */
function normalize(p: Paragraph): Paragraph {
  if (typeof p.text === 'string' && Array.isArray(p.markups)) return p;
  return { ...p, text: typeof p.text === 'string' ? p.text : '', markups: Array.isArray(p.markups) ? p.markups : [] };
}

/**
 * A story body as semantic HTML, for the reading path (server-rendered, no editor code).
 * The body is full-bleed: it centres a 680px reading column itself and lets outset and
 * full-width images break out of it, so place it in a container as wide as the page.
 */
export function PostBody({ paragraphs, allowIframes = true, className, highlights, eagerLeadImage = false }: PostBodyProps): ReactNode {
  const list = readableParagraphs(paragraphs).map(normalize);
  const headings = headingTags(list);
  const leadImage = eagerLeadImage ? list.find((p) => p.type === 'IMG' && p.metadata?.id) : undefined;
  return (
    <div className={[styles.body, className].filter(Boolean).join(' ')} data-post-body="">
      {groupBlocks(list).map((block, i) => {
        if (block.kind === 'list') {
          const ListTag = block.type === 'OLI' ? 'ol' : 'ul';
          return (
            <ListTag key={`${i}-${block.items[0].name}`} className={styles.list}>
              {block.items.map((item, j) => (
                <li key={`${j}-${item.name}`} id={item.name} data-paragraph-type={item.type} data-top-highlight={topHighlightLabel(highlights?.get(item.name))} className={styles.li}>
                  <InlineText text={item.text} markups={item.markups} highlights={highlights?.get(item.name)} />
                </li>
              ))}
            </ListTag>
          );
        }
        return (
          <ParagraphBlock
            key={`${i}-${block.paragraph.name}`}
            paragraph={block.paragraph}
            headingTag={headings[block.paragraph.type]}
            allowIframes={allowIframes}
            highlights={highlights}
            isLeadImage={block.paragraph === leadImage}
          />
        );
      })}
    </div>
  );
}

const HEADING_CLASS: Partial<Record<ParagraphType, string | undefined>> = {
  H1: styles.headingLarge,
  H2: styles.headingLarge,
  H3: styles.headingLarge,
  H4: styles.headingSmall,
};

function ParagraphBlock({
  paragraph: p,
  headingTag,
  allowIframes,
  highlights,
  isLeadImage,
}: {
  paragraph: Paragraph;
  headingTag: HeadingTag | undefined;
  allowIframes: boolean;
  highlights: BodyHighlights | undefined;
  isLeadImage: boolean;
}): ReactNode {
  const common = { id: p.name, 'data-paragraph-type': p.type, 'data-top-highlight': topHighlightLabel(highlights?.get(p.name)) };
  const text = <InlineText text={p.text} markups={p.markups} highlights={highlights?.get(p.name)} />;
  switch (p.type) {
    case 'H1':
    case 'H2':
    case 'H3':
    case 'H4': {
      const Tag = headingTag ?? 'h2';
      return (
        <Tag {...common} className={[styles.heading, HEADING_CLASS[p.type]].join(' ')}>
          {text}
        </Tag>
      );
    }
    case 'BQ':
      return (
        <blockquote {...common} className={styles.blockquote}>
          {text}
        </blockquote>
      );
    case 'PQ':
      return (
        <blockquote {...common} className={styles.pullquote}>
          {text}
        </blockquote>
      );
    case 'PRE':
      return <CodeBlock paragraph={p} />;
    case 'HR':
      return <hr {...common} className={styles.divider} />;
    case 'IMG':
      return <ImageFigure paragraph={p} isLead={isLeadImage} />;
    case 'IFRAME':
      return <IframeEmbed paragraph={p} allowIframes={allowIframes} />;
    case 'MIXTAPE_EMBED':
      return <MixtapeEmbed paragraph={p} />;
    case 'ULI':
    case 'OLI':
    case 'P':
    default:
      // List items arrive grouped; anything unknown degrades to a paragraph of text.
      return (
        <p {...common} className={styles.p}>
          {text}
        </p>
      );
  }
}
