import type { MouseEvent } from 'react';
import { cx } from '../../lib/class-names';
import { buttonClassName, type ButtonProps } from '../button/Button';
import styles from './loading-button.module.css';

export interface LoadingButtonProps extends ButtonProps {
  /** While true, clicks are ignored (spec §4) and a spinner replaces the label. */
  loading: boolean;
  /** Announced to screen readers while loading. */
  loadingLabel?: string;
}

export function LoadingButton({
  loading,
  loadingLabel = 'Loading',
  onClick,
  children,
  variant,
  size,
  className,
  type = 'button',
  ...rest
}: LoadingButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      {...rest}
      className={buttonClassName({ variant, size }, cx(styles.root, loading && styles.loading, className))}
      onClick={handleClick}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      data-loading={loading ? 'true' : undefined}
    >
      <span className={styles.label}>{children}</span>
      {loading && <Spinner label={loadingLabel} />}
    </button>
  );
}

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span className={cx(styles.spinner, className)}>
      <span className={styles.ring} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
