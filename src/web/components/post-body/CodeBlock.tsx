import type { ReactNode } from 'react';
import type { Paragraph } from '../../../shared/paragraphs.js';
import { codeLanguageLabel, normalizeCodeLanguage } from './code-languages.js';
import { InlineText } from './InlineText.js';
import styles from './PostBody.module.css';

/**
 * PRE: a code block. The language label is drawn by CSS from data-lang-label, so copying
 * the code never copies the label. A long line scrolls sideways: the block takes the focus
 * (tabIndex 0) so a keyboard can scroll it too.
 */
export function CodeBlock({ paragraph }: { paragraph: Paragraph }): ReactNode {
  const lang = normalizeCodeLanguage(paragraph.codeBlockMetadata?.lang);
  return (
    <pre
      id={paragraph.name}
      data-paragraph-type="PRE"
      data-lang={lang ?? undefined}
      data-lang-label={lang ? codeLanguageLabel(lang) : undefined}
      className={styles.pre}
      tabIndex={0}
    >
      <code className={lang ? `language-${lang}` : undefined}>
        <InlineText text={paragraph.text} markups={paragraph.markups} omit={['CODE']} />
      </code>
    </pre>
  );
}
