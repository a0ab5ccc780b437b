import type { MouseEvent, ReactNode } from 'react';
import { formatCount, formatDate } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { cx } from '../../lib/class-names.js';
import { Link } from '../../router/Link.js';
import { Avatar } from '../avatar/index.js';
import { BellIcon } from '../icons/index.js';
import styles from './notification-item.module.css';
import { profileHref } from '../../lib/profile-href.js';

/** The NotificationItem_notification fragment's shape (src/web/graphql/notifications-operations.ts). */
export interface NotificationItemData {
  id: string;
  kind: 'FOLLOW' | 'CLAP' | 'RESPONSE' | 'MENTION' | 'HIGHLIGHT' | 'PUBLISH' | 'CATALOG' | 'SYSTEM' | 'SERIES';
  actorCount: number;
  actors: { id: string; name: string; username: string | null; imageId: string | null }[];
  post: { id: string; title: string; mediumUrl: string } | null;
  response: { id: string; title: string; mediumUrl: string } | null;
  /** CATALOG: the followed list (null once private or gone) and the stories it gained that day. */
  catalog?: { id: string; name: string; slugId: string; creator: { id: string; username: string | null } } | null;
  storyCount?: number | null;
  text: string | null;
  href: string | null;
  isRead: boolean;
  occurredAt: number;
}

/** Notices come from the site; still, only a path or a web address becomes a link. */
const safeHref = (href: string | null) => (href && (/^\/(?!\/)/.test(href) || /^https?:\/\//.test(href)) ? href : null);

/** Where opening the notification leads: the person, the response, the story or the notice's link. */
export function notificationHref(n: NotificationItemData): string | null {
  const actor = n.actors[0];
  switch (n.kind) {
    case 'FOLLOW':
      return actor ? profileHref(actor) : null;
    case 'RESPONSE':
      return n.response?.mediumUrl ?? n.post?.mediumUrl ?? null;
    case 'SYSTEM':
    case 'SERIES':
      return safeHref(n.href);
    case 'CATALOG':
      return n.catalog ? `${profileHref(n.catalog.creator)}/list/${n.catalog.slugId}` : null;
    default:
      return n.post?.mediumUrl ?? null;
  }
}

/** The sentence, with the names and the story's title set off ('Ann and 12 others clapped for …'). */
export function notificationSentence(n: NotificationItemData): ReactNode {
  const actor = n.actors[0];
  const who = <strong className={styles.name}>{actor?.name ?? 'Someone'}</strong>;
  const others = n.actorCount - 1;
  const title = <strong className={styles.title}>{n.post?.title || 'your story'}</strong>;
  switch (n.kind) {
    case 'FOLLOW':
      return <>{who} followed you</>;
    case 'CLAP':
      return others > 0 ? (
        <>
          {who} and {formatCount(others)} {others === 1 ? 'other' : 'others'} clapped for {title}
        </>
      ) : (
        <>
          {who} clapped for {title}
        </>
      );
    case 'RESPONSE':
      return (
        <>
          {who} responded to {title}
        </>
      );
    case 'MENTION':
      return (
        <>
          {who} mentioned you in {title}
        </>
      );
    case 'HIGHLIGHT':
      return (
        <>
          {who} highlighted {title}
        </>
      );
    case 'PUBLISH':
      return (
        <>
          {who} published {title}
        </>
      );
    case 'CATALOG': {
      const count = n.storyCount ?? 1;
      return (
        <>
          {who} added {formatCount(count)} {count === 1 ? 'story' : 'stories'} to <strong className={styles.title}>{n.catalog?.name ?? 'a list you follow'}</strong>
        </>
      );
    }
    case 'SERIES':
      return (
        <>
          {who} added {title} to the series <strong className={styles.title}>{n.text ?? ''}</strong>
        </>
      );
    default:
      return <>{n.text ?? 'A notice from the site'}</>;
  }
}

/**
 * One notification: the latest actor's avatar, the sentence, the response's opening words
 * and the date. Unread ones are marked (a dot, darker text) until opened; opening one
 * calls `onOpen` (mark it read) and follows its link.
 */
export function NotificationItem({ notification: n, onOpen }: { notification: NotificationItemData; onOpen(n: NotificationItemData): void }) {
  const actor = n.actors[0];
  const href = notificationHref(n);
  const body = (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {actor ? (
          <Avatar username={actor.username} name={actor.name} imageUrl={actor.imageId ? imageUrl(actor.imageId, 64) : null} size="S" alt="" />
        ) : (
          <span className={styles.siteIcon}>
            <BellIcon />
          </span>
        )}
      </span>
      <span className={styles.text}>
        <span className={styles.sentence}>{notificationSentence(n)}</span>
        {n.kind === 'RESPONSE' && n.response?.title && <span className={styles.excerpt}>{n.response.title}</span>}
        <span className={styles.date}>{formatDate(n.occurredAt, { omitCurrentYear: true })}</span>
      </span>
      {!n.isRead && <span className={styles.dot} aria-label="Unread" />}
    </>
  );
  const open = (_e: MouseEvent) => onOpen(n);
  return (
    <li className={cx(styles.item, !n.isRead && styles.unread)} data-notification-id={n.id} data-kind={n.kind} data-read={n.isRead ? 'true' : 'false'}>
      {href ? (
        <Link href={href} className={styles.row} onClick={open}>
          {body}
        </Link>
      ) : (
        <div className={styles.row}>{body}</div>
      )}
    </li>
  );
}
