import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBrowserData } from '../apollo/browser-data-context.js';
import { CREATE_DRAFT, SAVE_DRAFT } from '../graphql/editor-operations.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { Autosaver, type SaveOutcome, type SaveStatus } from './autosave.js';
import { callMutation, toParagraphInput, TRY_AGAIN_MESSAGE } from './server-calls.js';

/** What one save sends: the whole story as the editor holds it. */
export interface StoryContent {
  title: string;
  subtitle: string;
  paragraphs: Paragraph[];
}

export const CONFLICT_MESSAGE =
  'This story was changed somewhere else (another tab or device) since you opened it, so your latest edits here are not saved. Reload to continue from the latest version.';

const EMPTY_STORY = JSON.stringify({ title: '', subtitle: '', paragraphs: [] });

type SaveDraftResult = { __typename: 'SavedDraft' | 'Conflict' | 'NotFound' | 'BadRequest'; postId?: string; latestRev?: number; message?: string };

export interface StorySavingOptions {
  /** Null until the first save creates the draft. */
  postId: string | null;
  baseRev: number;
  /** What the server holds already (nothing to save until it changes). */
  saved: StoryContent | null;
  repostOfPostId?: string | null;
  /** The editor's content now. */
  content(): StoryContent;
  /** The first save made the draft. */
  onCreated?(postId: string): void;
}

/**
 * Autosave for one story: the Autosaver's timing, createDraft on the first save and
 * saveDraft (from the revision this editor started at) after; a warning before leaving
 * the page with unsaved edits; a retry as soon as the browser is back online.
 */
export function useStorySaving(opts: StorySavingOptions) {
  const loadData = useBrowserData();
  const [status, setStatus] = useState<SaveStatus>({ state: opts.postId ? 'saved' : 'idle' });
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const ids = useRef({ postId: opts.postId, baseRev: opts.baseRev });
  const lastSaved = useRef(opts.saved ? JSON.stringify(opts.saved) : EMPTY_STORY);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    const content = optsRef.current.content();
    const json = JSON.stringify(content);
    if (json === lastSaved.current) return { kind: 'saved' };
    const { postId, baseRev } = ids.current;
    const story = { title: content.title, subtitle: content.subtitle, paragraphs: content.paragraphs.map(toParagraphInput) };
    const r = postId
      ? await callMutation<SaveDraftResult>(loadData, SAVE_DRAFT, { postId, baseRev, ...story }, 'saveDraft')
      : await callMutation<SaveDraftResult>(loadData, CREATE_DRAFT, { ...story, repostOfPostId: optsRef.current.repostOfPostId ?? null }, 'createDraft');
    if (!r.ok) return r.offline ? { kind: 'offline', message: r.message } : { kind: 'failed', message: r.message };
    const result = r.value;
    if (result.__typename === 'SavedDraft' && result.postId && typeof result.latestRev === 'number') {
      ids.current = { postId: result.postId, baseRev: result.latestRev };
      lastSaved.current = json;
      if (!postId) optsRef.current.onCreated?.(result.postId);
      return { kind: 'saved' };
    }
    if (result.__typename === 'Conflict') return { kind: 'conflict', message: CONFLICT_MESSAGE };
    return { kind: 'failed', message: result.message || TRY_AGAIN_MESSAGE };
  }, [loadData]);

  const saver = useMemo(() => new Autosaver({ save, onStatus: setStatus }), [save]);

  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!saver.hasUnsavedChanges()) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    const online = () => saver.retryNow();
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('online', online);
      // Leaving inside the app (a link, Back): what is pending is still sent.
      void saver.flush().finally(() => saver.dispose());
    };
  }, [saver]);

  /** The server now holds `rev` with the editor's current content (after a restore). */
  const resetSaved = useCallback((rev: number) => {
    ids.current = { ...ids.current, baseRev: rev };
    lastSaved.current = JSON.stringify(optsRef.current.content());
  }, []);

  return { status, saver, ids, resetSaved };
}
