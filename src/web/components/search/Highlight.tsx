import { highlightParts } from '../../lib/search-highlight.js';
import type { HighlightValue } from '../../lib/search-types.js';
import styles from './search.module.css';

/** A hit's attribute with the matched words in bold; plain text when the hit has no highlight. */
export function Highlight({ hit, attribute, fallback }: { hit: { _highlightResult?: Record<string, HighlightValue | undefined> }; attribute: string; fallback: string }) {
  const parts = highlightParts(hit._highlightResult?.[attribute]?.value, fallback);
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          <mark key={i} className={styles.match}>
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
