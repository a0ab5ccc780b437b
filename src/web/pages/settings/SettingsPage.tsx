import { useEffect, useState } from 'react';
import { useToast } from '../../components/toast/index.js';
import { SETTINGS_PAGE_QUERY, VIEWER_SESSIONS_QUERY } from '../../graphql/operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Tabs } from '../../components/tabs/Tabs.js';
import type { PageProps } from '../../router/registry.js';
import { AccountTab } from './AccountTab.js';
import { useCarriedToast } from './carried-toast.js';
import { SecurityTab } from './SecurityTab.js';
import { NotificationsTab } from './NotificationsTab.js';
import { MembershipTab } from './MembershipTab.js';
import { isSettingsTab, SETTINGS_TABS, settingsTabHref, tabOfHash, type SettingsTab } from './settings-tabs.js';
import type { SessionRow, SettingsViewer } from './settings-types.js';
import frame from '../../styles/page-heading.module.css';
import styles from './SettingsPage.module.css';

/** Tabs whose features are not built: an honest line, not controls that do nothing. */
const ARRIVING: Partial<Record<SettingsTab, { id: string; title: string; text: string }>> = {
  publishing: { id: 'managePublications', title: 'Publishing', text: 'Publishing settings arrive with publications: managing them, your audience and your followers.' },
};

function SecurityTabData({ viewer }: { viewer: SettingsViewer | null }) {
  const sessions = usePageQuery<{ viewerSessions: SessionRow[] | null }>(VIEWER_SESSIONS_QUERY)?.viewerSessions ?? [];
  return <SecurityTab sessions={sessions} hasPassword={Boolean(viewer?.hasPassword)} twoFactorEnabled={Boolean(viewer?.twoFactorEnabled)} />;
}

/** /me/settings[/{setting}] (page id settings, two-column layout), for signed-in readers (the registry sends others to sign in). */
export default function SettingsPage({ params }: PageProps) {
  const toast = useToast();
  const tab: SettingsTab = isSettingsTab(params.setting) ? params.setting : 'account';
  const loaded = usePageQuery<{ viewer: SettingsViewer | null }>(SETTINGS_PAGE_QUERY)?.viewer ?? null;
  // The page a reader lands on renders from its preloaded results, which mutations do
  // not touch: what was saved is laid over them.
  const [saved, setSaved] = useState<Partial<SettingsViewer>>({});
  useCarriedToast(toast);

  // '/me/settings#membership' names a section on another tab: open that tab there, on
  // arrival or when a link changes only the hash.
  useEffect(() => {
    const follow = () => {
      const hash = window.location.hash.slice(1);
      const owner = tabOfHash(hash);
      if (owner && owner !== tab) window.location.replace(`${settingsTabHref(owner)}#${hash}`);
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [tab]);

  if (!loaded) return null;
  const viewer = { ...loaded, ...saved };
  const arriving = ARRIVING[tab];

  return (
    <div className={frame.page}>
      <h1 className={frame.heading}>Settings</h1>
      <Tabs label="Settings" tabs={SETTINGS_TABS.map((t) => ({ key: t.setting, href: settingsTabHref(t.setting), label: t.label, current: t.setting === tab }))} />
      {tab === 'account' && <AccountTab viewer={viewer} onSaved={(patch) => setSaved((prev) => ({ ...prev, ...patch }))} />}
      {tab === 'security' && <SecurityTabData viewer={loaded} />}
      {tab === 'notifications' && <NotificationsTab />}
      {tab === 'membership' && <MembershipTab />}
      {arriving && (
        <section id={arriving.id} className={styles.block}>
          <h2 className={styles.rowTitle}>{arriving.title}</h2>
          <p className={styles.rowDescription}>{arriving.text}</p>
        </section>
      )}
    </div>
  );
}
