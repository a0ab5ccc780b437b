import { cloneElement, isValidElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { TIMING } from '../../../shared/constants';
import { cx } from '../../lib/class-names';
import styles from './tooltip.module.css';

export interface TooltipProps {
  /** The tooltip text. */
  content: ReactNode;
  /** The element described by the tooltip (a button or a link); it gets aria-describedby. */
  children: ReactNode;
  placement?: 'top' | 'bottom';
  /** Hover delay before showing; the spec's 500ms by default. Keyboard focus shows at once. */
  delayMs?: number;
  className?: string;
}

/** Points the child element's aria-describedby at the tooltip (kept when it has its own). */
function describe(children: ReactNode, id: string): ReactNode {
  if (!isValidElement(children)) return children;
  const el = children as ReactElement<{ 'aria-describedby'?: string }>;
  const own = el.props['aria-describedby'];
  return cloneElement(el, { 'aria-describedby': own ? `${own} ${id}` : id });
}

/** Shows a short label after hovering for the delay, or at once on keyboard focus. */
export function Tooltip({ content, children, placement = 'top', delayMs = TIMING.tooltipHoverDelayMs, className }: TooltipProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const showLater = () => {
    clear();
    timer.current = setTimeout(() => setVisible(true), delayMs);
  };
  const hide = () => {
    clear();
    setVisible(false);
  };

  useEffect(() => clear, []);
  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setVisible(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);

  return (
    <span
      className={cx(styles.anchor, className)}
      onMouseEnter={showLater}
      onMouseLeave={hide}
      onFocus={() => {
        clear();
        setVisible(true);
      }}
      onBlur={hide}
    >
      {describe(children, id)}
      <span
        id={id}
        role="tooltip"
        className={cx(styles.tooltip, styles[placement], visible && styles.visible)}
        hidden={!visible}
      >
        {content}
      </span>
    </span>
  );
}
