import { AVATAR_SIZES } from '../../../shared/constants';
import { cx } from '../../lib/class-names';
import styles from './avatar.module.css';

export type AvatarSize = keyof typeof AVATAR_SIZES;

export interface AvatarProps {
  /** Without a username no avatar is shown: the unknown-user avatar takes its place (spec §3). */
  username?: string | null;
  name?: string | null;
  imageUrl?: string | null;
  /** Optional 2x source for sharp images on dense screens. */
  imageSrcSet?: string;
  size?: AvatarSize;
  className?: string;
  /** Alt text; defaults to the name. Pass '' when a neighbouring text already names the person. */
  alt?: string;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = Array.from(words[0])[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export function Avatar({ username, name, imageUrl, imageSrcSet, size = 'XS', className, alt }: AvatarProps) {
  const px = AVATAR_SIZES[size];
  const box = { width: px, height: px, fontSize: Math.max(9, Math.round(px * 0.4)) };

  if (!username) return <UnknownAvatar size={size} className={className} />;

  const label = alt ?? name ?? username;
  if (imageUrl) {
    return (
      <img
        className={cx(styles.avatar, className)}
        src={imageUrl}
        srcSet={imageSrcSet}
        alt={label}
        width={px}
        height={px}
        loading="lazy"
        data-avatar="image"
      />
    );
  }
  const initials = initialsOf(name || username);
  return (
    <span
      className={cx(styles.avatar, styles.initials, className)}
      style={box}
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      data-avatar="initials"
    >
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}

/** The unknown-user avatar: a neutral circle with a person glyph. */
export function UnknownAvatar({ size = 'XS', className }: { size?: AvatarSize; className?: string }) {
  const px = AVATAR_SIZES[size];
  return (
    <span
      className={cx(styles.avatar, styles.unknown, className)}
      style={{ width: px, height: px }}
      aria-hidden="true"
      data-avatar="unknown"
    >
      <svg viewBox="0 0 32 32" width={px} height={px} focusable="false">
        <circle cx="16" cy="12.5" r="5.5" fill="currentColor" />
        <path d="M5.5 27.5c1.5-5 5.6-8 10.5-8s9 3 10.5 8" fill="currentColor" />
      </svg>
    </span>
  );
}
