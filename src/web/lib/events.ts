/**
 * Analytics events (spec §3 event record, §7 events call, §9 batching): queued, sent as
 * one JSON array to /_/batch 5 s after the first event, at most 1000 queued (oldest
 * dropped). Failures are silent: analytics never disturbs reading.
 */
export const EVENTS_PATH = '/_/batch';
const FLUSH_DELAY_MS = 5 * 1000;
const MAX_QUEUED = 1000;

interface EventRecord {
  key: string;
  data: Record<string, unknown>;
  type: 'e';
  eventId: string;
  timestamp: number;
  location: string;
  browserWidth: number;
  referrer: string;
}

const queue: EventRecord[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

const isBot = () => typeof navigator !== 'undefined' && /bot|crawl|spider|slurp|headless/i.test(navigator.userAgent);

export function track(key: string, data: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || isBot()) return; // spec §1: bots receive no analytics
  queue.push({
    key,
    data,
    type: 'e',
    eventId: Math.random().toString(16).slice(2, 14),
    timestamp: Date.now(),
    location: window.location.href,
    browserWidth: window.innerWidth,
    referrer: document.referrer,
  });
  if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED);
  if (!timer) timer = setTimeout(flush, FLUSH_DELAY_MS);
}

export function flush(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (queue.length === 0) return;
  const body = JSON.stringify(queue.splice(0, queue.length));
  void fetch(EVENTS_PATH, { method: 'POST', credentials: 'same-origin', keepalive: true, headers: { 'content-type': 'application/json' }, body }).catch(() => {});
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
