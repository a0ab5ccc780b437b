import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { NODE } from './paragraph-doc.js';
import { focusEditor } from './insert-blocks.js';
import { blockBox } from './toolbar-position.js';
import styles from './toolbar.module.css';

export interface BlockInserterProps {
  editor: Editor;
  wrap: RefObject<HTMLDivElement | null>;
  /** Images chosen with the file picker, for the empty line. */
  onImages(files: File[]): void;
  /** A link to embed on the empty line; resolves to an error to show, or null when done. */
  onEmbed(url: string): Promise<string | null>;
}

/** Room the '+' needs left of the text column; narrower screens put it at the line's end. */
const GUTTER = 52;

function MenuButton({ label, onPress, children }: { label: string; onPress(): void; children: ReactNode }) {
  return (
    <button type="button" className={styles.insertOption} aria-label={label} title={label} onMouseDown={(e) => e.preventDefault()} onClick={onPress}>
      {children}
    </button>
  );
}

/**
 * Medium's '+' on an empty line: an image (file picker), an embed (a link: a player from
 * the allow-list, else a link card), a code block, a divider.
 */
export function BlockInserter({ editor, wrap, onImages, onEmbed }: BlockInserterProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const { selection } = e.state;
      const { $from, empty } = selection;
      const onEmptyLine = empty && $from.depth === 1 && $from.parent.type.name === NODE.paragraph && $from.parent.content.size === 0;
      return { onEmptyLine, pos: onEmptyLine ? $from.before(1) : -1, focused: e.isFocused, editable: e.isEditable };
    },
  });
  const [open, setOpen] = useState(false);
  const [embedding, setEmbedding] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [place, setPlace] = useState<{ top: number; left: number; narrow: boolean } | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const root = useRef<HTMLDivElement | null>(null);

  const active = Boolean(state?.onEmptyLine && state.editable && (state.focused || open));

  useLayoutEffect(() => {
    if (!active || !state || !wrap.current) return setPlace(null);
    const box = blockBox(editor, wrap.current, state.pos);
    if (!box) return setPlace(null);
    const narrow = box.left < GUTTER;
    setPlace({ top: box.top, left: narrow ? box.left : box.left - GUTTER, narrow });
  }, [active, state, editor, wrap]);

  // Leaving the line closes the menu.
  const pos = state?.pos ?? -1;
  const lastPos = useRef(pos);
  if (lastPos.current !== pos) {
    lastPos.current = pos;
    if (open || embedding) {
      setOpen(false);
      setEmbedding(false);
      setError('');
    }
  }

  if (!active || !place) return null;

  function pickFiles(input: HTMLInputElement) {
    const files = [...(input.files ?? [])];
    input.value = '';
    setOpen(false);
    if (files.length) onImages(files);
  }

  const close = () => {
    setOpen(false);
    setEmbedding(false);
    setError('');
    focusEditor(editor);
  };

  const submitEmbed = async () => {
    if (!url.trim() || busy) return;
    setBusy(true);
    const problem = await onEmbed(url.trim());
    setBusy(false);
    if (problem) setError(problem);
    else {
      setUrl('');
      setEmbedding(false);
      setOpen(false);
    }
  };

  return (
    <div
      ref={root}
      className={place.narrow ? styles.inserterNarrow : styles.inserter}
      // The link field starts where the text does, as the line it replaces.
      style={{ top: place.top, left: embedding && !place.narrow ? place.left + GUTTER : place.left }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
      }}
    >
      <input ref={fileInput} type="file" accept="image/*" multiple hidden onChange={(e) => pickFiles(e.currentTarget)} />
      {!embedding && (
        <button
          type="button"
          className={open ? styles.plusOpen : styles.plus}
          aria-label="Insert an image, embed, code block or divider"
          aria-expanded={open}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setOpen((o) => !o)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
            <path d="M12 5v14M5 12h14" />
          </svg>
        </button>
      )}
      {open && !embedding && (
        <div className={styles.insertMenu} role="group" aria-label="Insert">
          <MenuButton label="Add an image" onPress={() => fileInput.current?.click()}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
              <rect x="3.5" y="5" width="17" height="14" rx="1.5" />
              <circle cx="9" cy="10" r="1.6" />
              <path d="M4 17l5-5 4 4 3-3 4 4" />
            </svg>
          </MenuButton>
          <MenuButton
            label="Add an embed"
            onPress={() => {
              setEmbedding(true);
              setError('');
            }}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
              <rect x="3.5" y="5" width="17" height="14" rx="1.5" />
              <path d="M10 9.5v5l4.5-2.5z" fill="currentColor" />
            </svg>
          </MenuButton>
          <MenuButton
            label="Add a code block"
            onPress={() => {
              editor.chain().focus().setNode(NODE.codeBlock).run();
              setOpen(false);
            }}
          >
            <span className={styles.glyphMono}>{'{ }'}</span>
          </MenuButton>
          <MenuButton
            label="Add a divider"
            onPress={() => {
              editor.chain().focus().setHorizontalRule().run();
              setOpen(false);
            }}
          >
            <span className={styles.glyphSerif}>···</span>
          </MenuButton>
        </div>
      )}
      {embedding && (
        <div className={styles.embedForm}>
          <input
            className={styles.embedInput}
            aria-label="Link to embed"
            placeholder="Paste a link (YouTube, Vimeo, CodePen…) or any web page, and press Enter"
            value={url}
            autoFocus
            disabled={busy}
            onChange={(e) => {
              setUrl(e.target.value);
              setError('');
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void submitEmbed();
              }
            }}
          />
          {busy && <span className={styles.embedNote}>Fetching the page…</span>}
          {error && (
            <span className={styles.embedError} role="alert">
              {error}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
