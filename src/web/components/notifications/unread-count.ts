import { useEffect, useState } from 'react';

type Listener = (n: number) => void;

/**
 * One live count per tab, shared by whatever shows it (the header's badge, which outlives
 * page navigations): asked once with UnreadNotificationCount, then kept by the stream;
 * polling when the stream is refused or cannot be opened.
 */
export const store = {
  value: null as number | null,
  listeners: new Set<Listener>(),
  source: null as EventSource | null,
  poll: null as ReturnType<typeof setInterval> | null,
  delay: null as ReturnType<typeof setTimeout> | null,
};

/** The count as last known: every badge of the tab shows it. */
export function publishCount(n: number) {
  if (!Number.isFinite(n) || n === store.value) return;
  store.value = n;
  for (const l of [...store.listeners]) l(n);
}

/** The page says what it knows (opening the list clears the badge at once). */
export function setUnreadNotificationCount(n: number): void {
  publishCount(n);
}

/**
 * The signed-in reader's unread count, live: `initial` until the first answer. Signed
 * out, nothing is asked or opened.
 */
export function useUnreadNotificationCount(signedIn: boolean, initial: number): number {
  const [count, setCount] = useState(store.value ?? initial);
  useEffect(() => {
    if (!signedIn) return;
    store.listeners.add(setCount);
    if (store.value !== null) setCount(store.value);
    // The asking and the stream load apart from the header, for signed-in readers only.
    if (store.listeners.size === 1) void import('./unread-count-live.js').then((live) => store.listeners.size > 0 && live.start());
    return () => {
      store.listeners.delete(setCount);
      if (store.listeners.size === 0) void import('./unread-count-live.js').then((live) => store.listeners.size === 0 && live.stop());
    };
  }, [signedIn]);
  return signedIn ? count : 0;
}
