import { useState } from 'react';
import { useToast } from '../../components/toast/index.js';
import { NOTIFICATION_SETTINGS_QUERY, SET_DIGEST_FREQUENCY, SET_NOTIFICATION_CHANNEL } from '../../graphql/notifications-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { useSettingsMutation } from './use-settings-mutation.js';
import { ViewerNewsletterSettings } from '../email-settings/ViewerNewsletterSettings.js';
import page from './SettingsPage.module.css';
import styles from './NotificationsTab.module.css';

type Channel = 'ALL' | 'NETWORK' | 'OFF';
type Frequency = 'DAILY' | 'WEEKLY' | 'OFF';
interface Settings {
  channels: { kind: string; channel: Channel }[];
  digestFrequency: Frequency;
}

/** Spec §3 notification channels, in words. */
const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'ALL', label: 'From everyone' },
  { value: 'NETWORK', label: 'From people you follow' },
  { value: 'OFF', label: 'Off' },
];

/** Spec §3 digest frequency, in words. */
const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: 'DAILY', label: 'Daily' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'OFF', label: 'Off' },
];

const KINDS: Record<string, { title: string; description: string }> = {
  FOLLOW: { title: 'New followers', description: 'When someone follows you.' },
  CLAP: { title: 'Claps', description: 'When readers clap for your stories and responses.' },
  RESPONSE: { title: 'Responses', description: 'When someone responds to your story or to your response.' },
  MENTION: { title: 'Mentions', description: 'When a story or response links to your profile.' },
  HIGHLIGHT: { title: 'Highlights', description: 'When someone highlights a passage of your story.' },
  PUBLISH: { title: 'Stories from writers you follow', description: 'When a writer you follow publishes a story.' },
  CATALOG: { title: 'Lists you follow', description: 'When a list you follow gains stories (at most once a day per list).' },
};

const SAVED = 'Your notification settings were saved.';

function Choice<T extends string>({ id, value, options, disabled, onChange }: { id: string; value: T; options: { value: T; label: string }[]; disabled: boolean; onChange(value: T): void }) {
  return (
    <select id={id} className={styles.select} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Settings → Notifications (spec §2.5 tab, hash email-settings): a channel per kind of
 * notification and the email digest's frequency. Each choice is saved as it is made,
 * with a toast; a failed save puts the old choice back.
 */
export function NotificationsTab() {
  const loaded = usePageQuery<{ notificationSettings: Settings | null }>(NOTIFICATION_SETTINGS_QUERY)?.notificationSettings ?? null;
  const [settings, setSettings] = useState<Settings | null>(null);
  const { run, busy } = useSettingsMutation();
  const toast = useToast();
  const current = settings ?? loaded;
  if (!current) return null;

  const save = async (field: 'setNotificationChannel' | 'setDigestFrequency', next: Settings, mutation: typeof SET_DIGEST_FREQUENCY, variables: Record<string, unknown>) => {
    const before = current;
    setSettings(next);
    const result = await run<Record<string, Settings>>(mutation, variables);
    if (!result.ok) {
      setSettings(before);
      toast.show({ message: result.message, toastStyle: 'ERROR' });
      return;
    }
    setSettings(result.data[field] ?? next);
    toast.show({ message: SAVED });
  };

  const setChannel = (kind: string, channel: Channel) =>
    save('setNotificationChannel', { ...current, channels: current.channels.map((c) => (c.kind === kind ? { ...c, channel } : c)) }, SET_NOTIFICATION_CHANNEL, { kind, channel });
  const setFrequency = (frequency: Frequency) => save('setDigestFrequency', { ...current, digestFrequency: frequency }, SET_DIGEST_FREQUENCY, { frequency });

  return (
    <div className={page.rows}>
      <section id="email-settings" className={styles.section} aria-labelledby="notifications-heading">
        <h2 id="notifications-heading" className={styles.heading}>
          Notifications
        </h2>
        <p className={page.rowDescription}>What you hear about on your notifications page and in the header.</p>
        <div className={styles.list}>
          {current.channels.map((c) => {
            const kind = KINDS[c.kind] ?? { title: c.kind, description: '' };
            const id = `channel-${c.kind.toLowerCase()}`;
            return (
              <div key={c.kind} className={page.row}>
                <div className={page.rowText}>
                  <label htmlFor={id} className={page.rowTitle}>
                    {kind.title}
                  </label>
                  <p className={page.rowDescription}>{kind.description}</p>
                </div>
                <Choice id={id} value={c.channel} options={CHANNELS} disabled={busy} onChange={(v) => void setChannel(c.kind, v)} />
              </div>
            );
          })}
        </div>
      </section>
      <section id="manageSubscriptions" className={styles.section} aria-labelledby="digest-heading">
        <h2 id="digest-heading" className={styles.heading}>
          Email digest
        </h2>
        <div className={page.row}>
          <div className={page.rowText}>
            <label htmlFor="digest-frequency" className={page.rowTitle}>
              Notifications digest
            </label>
            <p className={page.rowDescription}>One email with your unread notifications since the last one; none when there is nothing new.</p>
          </div>
          <Choice id="digest-frequency" value={current.digestFrequency} options={FREQUENCIES} disabled={busy} onChange={(v) => void setFrequency(v)} />
        </div>
      </section>
      <ViewerNewsletterSettings sectionClassName={styles.section} headingClassName={styles.heading} />
    </div>
  );
}
