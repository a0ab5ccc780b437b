import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/class-names';
import { focusableWithin, trapTabKey } from '../../lib/focus-trap';
import { useMounted } from '../../lib/use-mounted';
import { CloseIcon } from '../icons';
import styles from './modal.module.css';

export interface ModalProps {
  isVisible: boolean;
  /** Called on Escape, the close button and (unless disabled) a press on the overlay. */
  onClose(): void;
  children: ReactNode;
  /** Accessible name: pass a label, or the id of a heading inside. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  showCloseButton?: boolean;
  closeOnOverlayClick?: boolean;
  /** Class for the dialog box (width, min-height, padding). */
  className?: string;
  overlayClassName?: string;
}

/**
 * A modal dialog over a white overlay (z-index 800). Escape and the close button close it,
 * Tab stays inside, focus returns to where it was on close, and the page does not scroll
 * behind it. Rendered into document.body once mounted.
 */
export function Modal({
  isVisible,
  onClose,
  children,
  showCloseButton = true,
  closeOnOverlayClick = true,
  className,
  overlayClassName,
  ...aria
}: ModalProps) {
  const mounted = useMounted();
  const dialogRef = useRef<HTMLDivElement | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!isVisible || !mounted) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const first = focusableWithin(dialog).find((el) => !el.hasAttribute('data-modal-close')) ?? dialog;
      first.focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
      } else if (dialogRef.current) {
        trapTabKey(e, dialogRef.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [isVisible, mounted]);

  if (!isVisible) return null;

  const node = (
    <div
      className={cx(styles.overlay, overlayClassName)}
      data-modal-overlay=""
      onMouseDown={(e) => {
        if (closeOnOverlayClick && e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={dialogRef} role="dialog" aria-modal="true" tabIndex={-1} className={cx(styles.dialog, className)} {...aria}>
        {showCloseButton && (
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close" data-modal-close="">
            <CloseIcon size={24} />
          </button>
        )}
        {children}
      </div>
    </div>
  );
  return mounted ? createPortal(node, document.body) : node;
}
