import { imageUrl } from '../../../shared/images.js';
import { initialsOf } from '../avatar/Avatar.js';
import styles from './search.module.css';

/** Spec §9: the search avatar is 24px (not one of the §3 avatar sizes). */
export const SEARCH_AVATAR_PX = 24;

export function SearchAvatar({ name, imageId, square = false }: { name: string; imageId?: string | null; square?: boolean }) {
  const className = square ? `${styles.avatar} ${styles.square}` : styles.avatar;
  if (imageId) return <img className={className} src={imageUrl(imageId, SEARCH_AVATAR_PX * 2)} alt="" width={SEARCH_AVATAR_PX} height={SEARCH_AVATAR_PX} loading="lazy" />;
  return (
    <span className={`${className} ${styles.initials}`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
