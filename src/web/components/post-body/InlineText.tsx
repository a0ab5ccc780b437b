import type { ReactNode } from 'react';
import { buildMarkupTree, safeLinkHref, type MarkupNode } from '../../../shared/markups.js';
import type { Markup, MarkupType } from '../../../shared/paragraphs.js';
import { highlightedLeaf, type BodyHighlight } from './HighlightMarks.js';
import styles from './PostBody.module.css';

/** Spec §6: links in user content carry ugc and nofollow; noopener for target=_blank. */
export const USER_LINK_REL = 'ugc nofollow noopener';

export interface InlineTextProps {
  text: string;
  markups: readonly Markup[] | undefined;
  /** Markup types to ignore here (e.g. CODE inside a code block). */
  omit?: readonly MarkupType[];
  /** Highlights over this text (HighlightMarks.tsx), as <mark> elements inside the markups. */
  highlights?: readonly BodyHighlight[];
}

/** A paragraph's text with its markups as nested inline elements. React escapes the text. */
export function InlineText({ text, markups, omit, highlights }: InlineTextProps): ReactNode {
  const kept = omit?.length ? (markups ?? []).filter((m) => !omit.includes(m.type)) : markups;
  const tree = buildMarkupTree(text ?? '', kept);
  if (!highlights?.length) return renderNodes(tree);
  // Leaves are visited in text order: `offset` tells each where it sits in the paragraph.
  const offset = { at: 0 };
  return renderNodes(tree, (leaf, i) => {
    const node = highlightedLeaf(leaf, offset.at, highlights, i);
    offset.at += leaf.length;
    return node;
  });
}

function renderNodes(nodes: MarkupNode[], leaf?: (text: string, key: number) => ReactNode): ReactNode[] {
  return nodes.map((node, i) => (typeof node === 'string' ? (leaf ? leaf(node, i) : node) : <Mark key={i} mark={node.mark} children={renderNodes(node.children, leaf)} />));
}

function Mark({ mark, children }: { mark: Markup; children: ReactNode }): ReactNode {
  switch (mark.type) {
    case 'STRONG':
      return <strong>{children}</strong>;
    case 'EM':
      return <em>{children}</em>;
    case 'CODE':
      return <code className={styles.inlineCode}>{children}</code>;
    case 'A': {
      const href = safeLinkHref(mark.href);
      // An unsafe or missing href keeps the words and drops the link.
      if (!href) return <>{children}</>;
      return (
        <a className={styles.link} href={href} rel={USER_LINK_REL} target="_blank">
          {children}
        </a>
      );
    }
    default:
      return <>{children}</>;
  }
}
