import { Fragment, type ReactNode } from 'react';
import { markedPieces, type MarkedRange } from '../../../shared/highlights.js';
import styles from './highlights.module.css';

/** Spec §3 cache types Highlight / Quote, as a story body shows them. */
export interface BodyHighlight {
  start: number;
  end: number;
  /** The viewer's own highlight, the story's top highlight, or (for its author) a passage readers highlighted. */
  kind: 'viewer' | 'top' | 'passage';
  /** The viewer's quote: a click on it offers to remove it. */
  quoteId?: string;
  /** Readers who highlighted the passage (shown to the author). */
  readerCount?: number | null;
}

/** Highlights per paragraph name. */
export type BodyHighlights = ReadonlyMap<string, readonly BodyHighlight[]>;

const KIND_CLASS = { viewer: styles.viewer, top: styles.top, passage: styles.passage };

/**
 * One text leaf of a paragraph (found at offset `at`) with the highlights over it as
 * <mark> elements. The text itself is unchanged, so offsets read from the page (a
 * selection) stay offsets into the paragraph's text.
 */
export function highlightedLeaf(text: string, at: number, highlights: readonly BodyHighlight[], key: number): ReactNode {
  const ranges: MarkedRange<BodyHighlight>[] = highlights.map((h) => ({ start: h.start, end: h.end, value: h }));
  return (
    <Fragment key={key}>
      {markedPieces(text, at, ranges).map((piece) => {
        if (piece.covering.length === 0) return piece.text;
        const kinds = [...new Set(piece.covering.map((h) => h.kind))];
        const mine = piece.covering.find((h) => h.kind === 'viewer');
        const counted = piece.covering.find((h) => h.readerCount != null);
        return (
          <mark
            key={piece.at}
            className={[styles.mark, ...kinds.map((k) => KIND_CLASS[k])].join(' ')}
            data-highlight={kinds.join(' ')}
            data-quote-id={mine?.quoteId}
            title={counted ? `Highlighted by ${counted.readerCount} ${counted.readerCount === 1 ? 'reader' : 'readers'}` : undefined}
          >
            {piece.text}
          </mark>
        );
      })}
    </Fragment>
  );
}

/**
 * The 'Top highlight' label of a paragraph holding the story's top highlight (with its
 * count for the author), set as an attribute the stylesheet draws above the paragraph:
 * drawn, not text, so selections and offsets never include it.
 */
export function topHighlightLabel(highlights: readonly BodyHighlight[] | undefined): string | undefined {
  const top = highlights?.find((h) => h.kind === 'top');
  if (!top) return undefined;
  return top.readerCount != null ? `Top highlight · ${top.readerCount} ${top.readerCount === 1 ? 'reader' : 'readers'}` : 'Top highlight';
}
