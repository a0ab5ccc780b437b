import type { ReactNode } from 'react';
import type { Block, Inline } from '../../../shared/markdown.js';
import styles from './markdown.module.css';

/**
 * A parsed Markdown document (src/shared/markdown.ts) as React elements: text is only ever
 * a string child, so React escapes it, and HTML in the source shows as text.
 */
export function Markdown({ blocks }: { blocks: Block[] }) {
  return <div className={styles.document}>{blocks.map((b, i) => renderBlock(b, i))}</div>;
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return <Tag key={key}>{inlines(block.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{inlines(block.children)}</p>;
    case 'quote':
      return <blockquote key={key}>{inlines(block.children)}</blockquote>;
    case 'rule':
      return <hr key={key} />;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{inlines(item)}</li>);
      return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
  }
}

function inlines(list: Inline[]): ReactNode[] {
  return list.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'strong':
        return <strong key={i}>{inlines(node.children)}</strong>;
      case 'em':
        return <em key={i}>{inlines(node.children)}</em>;
      case 'link': {
        const external = !node.href.startsWith('/') && !node.href.startsWith('#');
        return (
          <a key={i} href={node.href} rel={external ? 'noopener noreferrer nofollow' : undefined}>
            {inlines(node.children)}
          </a>
        );
      }
    }
  });
}
