import type { ReactNode } from 'react';
import { imageUrl } from '../../../shared/images.js';
import { safeLinkHref } from '../../../shared/markups.js';
import type { Paragraph } from '../../../shared/paragraphs.js';
import { displayDomain } from './embeds.js';
import { USER_LINK_REL } from './InlineText.js';
import styles from './PostBody.module.css';

/** Thumbnail box in CSS pixels; the image is requested at 2x. */
const THUMBNAIL_SIZE = 160;

/**
 * MIXTAPE_EMBED: a link card with the title, description and domain, and a thumbnail on
 * the right. Without metadata the paragraph text is the title. An unsafe href gives the
 * same card without the link.
 */
export function MixtapeEmbed({ paragraph }: { paragraph: Paragraph }): ReactNode {
  const meta = paragraph.mixtapeMetadata;
  const href = safeLinkHref(meta?.href);
  const title = meta?.title?.trim() || paragraph.text.trim() || (href ?? '');
  const description = meta?.description?.trim() ?? '';
  const domain = href ? displayDomain(href) : '';
  const content = (
    <>
      <span className={styles.mixtapeText}>
        <strong className={styles.mixtapeTitle}>{title}</strong>
        {description ? <span className={styles.mixtapeDescription}>{description}</span> : null}
        {domain ? <span className={styles.mixtapeDomain}>{domain}</span> : null}
      </span>
      {meta?.thumbnailImageId ? (
        <span className={styles.mixtapeThumb}>
          <img
            src={imageUrl(meta.thumbnailImageId, THUMBNAIL_SIZE * 2)}
            alt=""
            width={THUMBNAIL_SIZE}
            height={THUMBNAIL_SIZE}
            loading="lazy"
            decoding="async"
          />
        </span>
      ) : null}
    </>
  );
  return (
    <div id={paragraph.name} data-paragraph-type="MIXTAPE_EMBED" className={styles.mixtape}>
      {href ? (
        <a className={styles.mixtapeCard} href={href} rel={USER_LINK_REL} target="_blank">
          {content}
        </a>
      ) : (
        <div className={styles.mixtapeCard}>{content}</div>
      )}
    </div>
  );
}
