import { publishCount, store } from './unread-count.js';

/** The badge's stream (server-sent events, fed by the server's pub/sub). */
export const NOTIFICATIONS_STREAM_URL = '/_/notifications/stream';
/** Where streams do not get through (a proxy, an old browser): ask this often. */
export const POLL_INTERVAL_MS = 60_000;
/**
 * The stream opens this long after the page loaded: a page counts as settled once its
 * network is quiet (browsers' and test tools' 'network idle'), which a request that never
 * ends would prevent. The count itself is asked for at once.
 */
export const STREAM_DELAY_MS = 4_000;

/** Spec §7 UnreadNotificationCount, skipped when logged out. */
const UNREAD_QUERY = 'query UnreadNotificationCount { unreadNotificationCount }';

/** A plain request (no GraphQL client on pages that need none), named as spec §7 asks. */
async function askCount(): Promise<void> {
  try {
    const url = (window as { __GRAPHQL_URL__?: string }).__GRAPHQL_URL__ ?? '/_/graphql';
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'graphql-operation': 'UnreadNotificationCount', 'inkwell-path': window.location.pathname + window.location.search },
      body: JSON.stringify({ operationName: 'UnreadNotificationCount', query: UNREAD_QUERY }),
    });
    const body = (await res.json()) as { data?: { unreadNotificationCount?: number } };
    const n = body.data?.unreadNotificationCount;
    if (typeof n === 'number') publishCount(n);
  } catch {
    // The stream or the next poll answers.
  }
}

function startPolling() {
  if (store.poll) return;
  store.poll = setInterval(() => void askCount(), POLL_INTERVAL_MS);
}

function openStream() {
  store.delay = null;
  if (store.source || store.poll) return;
  if (typeof EventSource === 'undefined') return startPolling();
  const source = new EventSource(NOTIFICATIONS_STREAM_URL);
  store.source = source;
  source.addEventListener('count', (e) => publishCount(Number((e as MessageEvent<string>).data)));
  source.onerror = () => {
    // CONNECTING: the browser retries by itself. CLOSED: refused (signed out, no streams here).
    if (source.readyState === EventSource.CLOSED) {
      store.source = null;
      startPolling();
    }
  };
}

export function start() {
  void askCount();
  const later = () => {
    store.delay = setTimeout(openStream, STREAM_DELAY_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

export function stop() {
  if (store.delay) clearTimeout(store.delay);
  store.delay = null;
  store.source?.close();
  store.source = null;
  if (store.poll) clearInterval(store.poll);
  store.poll = null;
}

