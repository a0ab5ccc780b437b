import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { useEditorState } from '@tiptap/react';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { safeLinkHref } from '../../shared/markups.js';
import { QUOTE_CYCLE } from './extensions.js';
import { focusEditor } from './insert-blocks.js';
import { NODE } from './paragraph-doc.js';
import { clampCentre, selectionBox, verticalPlace } from './toolbar-position.js';
import { ToolbarField } from './ToolbarField.js';
import styles from './toolbar.module.css';

/** What a person types as a link: with or without https://, or an email address. */
export function normalizeLinkInput(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return safeLinkHref(`mailto:${text}`);
  return safeLinkHref(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
}

const TEXT_BLOCKS = new Set<string>([NODE.paragraph, NODE.heading, NODE.blockquote, NODE.pullquote]);

function ToolButton({ label, pressed, onPress, children }: { label: string; pressed?: boolean; onPress(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={pressed ? styles.toolActive : styles.tool}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      // Keeps the selection: a press must not move focus out of the story.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPress}
    >
      {children}
    </button>
  );
}

/**
 * The toolbar over selected text (Medium's): bold, italic, link, inline code, then the
 * block styles — large heading (H3), small heading (H4) and quote (paragraph → quote →
 * pull quote → paragraph). Captions get the inline styles only.
 */
export function FormatToolbar({ editor, wrap }: { editor: Editor; wrap: RefObject<HTMLDivElement | null> }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const { selection } = e.state;
      const parent = selection.$from.parent.type.name;
      return {
        from: selection.from,
        to: selection.to,
        show: !selection.empty && !(selection instanceof NodeSelection) && e.isEditable && parent !== NODE.codeBlock,
        focused: e.isFocused,
        inText: TEXT_BLOCKS.has(parent) && selection.$from.sameParent(selection.$to) && selection.$from.depth === 1,
        parent,
        level: parent === NODE.heading ? (selection.$from.parent.attrs.level as number) : 0,
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        code: e.isActive('code'),
        link: e.isActive('link'),
      };
    },
  });
  const [linkMode, setLinkMode] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState('');
  const toolbar = useRef<HTMLDivElement | null>(null);
  const [place, setPlace] = useState<{ top: number; left: number; below: boolean } | null>(null);

  const visible = Boolean(state?.show && (state.focused || linkMode));

  useLayoutEffect(() => {
    if (!visible || !state || !wrap.current || !toolbar.current) return setPlace(null);
    const box = selectionBox(editor, wrap.current, state.from, state.to);
    if (!box) return setPlace(null);
    const size = toolbar.current.offsetWidth;
    const { top, below } = verticalPlace(box, toolbar.current.offsetHeight);
    setPlace({ top, below, left: clampCentre((box.left + box.right) / 2, size, box.width) });
  }, [visible, state, editor, wrap, linkMode]);

  // A new selection leaves link editing.
  const selectionKey = state ? `${state.from}-${state.to}` : '';
  const lastKey = useRef(selectionKey);
  if (lastKey.current !== selectionKey) {
    lastKey.current = selectionKey;
    if (linkMode) {
      setLinkMode(false);
      setLinkError('');
    }
  }

  if (!visible || !state) return null;

  const applyLink = () => {
    const url = normalizeLinkInput(href);
    if (!url) {
      setLinkError('Enter a web address (https://…) or an email address.');
      return;
    }
    editor.chain().extendMarkRange('link').setLink({ href: url }).run();
    focusEditor(editor);
    setLinkMode(false);
    setLinkError('');
  };

  const chain = () => editor.chain().focus();
  return (
    <div
      ref={toolbar}
      className={place?.below ? styles.formatBarBelow : styles.formatBar}
      role="toolbar"
      aria-label="Format text"
      style={place ? { top: place.top, left: place.left } : { visibility: 'hidden', top: 0, left: 0 }}
    >
      {linkMode ? (
        <ToolbarField
          label="Link address"
          placeholder="Paste or type a link…"
          value={href}
          error={linkError}
          onChange={(value) => {
            setHref(value);
            setLinkError('');
          }}
          onSubmit={applyLink}
          onCancel={() => {
            setLinkMode(false);
            focusEditor(editor);
          }}
        />
      ) : (
        <>
          <ToolButton label="Bold" pressed={state.bold} onPress={() => chain().toggleBold().run()}>
            <b className={styles.glyphSerif}>B</b>
          </ToolButton>
          <ToolButton label="Italic" pressed={state.italic} onPress={() => chain().toggleItalic().run()}>
            <i className={styles.glyphSerif}>i</i>
          </ToolButton>
          <ToolButton
            label={state.link ? 'Remove link' : 'Link'}
            pressed={state.link}
            onPress={() => {
              if (state.link) {
                chain().extendMarkRange('link').unsetLink().run();
                return;
              }
              setHref('');
              setLinkMode(true);
            }}
          >
            <LinkGlyph />
          </ToolButton>
          <ToolButton label="Inline code" pressed={state.code} onPress={() => chain().toggleCode().run()}>
            <span className={styles.glyphMono}>{'</>'}</span>
          </ToolButton>
          {state.inText && (
            <>
              <span className={styles.divider} aria-hidden="true" />
              <ToolButton label="Large heading" pressed={state.level > 0 && state.level <= 3} onPress={() => chain().toggleHeading({ level: 3 }).run()}>
                <span className={styles.glyphLarge}>T</span>
              </ToolButton>
              <ToolButton label="Small heading" pressed={state.level === 4} onPress={() => chain().toggleHeading({ level: 4 }).run()}>
                <span className={styles.glyphSmall}>T</span>
              </ToolButton>
              <ToolButton
                label="Quote"
                pressed={state.parent === NODE.blockquote || state.parent === NODE.pullquote}
                onPress={() => chain().setNode(QUOTE_CYCLE[state.parent] ?? NODE.blockquote).run()}
              >
                <span className={styles.glyphQuote}>“</span>
              </ToolButton>
            </>
          )}
        </>
      )}
    </div>
  );
}

function LinkGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1.2 1.2" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1.2-1.2" />
    </svg>
  );
}
