import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { READING_POSITION_QUERY_TEXT, SAVE_READING_POSITION_TEXT } from '../../graphql/reading-position-operations.js';
import { throttle } from '../../lib/throttle.js';
import { nextDeviceSeq } from './reading-device.js';
import { readingSpot, RESUME_FROM, RESUME_UNTIL, resumeTarget, type ReadingSpot } from './reading-position.js';

/** At most one position write per this many ms while scrolling; the last one leaves on pagehide. */
export const POSITION_WRITE_MS = 3000;

const graphqlUrl = () => (window as { __GRAPHQL_URL__?: string }).__GRAPHQL_URL__ ?? '/_/graphql';

/** One GraphQL operation by plain fetch; `keepalive` lets it finish after the page is gone. */
function send(operationName: string, query: string, variables: Record<string, unknown>, keepalive = false): Promise<Response> {
  return fetch(graphqlUrl(), {
    method: 'POST',
    credentials: 'same-origin',
    keepalive,
    // The operation header is what tells the server this is our page, not a forged request (server/graphql/csrf.ts).
    headers: { 'content-type': 'application/json', 'graphql-operation': operationName },
    body: JSON.stringify({ operationName, query, variables }),
  });
}

export interface ResumeOffer {
  /** Scrolls to the stored position and withdraws the offer. */
  resume(): void;
  dismiss(): void;
}

/**
 * Resume reading for a signed-in reader: on open, offers the stored position when it is past the start
 * and not at the end; while reading, sends the position (throttled, and once more with keepalive when the
 * page is hidden or left). While the offer stands, a position before the stored one is not sent, so
 * glancing at the top of the story does not lose the place.
 */
export function useReadingPosition(postId: string, bodyRef: RefObject<HTMLElement | null>, signedIn: boolean): ResumeOffer | null {
  const [stored, setStored] = useState<ReadingSpot | null>(null);
  const holdBelow = useRef(0);

  useEffect(() => {
    setStored(null);
    holdBelow.current = 0;
    if (!signedIn) return;
    let live = true;
    send('ReadingPositionQuery', READING_POSITION_QUERY_TEXT, { postId })
      .then((r) => r.json() as Promise<{ data?: { readingPosition: ReadingSpot | null } }>)
      .then(({ data }) => {
        const spot = data?.readingPosition;
        const body = bodyRef.current;
        if (!live || !spot || !body || spot.fraction < RESUME_FROM || spot.fraction >= RESUME_UNTIL) return;
        const target = resumeTarget(body, spot);
        // Already there (the browser restored the scroll): nothing to offer.
        if (!target || readingSpot(body, window.innerHeight)!.fraction >= spot.fraction) return;
        holdBelow.current = spot.fraction;
        setStored(spot);
      })
      .catch(() => {}); // Reading works without it.
    return () => void (live = false);
  }, [postId, signedIn, bodyRef]);

  useEffect(() => {
    if (!signedIn) return;
    let lastSent: string | null = null;
    let pending: ReadingSpot | null = null;
    const write = (keepalive: boolean) => {
      const spot = pending;
      pending = null;
      if (!spot) return;
      const key = `${spot.paragraphName}:${spot.fraction}`;
      if (key === lastSent) return;
      lastSent = key;
      const input = { postId, ...spot, clientUpdatedAt: Date.now(), ...nextDeviceSeq() };
      void send('SaveReadingPosition', SAVE_READING_POSITION_TEXT, { input }, keepalive).catch(() => {});
    };
    const throttled = throttle(() => write(false), POSITION_WRITE_MS);
    const onScroll = () => {
      const body = bodyRef.current;
      const spot = body ? readingSpot(body, window.innerHeight) : null;
      if (!spot || spot.fraction < holdBelow.current) return;
      pending = spot;
      throttled();
    };
    const flush = () => {
      throttled.cancel();
      write(true);
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      flush(); // Navigating to another page of the site: the position goes now.
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [postId, signedIn, bodyRef]);

  const dismiss = useCallback(() => {
    holdBelow.current = 0;
    setStored(null);
  }, []);
  const resume = useCallback(() => {
    const body = bodyRef.current;
    const target = body && stored ? resumeTarget(body, stored) : null;
    dismiss();
    target?.scrollIntoView({ block: 'start' });
  }, [bodyRef, stored, dismiss]);

  return stored ? { resume, dismiss } : null;
}
