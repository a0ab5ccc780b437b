import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'outline' | 'text' | 'danger';
export type ButtonSize = 'small' | 'regular' | 'large';

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** Class names for a button look, for links styled as buttons too. */
export function buttonClassName({ variant = 'primary', size = 'regular' }: ButtonStyleProps, extra?: string): string {
  return cx(styles.button, styles[variant], styles[size], extra);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyleProps;

export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size }, className)} {...rest} />;
}
