import type { ReactNode } from 'react';
import { safeLinkHref } from '../../../shared/markups.js';
import type { Paragraph } from '../../../shared/paragraphs.js';
import { embeddableIframeUrl } from './embeds.js';
import { InlineText, USER_LINK_REL } from './InlineText.js';
import styles from './PostBody.module.css';

/** Sandboxed: scripts for the player, same-origin for its own cookies, no top navigation. */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';

export interface IframeEmbedProps {
  paragraph: Paragraph;
  /** When false every embed is shown as a link (e.g. the allow_iframe flag is off). */
  allowIframes: boolean;
}

/**
 * IFRAME: a responsive, sandboxed embed when the src is on the allow-list
 * (./embeds.ts); otherwise a plain link to it, or its text when it is not even a link.
 */
export function IframeEmbed({ paragraph, allowIframes }: IframeEmbedProps): ReactNode {
  const frame = paragraph.iframe;
  const src = frame?.src ?? '';
  const title = frame?.title?.trim() || paragraph.text.trim() || src;
  const url = allowIframes ? embeddableIframeUrl(src) : null;
  if (!url) {
    const href = safeLinkHref(src);
    return (
      <p id={paragraph.name} data-paragraph-type="IFRAME" className={[styles.p, styles.embedLink].join(' ')}>
        {href ? (
          <a className={styles.link} href={href} rel={USER_LINK_REL} target="_blank">
            {title}
          </a>
        ) : (
          title
        )}
      </p>
    );
  }
  const width = frame && frame.width > 0 ? frame.width : 16;
  const height = frame && frame.height > 0 ? frame.height : 9;
  return (
    <figure id={paragraph.name} data-paragraph-type="IFRAME" className={styles.figure}>
      <div className={styles.embedFrame} style={{ aspectRatio: `${width} / ${height}` }}>
        <iframe
          className={styles.iframe}
          src={url.href}
          title={title}
          width={width}
          height={height}
          sandbox={IFRAME_SANDBOX}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
      {paragraph.text && paragraph.text.trim() !== title ? (
        <figcaption className={styles.caption}>
          <InlineText text={paragraph.text} markups={paragraph.markups} />
        </figcaption>
      ) : null}
    </figure>
  );
}
