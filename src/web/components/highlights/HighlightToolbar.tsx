import { useRef, type RefObject } from 'react';
import { Popover } from '../popover/index.js';
import type { SelectedText } from './selection.js';
import styles from './highlights.module.css';

/** Keeps the reader's selection when a button of the menu is pressed. */
const keepSelection = (e: { preventDefault(): void }) => e.preventDefault();

/** A box over the selected text, for the popover to hang from. */
function SelectionAnchor({ rect, anchorRef }: { rect: SelectedText['rect']; anchorRef: RefObject<HTMLDivElement | null> }) {
  return <div ref={anchorRef} aria-hidden="true" style={{ position: 'fixed', top: rect.top, left: rect.left, width: rect.width, height: rect.height, pointerEvents: 'none' }} />;
}

/** The small menu over selected text in a story: Highlight, and Respond (a response quoting it). */
export function HighlightToolbar({ selection, busy, onHighlight, onRespond, onHide }: { selection: SelectedText; busy: boolean; onHighlight(): void; onRespond(): void; onHide(): void }) {
  const anchorRef = useRef<HTMLDivElement | null>(null);
  return (
    <>
      <SelectionAnchor rect={selection.rect} anchorRef={anchorRef} />
      <Popover isVisible anchorRef={anchorRef} onHide={onHide} placement="top" role="region" aria-label="Selected text" className={styles.toolbar} hideOn={{ blur: false }}>
        <div className={styles.toolbarButtons} onMouseDown={keepSelection}>
          <button type="button" className={styles.toolbarButton} onClick={onHighlight} disabled={busy}>
            Highlight
          </button>
          <button type="button" className={styles.toolbarButton} onClick={onRespond} disabled={busy}>
            Respond
          </button>
        </div>
      </Popover>
    </>
  );
}

/** Over one of the viewer's own highlights: remove it. */
export function QuoteMenu({ mark, busy, onRemove, onHide }: { mark: HTMLElement; busy: boolean; onRemove(): void; onHide(): void }) {
  const anchorRef = useRef<HTMLElement | null>(mark);
  anchorRef.current = mark;
  return (
    <Popover isVisible anchorRef={anchorRef} onHide={onHide} placement="top" role="region" aria-label="Your highlight" className={styles.toolbar}>
      <div className={styles.toolbarButtons}>
        <button type="button" className={styles.toolbarButton} onClick={onRemove} disabled={busy}>
          Remove highlight
        </button>
      </div>
    </Popover>
  );
}
