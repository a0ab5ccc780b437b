import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { setUnreadNotificationCount } from '../../components/notifications/index.js';
import { NotificationItem, type NotificationItemData } from '../../components/notifications/NotificationItem.js';
import { useToast } from '../../components/toast/index.js';
import {
  MARK_ALL_NOTIFICATIONS_READ,
  MARK_NOTIFICATION_READ,
  MARK_NOTIFICATIONS_SEEN,
  MORE_NOTIFICATIONS_QUERY,
  NOTIFICATIONS_FIRST_PAGE,
  NOTIFICATIONS_PAGE_QUERY,
  NOTIFICATIONS_PAGE_SIZE,
} from '../../graphql/notifications-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { NOTIFICATIONS_PANEL_ID, NotificationTabs, notificationTabId, type NotificationFilter } from './NotificationTabs.js';
import frame from '../../styles/page-heading.module.css';
import styles from './NotificationsPage.module.css';

interface Connection {
  items: NotificationItemData[];
  pagingInfo: { next: { limit: number; to: string } | null };
}

/** What the page shows of one tab: its rows and the next page's cursor. */
interface TabView {
  items: NotificationItemData[];
  next: string | null;
  loaded: boolean;
}

const EMPTY: Record<NotificationFilter, string> = {
  ALL: 'You’re all caught up. When someone follows you, claps for or responds to your stories, it shows up here.',
  RESPONSES: 'No responses yet. When someone responds to your stories or mentions you, it shows up here.',
};

/**
 * /me/notifications (page id notifications, two-column layout): the reader's notifications,
 * latest activity first, with the tabs All and Responses, more as the reader scrolls,
 * unread ones marked until opened, and 'Mark all as read'. Opening the page clears the
 * header badge (markNotificationsSeen); the rows stay unread until opened. Signed-out
 * readers never get here (the registry sends them to sign in and back).
 */
export default function NotificationsPage() {
  const data = usePageQuery<{ notifications: Connection | null }>(NOTIFICATIONS_PAGE_QUERY, NOTIFICATIONS_FIRST_PAGE);
  const loadData = useBrowserData();
  const toast = useToast();
  const [filter, setFilter] = useState<NotificationFilter>('ALL');
  const [tabs, setTabs] = useState<Partial<Record<NotificationFilter, TabView>>>({});
  const [loading, setLoading] = useState(false);
  // A tab whose first page failed waits for the reader's Try again (no loop of requests).
  const [failed, setFailed] = useState<Partial<Record<NotificationFilter, boolean>>>({});
  const [marking, setMarking] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const first = data?.notifications;
  const preloaded = useMemo<TabView | null>(() => (first ? { items: first.items, next: first.pagingInfo.next?.to ?? null, loaded: true } : null), [first]);
  const view: TabView = tabs[filter] ?? (filter === 'ALL' && preloaded ? preloaded : { items: [], next: null, loaded: false });
  const viewRef = useRef(view);
  viewRef.current = view;

  // Opened: the badge clears here and in the reader's other tabs (the server tells them).
  useEffect(() => {
    setUnreadNotificationCount(0);
    void loadData()
      .then(({ client }) => client.mutate({ mutation: MARK_NOTIFICATIONS_SEEN }))
      .catch(() => {});
  }, [loadData]);

  const fetchPage = useCallback(
    async (which: NotificationFilter, to: string | null) => {
      setLoading(true);
      try {
        const { client } = await loadData();
        const { data: more } = await client.query({ query: MORE_NOTIFICATIONS_QUERY, variables: { filter: which, paging: { limit: NOTIFICATIONS_PAGE_SIZE, to } }, fetchPolicy: 'network-only' });
        const page = (more as { notifications?: Connection } | undefined)?.notifications;
        if (!page) throw new Error('no page');
        setTabs((prev) => {
          const current = to ? (prev[which] ?? (which === 'ALL' ? preloaded : null)) : null;
          const known = new Set(current?.items.map((i) => i.id) ?? []);
          const items = [...(current?.items ?? []), ...page.items.filter((i) => !known.has(i.id))];
          return { ...prev, [which]: { items, next: page.pagingInfo.next?.to ?? null, loaded: true } };
        });
      } catch {
        if (!to) setFailed((prev) => ({ ...prev, [which]: true }));
        toast.show({ message: 'Something went wrong. Please try again.', toastStyle: 'ERROR' });
      } finally {
        setLoading(false);
      }
    },
    [loadData, toast, preloaded],
  );

  // A tab opened for the first time loads its first page.
  useEffect(() => {
    if (!view.loaded && !loading && !failed[filter]) void fetchPage(filter, null);
  }, [filter, view.loaded, loading, failed, fetchPage]);

  // Infinite paging: the next page when the end of the list comes into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !view.next || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loading && viewRef.current.next) void fetchPage(filter, viewRef.current.next);
    }, { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [filter, view.next, loading, fetchPage]);

  const markRead = (ids: Set<string> | 'all') =>
    setTabs((prev) => {
      const out: Partial<Record<NotificationFilter, TabView>> = {};
      for (const key of ['ALL', 'RESPONSES'] as const) {
        const tab = prev[key] ?? (key === 'ALL' ? preloaded : null);
        if (tab) out[key] = { ...tab, items: tab.items.map((i) => (ids === 'all' || ids.has(i.id) ? { ...i, isRead: true } : i)) };
      }
      return out;
    });

  const open = (n: NotificationItemData) => {
    if (n.isRead) return;
    markRead(new Set([n.id]));
    void loadData()
      .then(({ client }) => client.mutate({ mutation: MARK_NOTIFICATION_READ, variables: { notificationId: n.id } }))
      .catch(() => {});
  };

  const markAll = async () => {
    setMarking(true);
    try {
      const { client } = await loadData();
      const { error } = await client.mutate({ mutation: MARK_ALL_NOTIFICATIONS_READ });
      if (error) throw error;
      markRead('all');
      setUnreadNotificationCount(0);
    } catch {
      toast.show({ message: 'Something went wrong. Please try again.', toastStyle: 'ERROR' });
    } finally {
      setMarking(false);
    }
  };

  const anyUnread = view.items.some((i) => !i.isRead);
  return (
    <div className={frame.page}>
      <div className={styles.header}>
        <h1 className={frame.heading}>Notifications</h1>
        <button type="button" className={buttonClassName({ variant: 'outline', size: 'small' })} onClick={() => void markAll()} disabled={marking || !anyUnread} data-mark-all="">
          Mark all as read
        </button>
      </div>
      <NotificationTabs current={filter} onSelect={setFilter} />
      <div role="tabpanel" id={NOTIFICATIONS_PANEL_ID} aria-labelledby={notificationTabId(filter)}>
        {view.loaded && view.items.length === 0 ? (
          <p className={styles.empty}>{EMPTY[filter]}</p>
        ) : (
          <ul className={styles.list} aria-label={filter === 'ALL' ? 'All notifications' : 'Responses'} aria-busy={loading || undefined}>
            {view.items.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={open} />
            ))}
          </ul>
        )}
      </div>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {!view.loaded && failed[filter] && !loading ? (
        <button type="button" className={buttonClassName({ variant: 'outline', size: 'small' }, styles.more)} onClick={() => setFailed((prev) => ({ ...prev, [filter]: false }))}>
          Try again
        </button>
      ) : (
        (loading || !view.loaded) && <p className={styles.loading}>Loading…</p>
      )}
      {view.next && !loading && (
        <button type="button" className={buttonClassName({ variant: 'outline', size: 'small' }, styles.more)} onClick={() => void fetchPage(filter, view.next)}>
          Show more
        </button>
      )}
    </div>
  );
}

/** The sidebar: where the reader chooses what they are told, and how often by email. */
export function Sidebar() {
  return (
    <aside className={styles.sidebar}>
      <h2 className={styles.sidebarHeading}>Choose what you hear about</h2>
      <p className={styles.sidebarText}>Turn each kind of notification on, off, or on only for people you follow, and get an email digest daily, weekly or never.</p>
      <Link href="/me/settings/notifications" className={styles.sidebarLink}>
        Notification settings
      </Link>
    </aside>
  );
}
