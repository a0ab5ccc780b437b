import tabStyles from '../../components/tabs/tabs.module.css';
import styles from './NotificationTabs.module.css';

export type NotificationFilter = 'ALL' | 'RESPONSES';

const TABS: { key: NotificationFilter; label: string }[] = [
  { key: 'ALL', label: 'All' },
  { key: 'RESPONSES', label: 'Responses' },
];

/** The one panel both tabs show their rows in, and each tab's id that names it. */
export const NOTIFICATIONS_PANEL_ID = 'notifications-panel';
export const notificationTabId = (tab: NotificationFilter) => `notifications-tab-${tab}`;

/**
 * All and Responses: one page (/me/notifications has no tab in its path), so the tabs
 * switch in place, drawn like the site's link tabs.
 */
export function NotificationTabs({ current, onSelect }: { current: NotificationFilter; onSelect(tab: NotificationFilter): void }) {
  return (
    <div className={tabStyles.tabs} role="tablist" aria-label="Notifications">
      {TABS.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          id={notificationTabId(t.key)}
          aria-selected={t.key === current}
          aria-controls={t.key === current ? NOTIFICATIONS_PANEL_ID : undefined}
          className={`${t.key === current ? tabStyles.tabActive : tabStyles.tab} ${styles.button}`}
          onClick={() => onSelect(t.key)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
