import { useId, useState, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { Button, type ButtonVariant } from '../button/Button';
import { LoadingButton } from '../loading-button/LoadingButton';
import { Modal } from '../modal/Modal';
import styles from './confirmation-dialog.module.css';

export interface ConfirmationDialogProps {
  isVisible: boolean;
  /** Hides the dialog (cancel, close button, Escape, and after confirm). */
  hide(): void;
  title: ReactNode;
  children?: ReactNode;
  confirmText: ReactNode;
  /** Defaults to 'Cancel'. */
  cancelText?: ReactNode;
  /** May return a promise: the confirm button shows a spinner until it settles. */
  onConfirm(): void | Promise<unknown>;
  onCancel?(): void;
  /** Set to false to keep the dialog open after confirming. */
  hideOnConfirm?: boolean;
  confirmVariant?: ButtonVariant;
  isConfirmDisabled?: boolean;
  /** Extra loading state controlled by the caller. */
  isLoading?: boolean;
  footer?: ReactNode;
  className?: string;
}

/** A titled dialog with Cancel and a confirm action (spec §2.5 and §4). */
export function ConfirmationDialog({
  isVisible,
  hide,
  title,
  children,
  confirmText,
  cancelText = 'Cancel',
  onConfirm,
  onCancel,
  hideOnConfirm = true,
  confirmVariant = 'accent',
  isConfirmDisabled = false,
  isLoading = false,
  footer,
  className,
}: ConfirmationDialogProps) {
  const titleId = useId();
  const [pending, setPending] = useState(false);

  const cancel = () => {
    onCancel?.();
    hide();
  };

  const confirm = async () => {
    const result = onConfirm();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setPending(true);
      try {
        await result;
      } catch {
        return; // a failed confirm keeps the dialog open so the caller can show the error
      } finally {
        setPending(false);
      }
    }
    if (hideOnConfirm) hide();
  };

  return (
    <Modal isVisible={isVisible} onClose={cancel} aria-labelledby={titleId} className={cx(styles.dialog, className)}>
      <div className={styles.content}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children && <div className={styles.body}>{children}</div>}
        <div className={styles.actions}>
          <Button variant="outline" onClick={cancel}>
            {cancelText}
          </Button>
          <LoadingButton
            variant={confirmVariant}
            loading={pending || isLoading}
            disabled={isConfirmDisabled}
            onClick={() => void confirm()}
          >
            {confirmText}
          </LoadingButton>
        </div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </Modal>
  );
}
