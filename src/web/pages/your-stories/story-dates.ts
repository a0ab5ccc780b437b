import { formatDate, formatReadingTime } from '../../../shared/format.js';
import type { YourStoryItem } from '../../components/trash/use-trash.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 'just now', '5 minutes ago', '3 hours ago', '2 days ago'; a month on, the date. */
export function timeAgo(at: number, now: number): string {
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${plural(Math.floor(elapsed / MINUTE), 'minute')} ago`;
  if (elapsed < DAY) return `${plural(Math.floor(elapsed / HOUR), 'hour')} ago`;
  if (elapsed < 30 * DAY) return `${plural(Math.floor(elapsed / DAY), 'day')} ago`;
  return `on ${formatDate(at, { omitCurrentYear: true, now })}`;
}

/** Whole days until the purge, counting a started day as one ('in 1 day' on the last day). */
export function permanentDeletionText(permanentlyDeletedAt: number, now: number): string {
  const days = Math.ceil((permanentlyDeletedAt - now) / DAY);
  return days > 0 ? `Permanently deleted in ${plural(days, 'day')}` : 'Permanently deleted soon';
}

/**
 * The line under a story in the list: when it was edited, published or deleted, and its
 * reading time. `now` is the server's time of the answer (asOf), so the server-rendered
 * page and the browser write the same words.
 */
export function storyMetaParts(item: YourStoryItem, now: number): string[] {
  const { post } = item;
  if (item.filterBy === 'deleted' && item.deletedAt !== null && item.permanentlyDeletedAt !== null) {
    return [`Deleted ${timeAgo(item.deletedAt, now)}`, permanentDeletionText(item.permanentlyDeletedAt, now)];
  }
  const when = item.filterBy === 'drafts' || post.firstPublishedAt === null ? `Last edited ${timeAgo(post.updatedAt, now)}` : `Published ${formatDate(post.firstPublishedAt, { omitCurrentYear: true, now })}`;
  return [when, formatReadingTime(post.readingTime)];
}
