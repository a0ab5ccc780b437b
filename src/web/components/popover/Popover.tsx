import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { cx } from '../../lib/class-names';
import { throttle } from '../../lib/throttle';
import { useDismiss, type DismissReason } from '../../lib/use-dismiss';
import { computePopoverPosition, type PopoverAlign, type PopoverPlacement, type PopoverPosition } from './position';
import styles from './popover.module.css';

export interface PopoverProps {
  isVisible: boolean;
  /** The element the popover is attached to (usually the button that opens it). */
  anchorRef: RefObject<HTMLElement | null>;
  /** Called when the popover asks to close: outside click, scroll, blur or Escape. */
  onHide(reason: DismissReason): void;
  children: ReactNode;
  placement?: PopoverPlacement;
  align?: PopoverAlign;
  /** Gap to the anchor; the spec's 5px by default. */
  offset?: number;
  /** Distance kept from viewport edges; the spec's 5px by default. */
  overflowPadding?: number;
  /** Fixed width in px (e.g. the 264px avatar menu). */
  width?: number;
  /** When > 0, closing on scroll fades out over this many ms before onHide. */
  scrollFadeMs?: number;
  /** Turn individual close triggers off (e.g. { blur: false } for a popover holding an iframe). */
  hideOn?: Partial<Record<DismissReason, boolean>>;
  id?: string;
  role?: 'dialog' | 'menu' | 'listbox' | 'region';
  'aria-label'?: string;
  'aria-labelledby'?: string;
  className?: string;
}

/**
 * A floating panel anchored to an element, kept inside the viewport. Rendered in place (not in
 * a portal) so that Tab moves from the anchor into the panel; position: fixed keeps it out of
 * its ancestors' overflow.
 */
export function Popover({
  isVisible,
  anchorRef,
  onHide,
  children,
  placement = 'bottom',
  align = 'center',
  offset,
  overflowPadding,
  width,
  scrollFadeMs = 0,
  hideOn,
  id,
  role = 'dialog',
  className,
  ...aria
}: PopoverProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [position, setPosition] = useState<PopoverPosition | null>(null);
  const [fading, setFading] = useState(false);
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const place = useCallback(() => {
    const anchor = anchorRef.current;
    const el = ref.current;
    if (!anchor || !el) return;
    const a = anchor.getBoundingClientRect();
    const next = computePopoverPosition(
      { top: a.top, left: a.left, width: a.width, height: a.height },
      { width: el.offsetWidth, height: el.offsetHeight },
      { width: document.documentElement.clientWidth, height: window.innerHeight },
      { placement, align, offset, padding: overflowPadding },
    );
    setPosition((prev) =>
      prev && prev.top === next.top && prev.left === next.left && prev.placement === next.placement ? prev : next,
    );
  }, [anchorRef, placement, align, offset, overflowPadding]);

  useLayoutEffect(() => {
    if (!isVisible) {
      setPosition(null);
      setFading(false);
      return;
    }
    place();
    const onResize = throttle(place);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, [isVisible, place]);

  useEffect(
    () => () => {
      if (fadeTimer.current !== null) clearTimeout(fadeTimer.current);
    },
    [],
  );

  useDismiss({
    enabled: isVisible && !fading,
    refs: [ref, anchorRef],
    on: hideOn,
    onDismiss: (reason) => {
      if (reason === 'scroll' && scrollFadeMs > 0) {
        setFading(true);
        fadeTimer.current = setTimeout(() => onHide(reason), scrollFadeMs);
      } else {
        onHide(reason);
      }
    },
  });

  if (!isVisible) return null;

  const style: CSSProperties = {
    top: position?.top ?? 0,
    left: position?.left ?? 0,
    width,
    visibility: position ? undefined : 'hidden',
    transitionDuration: scrollFadeMs > 0 ? `${scrollFadeMs}ms` : undefined,
  };
  return (
    <div
      ref={ref}
      id={id}
      role={role}
      {...aria}
      className={cx(styles.popover, fading && styles.fading, className)}
      style={style}
      data-placement={position?.placement ?? placement}
    >
      {children}
    </div>
  );
}
