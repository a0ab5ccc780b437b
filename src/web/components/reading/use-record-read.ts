import { useEffect, type RefObject } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { RECORD_POST_READ_MUTATION } from '../../graphql/engagement-operations.js';
import { throttle } from '../../lib/throttle.js';

/** A read counts once the reader stayed this long… */
export const READ_AFTER_MS = 30_000;
/** …or scrolled until the bottom of the window passed this share of the story. */
export const READ_AFTER_SHARE = 0.5;

/** True once the bottom of the window has passed `share` of the element. */
export function scrolledPast(rect: { top: number; height: number }, windowHeight: number, share = READ_AFTER_SHARE): boolean {
  return windowHeight - rect.top >= rect.height * share;
}

/**
 * Records a signed-in read (recordPostRead, for the reading history) once per page view,
 * after the reader scrolled through half of the story body or stayed 30 seconds.
 */
export function useRecordRead(postId: string, bodyRef: RefObject<HTMLElement | null>, signedIn: boolean): void {
  const loadData = useBrowserData();
  useEffect(() => {
    if (!signedIn) return;
    let done = false;
    const onScroll = throttle(() => {
      const el = bodyRef.current;
      if (el && scrolledPast(el.getBoundingClientRect(), window.innerHeight)) record();
    });
    const stop = () => {
      clearTimeout(timer);
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
    function record() {
      if (done) return;
      done = true;
      stop();
      // A failed recording is not worth interrupting a reader for.
      void mutateField(loadData, RECORD_POST_READ_MUTATION, { postId }, 'recordPostRead');
    }
    const timer = setTimeout(record, READ_AFTER_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return stop;
  }, [postId, signedIn, bodyRef, loadData]);
}
