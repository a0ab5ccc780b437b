import type { ReactNode } from 'react';
import { formatCount } from '../../../shared/format.js';
import { StarIcon } from '../icons/index.js';

/**
 * A count beside its icon in a story's meta line ("👏 1.2K"): the short figure is what the
 * eye reads, the exact number and its noun what a screen reader says. A span is not
 * labelled by aria-label (screen readers skip it), so the words are visually hidden text.
 */
export function IconCount({ icon, count, one, many, className }: { icon: ReactNode; count: number; one: string; many: string; className?: string }) {
  return (
    <span className={className}>
      {icon} <span aria-hidden="true">{formatCount(count)}</span>
      <span className="visually-hidden">{`${count} ${count === 1 ? one : many}`}</span>
    </span>
  );
}

/** The member-only star of a story card: an image named by its role, so its label is read. */
export function MemberOnlyMark({ className }: { className?: string }) {
  return (
    <span className={className} role="img" title="Member-only story" aria-label="Member-only story">
      <StarIcon />
    </span>
  );
}
