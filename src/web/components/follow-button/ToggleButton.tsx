import { buttonClassName, type ButtonSize } from '../button/Button.js';

export interface ToggleButtonProps {
  following: boolean;
  pending: boolean;
  /** Who or what is followed, for the accessible name ('Follow Ada Lovelace'). */
  name: string;
  testId: string;
  size?: ButtonSize;
  className?: string;
  onClick(): void;
  onPointerEnter(): void;
}

/** The look of every Follow button: filled 'Follow', outlined 'Following'. */
export function ToggleButton({ following, pending, name, testId, size = 'regular', className, onClick, onPointerEnter }: ToggleButtonProps) {
  return (
    <button
      type="button"
      className={buttonClassName({ variant: following ? 'outline' : 'primary', size }, className)}
      aria-pressed={following}
      aria-busy={pending || undefined}
      aria-label={`${following ? 'Following' : 'Follow'} ${name}`}
      data-testid={testId}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
    >
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
