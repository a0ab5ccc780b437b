import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../components/button/index.js';
import { LoadingButton } from '../../../components/loading-button/index.js';
import { editorHasText, paragraphsFromEditor, type ParagraphInputValue } from './response-text.js';
import styles from './responses.module.css';

export interface ResponseEditorProps {
  /** The prompt of the collapsed editor and the placeholder of the open one. */
  placeholder: string;
  /** Start open, with the caret in it (/p/{postId}/responses/new, Reply). */
  startOpen?: boolean;
  /** A reply editor closes back to nothing; the story's editor back to its prompt. */
  onCancel?(): void;
  /** Publishes; resolves to an error message to show, or null when it went through. */
  onSubmit(paragraphs: ParagraphInputValue[]): Promise<string | null>;
  submitLabel?: string;
  /** The quoted passage shown above the text (a response to a highlight). */
  quote?: string | null;
  /** Name and avatar of the writer, shown when open. */
  header?: ReactNode;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The light response editor: plain paragraphs, bold and italic (the B and I buttons or
 * Ctrl/⌘+B, Ctrl/⌘+I). Collapsed it is a prompt ('What are your thoughts?'); a click opens it.
 */
export function ResponseEditor({ placeholder, startOpen = false, onCancel, onSubmit, submitLabel = 'Respond', quote, header }: ResponseEditorProps) {
  const [open, setOpen] = useState(startOpen);
  const [hasText, setHasText] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const area = useRef<HTMLDivElement | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (!open) return;
    // New lines become <p>, which read back as paragraphs (response-text.ts).
    document.execCommand('defaultParagraphSeparator', false, 'p');
    area.current?.focus();
  }, [open]);

  const format = (command: 'bold' | 'italic') => {
    area.current?.focus();
    document.execCommand(command);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const mod = isMac() ? e.metaKey : e.ctrlKey;
    if (!mod) return;
    const key = e.key.toLowerCase();
    if (key === 'b' || key === 'i') {
      e.preventDefault();
      format(key === 'b' ? 'bold' : 'italic');
    } else if (key === 'u') {
      e.preventDefault(); // no underline in the paragraph model
    } else if (key === 'enter') {
      e.preventDefault();
      void submit();
    }
  };

  // Pasted or dropped content comes in as text: formatting (and markup) from elsewhere is
  // not the reader's response, and never runs here.
  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    document.execCommand('insertText', false, e.dataTransfer.getData('text/plain'));
  };

  const reset = () => {
    if (area.current) area.current.innerHTML = '';
    setHasText(false);
    setError(null);
  };

  const submit = async () => {
    const root = area.current;
    if (!root || busy) return;
    const paragraphs = paragraphsFromEditor(root);
    if (paragraphs.length === 0) return;
    setBusy(true);
    setError(null);
    const failure = await onSubmit(paragraphs);
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    reset();
    if (!startOpen) setOpen(false);
  };

  if (!open) {
    return (
      <button type="button" className={styles.prompt} onClick={() => setOpen(true)}>
        {placeholder}
      </button>
    );
  }

  return (
    <div className={styles.editor} data-testid="response-editor">
      {header}
      {quote && <blockquote className={styles.quote}>{quote}</blockquote>}
      <div className={styles.areaWrap}>
        {!hasText && (
          <div className={styles.placeholder} aria-hidden="true">
            {placeholder}
          </div>
        )}
        <div
          ref={area}
          className={styles.area}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={placeholder}
          aria-describedby={error ? errorId : undefined}
          onInput={(e) => setHasText(editorHasText(e.currentTarget))}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onDrop={onDrop}
        />
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.editorBar}>
        <div className={styles.formatButtons}>
          <button type="button" className={styles.formatButton} aria-label="Bold" title={isMac() ? 'Bold (⌘B)' : 'Bold (Ctrl+B)'} onMouseDown={(e) => e.preventDefault()} onClick={() => format('bold')}>
            <b>B</b>
          </button>
          <button type="button" className={styles.formatButton} aria-label="Italic" title={isMac() ? 'Italic (⌘I)' : 'Italic (Ctrl+I)'} onMouseDown={(e) => e.preventDefault()} onClick={() => format('italic')}>
            <i>i</i>
          </button>
        </div>
        <div className={styles.editorActions}>
          <Button
            variant="text"
            size="small"
            onClick={() => {
              reset();
              if (onCancel) onCancel();
              else setOpen(false);
            }}
          >
            Cancel
          </Button>
          <LoadingButton variant="accent" size="small" loading={busy} loadingLabel="Publishing" disabled={!hasText} onClick={() => void submit()}>
            {submitLabel}
          </LoadingButton>
        </div>
      </div>
    </div>
  );
}
