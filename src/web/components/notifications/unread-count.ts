import { useContext, useEffect, useState } from 'react';
import { BrowserDataContext } from '../../apollo/browser-data-context.js';
import type { BrowserData } from '../../apollo/browser-data.js';
import { UNREAD_NOTIFICATION_COUNT_QUERY } from '../../graphql/notifications-operations.js';

/** Spec §7 + issue: the badge stream (server-sent events, fed by the server's pub/sub). */
export const NOTIFICATIONS_STREAM_URL = '/_/notifications/stream';
/** Where streams do not get through (a proxy, an old browser): ask this often. */
export const POLL_INTERVAL_MS = 60_000;

type Listener = (n: number) => void;

/**
 * One live count per tab, shared by whatever shows it (the header's badge; it outlives
 * page navigations): a stream while anyone listens, polling UnreadNotificationCount when
 * the stream cannot be opened or is refused.
 */
const store = {
  value: null as number | null,
  listeners: new Set<Listener>(),
  source: null as EventSource | null,
  poll: null as ReturnType<typeof setInterval> | null,
  loadData: null as (() => Promise<BrowserData>) | null,
};

function set(n: number) {
  if (!Number.isFinite(n) || n === store.value) return;
  store.value = n;
  for (const l of [...store.listeners]) l(n);
}

async function pollOnce() {
  if (!store.loadData) return;
  try {
    const { client } = await store.loadData();
    const { data } = await client.query({ query: UNREAD_NOTIFICATION_COUNT_QUERY, fetchPolicy: 'network-only', context: { batchKey: 'load-light' } });
    const n = (data as { unreadNotificationCount?: number } | undefined)?.unreadNotificationCount;
    if (typeof n === 'number') set(n);
  } catch {
    // The next poll tries again.
  }
}

function startPolling() {
  if (store.poll) return;
  void pollOnce();
  store.poll = setInterval(() => void pollOnce(), POLL_INTERVAL_MS);
}

function start() {
  if (typeof EventSource === 'undefined') return startPolling();
  const source = new EventSource(NOTIFICATIONS_STREAM_URL);
  store.source = source;
  source.addEventListener('count', (e) => set(Number((e as MessageEvent<string>).data)));
  source.onerror = () => {
    // CONNECTING: the browser retries by itself. CLOSED: refused (signed out, no streams here).
    if (source.readyState === EventSource.CLOSED) {
      store.source = null;
      startPolling();
    }
  };
}

function stop() {
  store.source?.close();
  store.source = null;
  if (store.poll) clearInterval(store.poll);
  store.poll = null;
}

/** The page says what it knows (opening the list clears the badge at once). */
export function setUnreadNotificationCount(n: number): void {
  set(n);
}

/**
 * The signed-in reader's unread count, live: `initial` until the stream (or a poll)
 * answers. Signed out, nothing is opened (UnreadNotificationCount is skipped).
 */
export function useUnreadNotificationCount(signedIn: boolean, initial: number): number {
  const loadData = useContext(BrowserDataContext);
  const [count, setCount] = useState(store.value ?? initial);
  useEffect(() => {
    if (!signedIn) return;
    store.loadData = loadData;
    store.listeners.add(setCount);
    if (store.value !== null) setCount(store.value);
    if (store.listeners.size === 1) start();
    return () => {
      store.listeners.delete(setCount);
      if (store.listeners.size === 0) stop();
    };
  }, [signedIn, loadData]);
  return signedIn ? count : 0;
}
