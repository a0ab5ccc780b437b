import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { MAX_CLAPS_PER_STORY } from '../../../shared/claps.js';
import { formatCount } from '../../../shared/format.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import type { BrowserData } from '../../apollo/browser-data.js';
import { mutateField } from '../../apollo/mutate.js';
import { useSite } from '../../app-context.js';
import { CLAP_CATALOG_MUTATION } from '../../graphql/catalog-responses-operations.js';
import { CLAP_MUTATION } from '../../graphql/engagement-operations.js';
import { cx } from '../../lib/class-names.js';
import { useNavigation } from '../../router/navigation.js';
import { useSusiModal } from '../susi/SusiModalProvider.js';
import { useToast } from '../toast/index.js';
import { createClapStore, type ClapState, type ClapStore } from './clap-store.js';
import { ClapGlyph } from './ClapIcons.js';
import styles from './clap-button.module.css';

/** How long the '+N' bubble and the author's note stay after the last click. */
const BUBBLE_MS = 1000;
const NOTE_MS = 2500;
export const OWN_STORY_NOTE = 'You cannot applaud your own story.';
export const OWN_LIST_NOTE = 'You cannot applaud your own list.';

/** A list's claps share the store with stories' under keys of their own. */
const LIST_KEY = 'catalog:';

/** The clap call for a store key: a story's `clap`, or a list's `clapCatalog`. */
function sendClaps(loadData: () => Promise<BrowserData>, userId: string, key: string, numClaps: number) {
  return key.startsWith(LIST_KEY)
    ? mutateField(loadData, CLAP_CATALOG_MUTATION, { catalogId: key.slice(LIST_KEY.length), userId, numClaps }, 'clapCatalog')
    : mutateField(loadData, CLAP_MUTATION, { targetPostId: key, userId, numClaps }, 'clap');
}

/** What the store's calls need from the page that mounted the latest button. */
const runtime: { loadData: (() => Promise<BrowserData>) | null; userId: string | null; tell: (m: string) => void } = { loadData: null, userId: null, tell: () => {} };
let store: ClapStore | null = null;

/** One store per page load (browser only): both buttons of a story, and any story opened next, share it. */
function clapStore(): ClapStore {
  if (store) return store;
  store = createClapStore({
    async send(key, numClaps) {
      const r = runtime.loadData && runtime.userId ? await sendClaps(runtime.loadData, runtime.userId, key, numClaps) : null;
      if (r?.__typename === 'ClapSuccess' || r?.__typename === 'CatalogClapSuccess') return { ok: true, clapCount: r.clapCount as number, viewerClapCount: r.viewerClapCount as number, notice: (r.notice as string | null) ?? null };
      return { ok: false, message: r?.message ?? 'Please try again.' };
    },
    tell: (m) => runtime.tell(m),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  // Claps still waiting for their batch go out when the reader leaves.
  window.addEventListener('pagehide', () => store?.flush());
  return store;
}
const subscribe = (listener: () => void) => clapStore().subscribe(listener);

interface ClapFigures {
  /** The story's author or the list's owner: they cannot clap it. */
  creatorId: string;
  /** As fetched with the page. */
  clapCount: number;
  viewerClapCount: number;
}
/** A story's button, or (catalogId) a list's. */
export type ClapButtonProps = ClapFigures & ({ postId: string; catalogId?: undefined } | { catalogId: string; postId?: undefined });

/**
 * Spec §7 clap, with the client state of spec §3: the count moves at each click, clicks
 * are batched into one call, a '+N' bubble shows the viewer's claps, the icon is filled
 * once they have clapped, and it stops at 50. A signed-out click opens the sign-up modal
 * (skipOnboarding=1, spec §6); the author is told they cannot applaud their own story.
 */
export function ClapButton({ postId: storyId, catalogId, creatorId, clapCount, viewerClapCount }: ClapButtonProps) {
  // The store's key; a list's is prefixed.
  const postId = catalogId === undefined ? storyId! : LIST_KEY + catalogId;
  const { viewer } = useSite();
  const loadData = useBrowserData();
  const toast = useToast();
  const susi = useSusiModal();
  const { pathname, search } = useNavigation();
  const fetched = { clapCount, viewerClapCount };
  // The server (and hydration) render the fetched figures; the store takes over after.
  const stored = useSyncExternalStore(subscribe, () => clapStore().get(postId), () => undefined);
  const state: ClapState = stored ?? { ...fetched, viewerHasClappedSinceFetch: false };
  const [bubble, setBubble] = useState(false);
  const [note, setNote] = useState(false);
  const [pop, setPop] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    runtime.loadData = loadData;
    runtime.userId = viewer?.id ?? null;
    runtime.tell = (message) => toast.show({ message });
  });
  useEffect(() => clapStore().sync(postId, { clapCount, viewerClapCount }), [postId, clapCount, viewerClapCount]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const flash = (show: (v: boolean) => void, ms: number) => {
    show(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => (setBubble(false), setNote(false)), ms);
  };

  const onClick = () => {
    if (!viewer) {
      const here = pathname + search;
      susi.open({ operation: 'register', redirect: `${here}${search ? '&' : '?'}skipOnboarding=1` });
      return;
    }
    if (viewer.id === creatorId) return flash(setNote, NOTE_MS);
    void loadData().catch(() => {}); // Apollo starts loading with the first click, not after the batch delay.
    clapStore().clap(postId, fetched);
    setPop((n) => n + 1);
    flash(setBubble, BUBBLE_MS);
  };

  const clapped = state.viewerClapCount > 0;
  const atMax = state.viewerClapCount >= MAX_CLAPS_PER_STORY;
  return (
    <div className={styles.wrap} data-testid="clap-button">
      <button
        type="button"
        // Two classes in turn restart the animation at each click without remounting (focus stays).
        className={cx(styles.button, clapped && styles.clapped, pop > 0 && (pop % 2 ? styles.popOdd : styles.popEven))}
        aria-label="Clap"
        aria-describedby={note ? `clap-note-${postId}` : undefined}
        data-viewer-claps={state.viewerClapCount}
        onClick={onClick}
        onPointerEnter={() => viewer && viewer.id !== creatorId && void loadData().catch(() => {})}
      >
        <ClapGlyph filled={clapped} />
      </button>
      {/* A span's aria-label is not read: the exact total is visually hidden text beside the short figure. */}
      <span className={styles.count} data-testid="clap-count" data-count={state.clapCount}>
        {state.clapCount > 0 && (
          <>
            <span aria-hidden="true">{formatCount(state.clapCount)}</span>
            <span className="visually-hidden">{`${state.clapCount} ${state.clapCount === 1 ? 'clap' : 'claps'}`}</span>
          </>
        )}
      </span>
      {bubble && (
        <span className={styles.bubble} aria-live="polite" data-testid="clap-bubble">
          {atMax ? `+${MAX_CLAPS_PER_STORY}` : `+${state.viewerClapCount}`}
        </span>
      )}
      {note && (
        <span className={styles.note} role="status" id={`clap-note-${postId}`}>
          {catalogId === undefined ? OWN_STORY_NOTE : OWN_LIST_NOTE}
        </span>
      )}
    </div>
  );
}
