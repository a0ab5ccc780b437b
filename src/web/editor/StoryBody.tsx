import type { Editor, JSONContent } from '@tiptap/core';
import type { EditorView } from '@tiptap/pm/view';
import { EditorContent, useEditor } from '@tiptap/react';
import { memo, useEffect, useState } from 'react';
import { storyExtensions } from './extensions.js';
import bodyStyles from '../components/post-body/PostBody.module.css';
import styles from './editor.module.css';

export interface StoryBodyProps {
  initialDoc: JSONContent;
  /** The editor once created (null again when it goes). */
  onEditor(editor: Editor | null): void;
  onChange(): void;
  /** Image files pasted or dropped (at a document position for a drop). */
  onImageFiles(files: File[], at?: number): void;
}

const imageFiles = (list: FileList | undefined | null) => [...(list ?? [])].filter((f) => f.type.startsWith('image/'));

/**
 * The Tiptap editor of the story body, on its own: Tiptap re-applies its options to the
 * view after every render of the component that holds it, which under fast typing can put
 * the caret back where it was. This component renders once (its props never change), so
 * the header's save state and the toolbars re-render without touching it.
 */
export const StoryBody = memo(function StoryBody({ initialDoc, onEditor, onChange, onImageFiles }: StoryBodyProps) {
  const [options] = useState(() => ({
    extensions: storyExtensions({ placeholder: 'Tell your story…' }),
    content: initialDoc,
    immediatelyRender: false,
    editorProps: {
      attributes: { class: `${bodyStyles.body} ${styles.body}`, 'aria-label': 'Story', 'data-story-editor': '' },
      handlePaste: (_view: EditorView, event: ClipboardEvent) => {
        const files = imageFiles(event.clipboardData?.files);
        if (!files.length) return false;
        onImageFiles(files);
        return true;
      },
      handleDrop: (view: EditorView, event: DragEvent, _slice: unknown, moved: boolean) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (moved || !files.length) return false;
        event.preventDefault();
        onImageFiles(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
    onUpdate: () => onChange(),
  }));
  const editor = useEditor(options);
  useEffect(() => {
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);
  return <EditorContent editor={editor} />;
});
