import type { ReactNode } from 'react';
import { IMAGE_LAYOUT_SIZES, IMAGE_LAYOUT_WIDTHS, imageSrcSet, imageSrcSetWidths, imageUrl } from '../../../shared/images.js';
import type { ImageLayout, Paragraph } from '../../../shared/paragraphs.js';
import { InlineText } from './InlineText.js';
import styles from './PostBody.module.css';

const LAYOUT_CLASS: Record<ImageLayout, string | undefined> = {
  INSET_CENTER: styles.inset,
  OUTSET_CENTER: styles.outset,
  FULL_WIDTH: styles.fullWidth,
};

function imageLayout(layout: Paragraph['layout']): ImageLayout {
  return layout === 'OUTSET_CENTER' || layout === 'FULL_WIDTH' ? layout : 'INSET_CENTER';
}

/**
 * IMG: a figure with a responsive image (1x and 2x of its layout width) and its caption.
 * Lazy, except the story's lead image (`isLead`): the largest paint, fetched first.
 */
export function ImageFigure({ paragraph, isLead = false }: { paragraph: Paragraph; isLead?: boolean }): ReactNode {
  const meta = paragraph.metadata;
  if (!meta?.id) return null;
  const layout = imageLayout(paragraph.layout);
  const layoutWidth = IMAGE_LAYOUT_WIDTHS[layout];
  const [baseWidth] = imageSrcSetWidths(meta, layoutWidth);
  const hasSize = meta.originalWidth > 0 && meta.originalHeight > 0;
  const image = (
    <img
      className={styles.image}
      src={imageUrl(meta.id, baseWidth)}
      srcSet={imageSrcSet(meta, layoutWidth)}
      sizes={IMAGE_LAYOUT_SIZES[layout]}
      width={hasSize ? meta.originalWidth : undefined}
      height={hasSize ? meta.originalHeight : undefined}
      alt={meta.alt ?? ''}
      loading={isLead ? 'eager' : 'lazy'}
      fetchPriority={isLead ? 'high' : undefined}
      decoding="async"
    />
  );
  return (
    <figure
      id={paragraph.name}
      data-paragraph-type="IMG"
      data-layout={layout}
      className={[styles.figure, LAYOUT_CLASS[layout]].filter(Boolean).join(' ')}
    >
      {/* React's server renderer gives an eager image outside <picture> a preload <link>, and a
          kept body (ssr/fragment-cache) has no <head> for it: the link would land in the body's
          HTML, which the browser's render does not have, and hydration would fail. */}
      {isLead ? <picture>{image}</picture> : image}
      {paragraph.text ? (
        <figcaption className={styles.caption}>
          <InlineText text={paragraph.text} markups={paragraph.markups} />
        </figcaption>
      ) : null}
    </figure>
  );
}
