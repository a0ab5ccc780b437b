import { useCallback, useRef, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField, type MutationResult } from '../../apollo/mutate.js';
import { CATALOG_ITEMS_QUERY, EDIT_CATALOG_ITEMS } from '../../graphql/catalog-page-operations.js';
import { CATALOG_PAGE_SIZE, type CatalogItemsPage, type CatalogPageItem } from '../../components/catalog-page/catalog-types.js';
import { applyOps, rebaseOps, type CatalogItemOp } from './catalog-edits.js';

export const EDIT_MESSAGES = {
  failed: 'Something went wrong. Please try again.',
  changedElsewhere: 'This list changed in another window. Here it is as it is now.',
};

/** What the owner's page shows of the list: its items so far and the version they are of. */
export interface ListView {
  version: string;
  itemsCount: number;
  items: CatalogPageItem[];
  next: string | null;
}

export type EditOutcome = { ok: true; items: (CatalogPageItem | null)[] } | { ok: false; message: string };

interface QueuedEdit {
  /** Operations to send, worked out from the items as they are when it is sent. */
  ops: (items: CatalogPageItem[]) => CatalogItemOp[];
  /** What the edit does to the items shown (applied at once, and again after a re-read). */
  local: (items: CatalogPageItem[]) => CatalogPageItem[];
  countDelta: number;
}

type Success = MutationResult & { version: string; catalog: { itemsCount: number }; operations: (CatalogPageItem | null)[] };
type Conflict = MutationResult & { version: string; items: CatalogPageItem[] };

/**
 * The owner's list, edited optimistically: each edit shows at once and goes to the server as
 * one EditCatalogItems naming the version this page last had. Edits leave one at a time, so
 * within a page the versions form a chain. A CatalogConflict (another tab or device changed
 * the list) re-aims the edit at the server's list (catalog-edits.ts rebaseOps) and retries
 * once; then the page reads its items again, so what the other tab added shows here too.
 */
export function useCatalogEditor(catalogId: string, initial: ListView, onMessage: (message: string, error: boolean) => void) {
  const loadData = useBrowserData();
  const [view, setView] = useState(initial);
  const viewRef = useRef(view);
  viewRef.current = view;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** Edits shown but not yet answered, oldest first: re-applied over a list read again. */
  const unanswered = useRef<QueuedEdit[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);

  const update = useCallback((next: (v: ListView) => ListView) => {
    viewRef.current = next(viewRef.current);
    setView(viewRef.current);
  }, []);

  const send = useCallback(
    (version: string, operations: CatalogItemOp[]) => mutateField(loadData, EDIT_CATALOG_ITEMS, { catalogId, version, operations }, 'editCatalogItems'),
    [loadData, catalogId],
  );

  /** How the unanswered edits change the item count. */
  const pendingDelta = () => unanswered.current.reduce((n, e) => n + e.countDelta, 0);

  /** The items shown read again from the server (as many as were shown), with unanswered edits over them. */
  const reread = useCallback(async () => {
    try {
      const { client } = await loadData();
      const limit = Math.min(100, Math.max(CATALOG_PAGE_SIZE, viewRef.current.items.length));
      const { data } = await client.query({ query: CATALOG_ITEMS_QUERY, variables: { catalogId, limit }, fetchPolicy: 'network-only' });
      const c = (data as { catalogById: { version: string; itemsCount: number; items: CatalogItemsPage } | null } | undefined)?.catalogById;
      if (!c) return;
      const items = unanswered.current.reduce((acc, e) => e.local(acc), c.items.items);
      update(() => ({ version: c.version, itemsCount: c.itemsCount + pendingDelta(), items, next: c.items.next }));
    } catch {
      // The page keeps what it shows; the next edit meets the conflict and reads again.
    }
  }, [loadData, catalogId, update]);

  const run = useCallback(
    async (edit: QueuedEdit): Promise<EditOutcome> => {
      const ops = edit.ops(viewRef.current.items);
      let answer = await send(viewRef.current.version, ops);
      let conflicted = false;
      if (answer?.__typename === 'CatalogConflict') {
        conflicted = true;
        const conflict = answer as Conflict;
        const serverIds = conflict.items.map((i) => i.catalogItemId);
        const rebased = rebaseOps(ops, viewRef.current.items, { itemIds: serverIds, complete: serverIds.length < CATALOG_PAGE_SIZE });
        if (rebased.length === 0) {
          // Nothing left to do (another tab removed what this edit was about): show the list as it is now.
          unanswered.current = unanswered.current.filter((e) => e !== edit);
          await reread();
          onMessage(EDIT_MESSAGES.changedElsewhere, false);
          return { ok: true, items: [] };
        }
        answer = await send(conflict.version, rebased);
      }
      unanswered.current = unanswered.current.filter((e) => e !== edit);
      if (answer?.__typename === 'CatalogEditSuccess') {
        const success = answer as Success;
        update((v) => ({ ...v, version: success.version, itemsCount: success.catalog.itemsCount + pendingDelta() }));
        if (conflicted) {
          await reread();
          onMessage(EDIT_MESSAGES.changedElsewhere, false);
        }
        return { ok: true, items: success.operations };
      }
      const message = answer?.message ?? EDIT_MESSAGES.failed;
      await reread();
      onMessage(message, true);
      return { ok: false, message };
    },
    [send, update, reread, onMessage],
  );

  /**
   * Shows an edit at once and queues it behind the edits before it. `ops` may be a function of
   * the items as they are when the edit leaves (an Undo's move needs the id the server gave).
   */
  const edit = useCallback(
    (ops: CatalogItemOp[] | ((items: CatalogPageItem[]) => CatalogItemOp[]), local?: (items: CatalogPageItem[]) => CatalogPageItem[], countDelta = 0): Promise<EditOutcome> => {
      const queued: QueuedEdit = {
        ops: typeof ops === 'function' ? ops : () => ops,
        local: local ?? ((items) => applyOps(items, typeof ops === 'function' ? [] : ops)),
        countDelta,
      };
      unanswered.current.push(queued);
      update((v) => ({ ...v, items: queued.local(v.items), itemsCount: v.itemsCount + countDelta }));
      const result = queue.current.then(() => run(queued));
      queue.current = result.catch(() => {});
      return result;
    },
    [run, update],
  );

  /** Replaces an item shown (by its id) with another, e.g. an Undo's placeholder with the item the server made. */
  const replaceItem = useCallback((id: string, item: CatalogPageItem) => update((v) => ({ ...v, items: v.items.map((i) => (i.catalogItemId === id ? item : i)) })), [update]);

  const showMore = useCallback(async () => {
    const next = viewRef.current.next;
    if (!next || loadingMore) return;
    setLoadingMore(true);
    try {
      const { client } = await loadData();
      const { data } = await client.query({ query: CATALOG_ITEMS_QUERY, variables: { catalogId, limit: CATALOG_PAGE_SIZE, next }, fetchPolicy: 'network-only' });
      const page = (data as { catalogById: { items: CatalogItemsPage } | null } | undefined)?.catalogById?.items;
      if (!page) throw new Error('no page');
      update((v) => {
        const known = new Set(v.items.map((i) => i.catalogItemId));
        return { ...v, items: [...v.items, ...page.items.filter((i) => !known.has(i.catalogItemId))], next: page.next };
      });
    } catch {
      onMessage(EDIT_MESSAGES.failed, true);
    } finally {
      setLoadingMore(false);
    }
  }, [loadData, catalogId, loadingMore, update, onMessage]);

  return { view, edit, replaceItem, showMore, loadingMore };
}
