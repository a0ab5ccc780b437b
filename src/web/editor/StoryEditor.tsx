import type { Editor } from '@tiptap/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { useBrowserData } from '../apollo/browser-data-context.js';
import { useSite } from '../app-context.js';
import { useToast } from '../components/toast/index.js';
import { LINK_PREVIEW, REVERT_POST } from '../graphql/editor-operations.js';
import { useNavigation } from '../router/navigation.js';
import { normalizeEmbedUrl } from '../../shared/embeds.js';
import type { ImageMetadata, Paragraph } from '../../shared/paragraphs.js';
import { STORY_LIMITS } from '../../shared/story-limits.js';
import { BlockInserter } from './BlockInserter.js';
import { BlockToolbar } from './BlockToolbar.js';
import { storyImages, type EditablePost } from './editable-post.js';
import { EditorHeader } from './EditorHeader.js';
import { FormatToolbar, normalizeLinkInput } from './FormatToolbar.js';
import { completeImage, focusEditor, insertBlocks, removeImage } from './insert-blocks.js';
import { docToParagraphs, NODE, paragraphsToDoc } from './paragraph-doc.js';
import { PublishDialog } from './publish/PublishDialog.js';
import { RevisionHistory, type Revision } from './RevisionHistory.js';
import { StoryBody } from './StoryBody.js';
import { callMutation, uploadImage } from './server-calls.js';
import { useStorySaving, type StoryContent } from './use-story-saving.js';
import styles from './editor.module.css';

export interface StoryEditorProps {
  /** Null for a new story: the first save creates the draft. */
  postId: string | null;
  baseRev: number;
  title: string;
  subtitle: string;
  paragraphs: Paragraph[];
  post: EditablePost | null;
  /** /new-story/repost/{repostId}: the story the draft's card links. */
  repostOfPostId?: string | null;
  /** The revert route: open the history on this revision. */
  history?: { rev: number; baseRev: number } | null;
}

type Result = { __typename: string; message?: string; latestRev?: number; href?: string; title?: string; description?: string; thumbnailImageId?: string | null };

interface TitleFieldProps {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  className: string | undefined;
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  onChange(value: string): void;
  /** Enter moves on (the title and subtitle are single lines). */
  onEnter(): void;
  onBackspaceEmpty?(): void;
}

/** The title or subtitle: one line of text that wraps, as tall as what it holds. */
function TitleField({ inputRef, className, label, placeholder, value, maxLength, onChange, onEnter, onBackspaceEmpty }: TitleFieldProps) {
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    const fit = () => {
      el.style.height = 'auto';
      el.style.height = `${el.scrollHeight}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [inputRef, value]);
  return (
    <textarea
      ref={inputRef}
      className={className}
      aria-label={label}
      placeholder={placeholder}
      rows={1}
      value={value}
      maxLength={maxLength}
      // A pasted line break would be refused by the server: it becomes a space.
      onChange={(e) => onChange(e.target.value.replace(/[\r\n]+/g, ' '))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onEnter();
        } else if (e.key === 'Backspace' && value === '' && onBackspaceEmpty) {
          e.preventDefault();
          onBackspaceEmpty();
        }
      }}
    />
  );
}

/** The writing page: header, title and subtitle, the body with its toolbars, autosave, publishing and history. */
export function StoryEditor(props: StoryEditorProps) {
  const { viewer } = useSite();
  const toast = useToast();
  const nav = useNavigation();
  const loadData = useBrowserData();
  const [postId, setPostId] = useState(props.postId);
  const [title, setTitle] = useState(props.title);
  const [subtitle, setSubtitle] = useState(props.subtitle);
  const titleRef = useRef(props.title);
  const subtitleRef = useRef(props.subtitle);
  const titleEl = useRef<HTMLTextAreaElement | null>(null);
  const subtitleEl = useRef<HTMLTextAreaElement | null>(null);
  const wrap = useRef<HTMLDivElement | null>(null);
  const editorRef = useRef<Editor | null>(null);
  const [uploading, setUploading] = useState(0);
  const [publishing, setPublishing] = useState<{ title: string; subtitle: string; images: ImageMetadata[] } | null>(null);
  const [history, setHistory] = useState<{ rev: number | null; baseRev: number | null } | null>(props.history ?? null);

  const lastContent = useRef<StoryContent>({ title: props.title, subtitle: props.subtitle, paragraphs: props.paragraphs });
  const content = useCallback((): StoryContent => {
    const e = editorRef.current;
    const paragraphs = e && !e.isDestroyed ? docToParagraphs(e.getJSON()) : lastContent.current.paragraphs;
    lastContent.current = { title: titleRef.current, subtitle: subtitleRef.current, paragraphs };
    return lastContent.current;
  }, []);

  // What the server holds, in the shape the editor gives back: nothing to save until it changes.
  const [saved] = useState(() => (props.postId ? { title: props.title, subtitle: props.subtitle, paragraphs: docToParagraphs(paragraphsToDoc(props.paragraphs)) } : null));
  const saverRef = useRef<{ changed(): void } | null>(null);
  const { status, saver, ids, resetSaved } = useStorySaving({
    postId: props.postId,
    baseRev: props.baseRev,
    saved,
    repostOfPostId: props.repostOfPostId,
    content,
    onCreated: (id) => {
      setPostId(id);
      // A reload now continues this draft.
      window.history.replaceState(window.history.state, '', `/p/${id}/edit`);
    },
  });

  saverRef.current = saver;
  const uploadRef = useRef<(files: File[], at?: number) => void>(() => {});
  const [editor, setEditor] = useState<Editor | null>(null);
  editorRef.current = editor;
  // Stable for StoryBody, which must not re-render.
  const [bodyProps] = useState(() => ({
    initialDoc: paragraphsToDoc(props.paragraphs),
    onEditor: (e: Editor | null) => {
      editorRef.current = e;
      setEditor(e);
    },
    onChange: () => saverRef.current?.changed(),
    onImageFiles: (files: File[], at?: number) => uploadRef.current(files, at),
  }));

  uploadRef.current = (files, at) => {
    if (!editor) return;
    if (!viewer) {
      toast.show({ message: 'Sign in to upload images.', toastStyle: 'ERROR' });
      return;
    }
    const items = files.map((file) => ({ file, previewSrc: URL.createObjectURL(file) }));
    insertBlocks(editor, items.map((i) => ({ type: NODE.image, attrs: { previewSrc: i.previewSrc } })), at);
    for (const item of items) {
      setUploading((n) => n + 1);
      uploadImage(item.file, viewer.xsrf)
        .then((image) => completeImage(editor, item.previewSrc, image))
        .catch((e: Error) => {
          removeImage(editor, item.previewSrc);
          toast.show({ message: e.message, toastStyle: 'ERROR' });
        })
        .finally(() => {
          URL.revokeObjectURL(item.previewSrc);
          setUploading((n) => n - 1);
        });
    }
  };

  // Images still uploading are not in the story yet: leaving now would lose them.
  useEffect(() => {
    if (uploading === 0) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  // Ctrl/Cmd+S saves now instead of saving the web page.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 's' && (e.metaKey || e.ctrlKey) && !e.altKey) {
        e.preventDefault();
        void saver.flush();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saver]);

  const onEmbed = async (input: string): Promise<string | null> => {
    if (!editor) return null;
    const embed = normalizeEmbedUrl(input);
    if (embed) {
      insertBlocks(editor, [{ type: NODE.embed, attrs: { src: embed.src, title: embed.provider.name, width: 640, height: 360 } }]);
      return null;
    }
    const href = normalizeLinkInput(input);
    if (!href || href.startsWith('mailto:')) return 'Enter the address of a web page (https://…).';
    const r = await callMutation<Result>(loadData, LINK_PREVIEW, { url: href }, 'linkPreview');
    if (!r.ok) return r.offline ? 'The link could not be added: you appear to be offline.' : r.message;
    const v = r.value;
    if (v.__typename !== 'LinkPreview') return v.message ?? 'That page could not be read.';
    const cardTitle = (v.title || v.href || href).replace(/[\r\n]+/g, ' ').slice(0, STORY_LIMITS.embedTitleMaxLength);
    insertBlocks(editor, [
      { type: NODE.mixtape, attrs: { href: v.href || href, title: cardTitle, description: v.description ?? '', thumbnailImageId: v.thumbnailImageId ?? null, text: cardTitle, markups: [] } },
    ]);
    return null;
  };

  const setTitles = (t: string, s: string) => {
    titleRef.current = t;
    subtitleRef.current = s;
    setTitle(t);
    setSubtitle(s);
  };

  const openPublish = async () => {
    if (uploading > 0) {
      toast.show({ message: 'Wait for your images to finish uploading, then publish.', toastStyle: 'ERROR' });
      return;
    }
    // A new story (or a repost not yet touched) is created now.
    if (!ids.current.postId) saver.changed();
    const ok = await saver.flush();
    if (!ok) {
      toast.show({ message: 'Your latest changes are not saved yet, so the story cannot be published. Try again in a moment.', toastStyle: 'ERROR' });
      return;
    }
    if (!ids.current.postId) {
      toast.show({ message: 'Write something before publishing.', toastStyle: 'ERROR' });
      return;
    }
    const now = content();
    setPublishing({ title: now.title, subtitle: now.subtitle, images: storyImages(now.paragraphs) });
  };

  const restore = async (revision: Revision): Promise<string | null> => {
    if (!editor || !ids.current.postId) return 'The story is not saved yet.';
    await saver.flush();
    if (saver.currentStatus.state === 'conflict') return 'This story was changed somewhere else: reload the page, then restore.';
    const r = await callMutation<Result>(loadData, REVERT_POST, { postId: ids.current.postId, rev: revision.rev }, 'revertPost');
    if (!r.ok) return r.offline ? 'Not restored: you appear to be offline.' : r.message;
    if (r.value.__typename !== 'SavedDraft' || typeof r.value.latestRev !== 'number') return r.value.message ?? 'This version could not be restored.';
    setTitles(revision.title, revision.subtitle);
    editor.commands.setContent(paragraphsToDoc(revision.paragraphs), { emitUpdate: false });
    resetSaved(r.value.latestRev);
    setHistory(null);
    window.history.replaceState(window.history.state, '', `/p/${ids.current.postId}/edit`);
    toast.show({ message: `Restored revision ${revision.rev}.`, toastStyle: 'SUCCESS' });
    return null;
  };

  const leave = (e: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (!saver.hasUnsavedChanges() && uploading === 0) return;
    e.preventDefault();
    void saver.flush().then((ok) => {
      if (ok || window.confirm('Your latest changes are not saved. Leave anyway?')) {
        saver.discard();
        nav.navigate(href);
      }
    });
  };

  const isPublished = Boolean(props.post?.isPublished);
  return (
    <div className={styles.page}>
      <EditorHeader
        status={status}
        isPublished={isPublished}
        canPublish={status.state !== 'conflict' && (postId !== null || status.state !== 'idle')}
        showHistory={postId !== null}
        onHistory={() => setHistory({ rev: null, baseRev: null })}
        onPublish={() => void openPublish()}
        onLeave={leave}
      />
      {status.state === 'conflict' && (
        <div className={styles.banner} role="alert">
          <span className={styles.bannerText}>{status.message}</span>
          <button
            type="button"
            className={styles.bannerButton}
            onClick={() => {
              saver.discard();
              window.location.reload();
            }}
          >
            Reload
          </button>
        </div>
      )}
      {status.state === 'failed' && (
        <div className={styles.banner} role="alert">
          <span className={styles.bannerText}>{status.message}</span>
        </div>
      )}
      <div className={styles.titles}>
        {/* The writing page's heading for screen readers: the title field below is a textarea, not a heading. */}
        <h1 className="visually-hidden">{postId ? 'Edit story' : 'New story'}</h1>
        <TitleField
          inputRef={titleEl}
          className={styles.title}
          label="Title"
          placeholder="Title"
          value={title}
          maxLength={STORY_LIMITS.titleMaxLength}
          onChange={(value) => {
            titleRef.current = value;
            setTitle(value);
            saver.changed();
          }}
          onEnter={() => subtitleEl.current?.focus()}
        />
        <TitleField
          inputRef={subtitleEl}
          className={styles.subtitle}
          label="Subtitle"
          placeholder="Subtitle (optional)"
          value={subtitle}
          maxLength={STORY_LIMITS.subtitleMaxLength}
          onChange={(value) => {
            subtitleRef.current = value;
            setSubtitle(value);
            saver.changed();
          }}
          onEnter={() => {
            if (!editor) return;
            editor.commands.focus('start');
            focusEditor(editor);
          }}
          onBackspaceEmpty={() => titleEl.current?.focus()}
        />
      </div>
      <div ref={wrap} className={styles.bodyWrap}>
        <StoryBody {...bodyProps} />
        {editor && (
          <>
            <FormatToolbar editor={editor} wrap={wrap} />
            <BlockToolbar editor={editor} wrap={wrap} />
            <BlockInserter editor={editor} wrap={wrap} onImages={(files) => uploadRef.current(files)} onEmbed={onEmbed} />
          </>
        )}
      </div>
      {publishing && postId && (
        <PublishDialog
          postId={postId}
          post={props.post}
          title={publishing.title}
          subtitle={publishing.subtitle}
          images={publishing.images}
          onClose={() => setPublishing(null)}
          onPublished={(path) => {
            saver.discard();
            window.location.assign(path);
          }}
        />
      )}
      {history && postId && (
        <RevisionHistory
          postId={postId}
          latestRev={ids.current.baseRev}
          initialRev={history.rev}
          linkBaseRev={history.baseRev}
          onClose={() => setHistory(null)}
          onRestore={restore}
        />
      )}
    </div>
  );
}
