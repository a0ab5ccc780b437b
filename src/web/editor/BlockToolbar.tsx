import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { useEditorState } from '@tiptap/react';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ImageLayout } from '../../shared/paragraphs.js';
import { STORY_LIMITS } from '../../shared/story-limits.js';
import { codeLanguageLabel } from '../components/post-body/code-languages.js';
import { focusEditor } from './insert-blocks.js';
import { NODE } from './paragraph-doc.js';
import { blockBox, clampCentre, verticalPlace } from './toolbar-position.js';
import { ToolbarField } from './ToolbarField.js';
import styles from './toolbar.module.css';

const LAYOUTS: { layout: ImageLayout; label: string }[] = [
  { layout: 'INSET_CENTER', label: 'Inset' },
  { layout: 'OUTSET_CENTER', label: 'Outset' },
  { layout: 'FULL_WIDTH', label: 'Full width' },
];

/** The languages offered for a code block (any other stays as the story has it). */
export const CODE_LANGUAGES = ['bash', 'c', 'cpp', 'csharp', 'css', 'diff', 'go', 'graphql', 'html', 'java', 'javascript', 'json', 'kotlin', 'markdown', 'php', 'python', 'ruby', 'rust', 'shell', 'sql', 'swift', 'typescript', 'xml', 'yaml'];

/**
 * The toolbar of the block under the caret when it is not plain text: an image's layout
 * (inset, outset, full width) and alt text; a code block's language.
 */
export function BlockToolbar({ editor, wrap }: { editor: Editor; wrap: RefObject<HTMLDivElement | null> }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const { selection } = e.state;
      const node = selection instanceof NodeSelection ? selection.node : selection.$from.depth >= 1 ? selection.$from.node(1) : null;
      const pos = selection instanceof NodeSelection ? selection.from : selection.$from.depth >= 1 ? selection.$from.before(1) : -1;
      const type = node?.type.name ?? '';
      return {
        type: type === NODE.image || type === NODE.codeBlock ? type : '',
        pos,
        layout: (node?.attrs.layout as ImageLayout | undefined) ?? 'INSET_CENTER',
        alt: (node?.attrs.alt as string | null) ?? '',
        language: (node?.attrs.language as string | null) ?? '',
        uploading: type === NODE.image && !node?.attrs.imageId,
        focused: e.isFocused,
      };
    },
  });
  const [altOpen, setAltOpen] = useState(false);
  const [alt, setAlt] = useState('');
  // The language menu takes focus from the story while it is open.
  const [inside, setInside] = useState(false);
  const bar = useRef<HTMLDivElement | null>(null);
  const [place, setPlace] = useState<{ top: number; left: number; below?: boolean } | null>(null);
  const visible = Boolean(state?.type && (state.focused || altOpen || inside));

  useLayoutEffect(() => {
    if (!visible || !state || !wrap.current || !bar.current) return setPlace(null);
    const box = blockBox(editor, wrap.current, state.pos);
    if (!box) return setPlace(null);
    const height = bar.current.offsetHeight;
    if (state.type === NODE.codeBlock) setPlace({ top: box.top + 6, left: Math.max(8, box.right - bar.current.offsetWidth - 6) });
    else {
      const { top, below } = verticalPlace(box, height);
      // A tall figure scrolled past the header: keep the bar just under the header.
      setPlace({ top: below ? Math.max(box.top, box.top - box.viewportTop + 75) : top, below: false, left: clampCentre((box.left + box.right) / 2, bar.current.offsetWidth, box.width) });
    }
  }, [visible, state, editor, wrap, altOpen]);

  const posKey = state?.pos ?? -1;
  const lastPos = useRef(posKey);
  if (lastPos.current !== posKey) {
    lastPos.current = posKey;
    if (altOpen) setAltOpen(false);
  }

  if (!visible || !state) return null;
  const setAttrs = (attrs: Record<string, unknown>) => {
    editor
      .chain()
      .command(({ tr }) => {
        const node = tr.doc.nodeAt(state.pos);
        if (!node) return false;
        tr.setNodeMarkup(state.pos, undefined, { ...node.attrs, ...attrs });
        return true;
      })
      .run();
  };
  const style = place ? { top: place.top, left: place.left } : { visibility: 'hidden' as const, top: 0, left: 0 };

  if (state.type === NODE.codeBlock) {
    const known = CODE_LANGUAGES.includes(state.language) || state.language === '';
    return (
      <div ref={bar} className={styles.languageBar} style={style} onFocus={() => setInside(true)} onBlur={() => setInside(false)}>
        <select
          className={styles.languageSelect}
          aria-label="Code language"
          value={state.language}
          onChange={(e) => {
            setAttrs({ language: e.target.value || null });
            setInside(false);
            focusEditor(editor);
          }}
        >
          <option value="">Plain text</option>
          {!known && <option value={state.language}>{codeLanguageLabel(state.language)}</option>}
          {CODE_LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {codeLanguageLabel(lang)}
            </option>
          ))}
        </select>
      </div>
    );
  }

  return (
    <div ref={bar} className={styles.formatBar} role="toolbar" aria-label="Image" style={style}>
      {altOpen ? (
        <ToolbarField
          label="Alt text"
          placeholder="Describe the image for people who cannot see it"
          value={alt}
          maxLength={STORY_LIMITS.imageAltMaxLength}
          onChange={setAlt}
          onSubmit={() => {
            setAttrs({ alt: alt.replace(/[\r\n]+/g, ' ').trim() || null });
            setAltOpen(false);
            focusEditor(editor);
          }}
          onCancel={() => {
            setAltOpen(false);
            focusEditor(editor);
          }}
        />
      ) : (
        <>
          {LAYOUTS.map(({ layout, label }) => (
            <button
              key={layout}
              type="button"
              className={state.layout === layout ? styles.toolActive : styles.tool}
              aria-pressed={state.layout === layout}
              aria-label={`${label} image`}
              title={label}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => setAttrs({ layout })}
            >
              <LayoutGlyph layout={layout} />
            </button>
          ))}
          <span className={styles.divider} aria-hidden="true" />
          <button
            type="button"
            className={styles.toolText}
            disabled={state.uploading}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setAlt(state.alt);
              setAltOpen(true);
            }}
          >
            Alt text
          </button>
        </>
      )}
    </div>
  );
}

function LayoutGlyph({ layout }: { layout: ImageLayout }) {
  const width = layout === 'INSET_CENTER' ? 10 : layout === 'OUTSET_CENTER' ? 16 : 22;
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <rect x={12 - width / 2} y="7" width={width} height="10" rx="1" fill="currentColor" />
      {layout !== 'FULL_WIDTH' && <path d="M3 4h18M3 20h18" stroke="currentColor" strokeWidth="1.2" />}
    </svg>
  );
}
