import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { useToast } from '../../components/toast/index.js';
import { CUSTOMIZE_READING_HISTORY_QUERY, SET_READING_HISTORY_PAUSED } from '../../graphql/reading-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { CustomizeFrame } from '../customize-following/CustomizeFrame.js';
import side from '../customize-following/customize.module.css';
import { ClearHistoryButton } from '../your-reading-history/ClearHistoryButton.js';
import styles from '../your-reading-history/reading-history.module.css';

interface Data {
  viewer: { id: string } | null;
  viewerReadingHistory: { paused: boolean } | null;
}

/**
 * /me/readinghistory (page id customize-reading-history, a Refine recommendations tab): pause
 * recording the reading history (the server records nothing while it is paused) and clear it.
 */
export default function CustomizeReadingHistoryPage() {
  const data = usePageQuery<Data>(CUSTOMIZE_READING_HISTORY_QUERY);
  const loadData = useBrowserData();
  const toast = useToast();
  const [paused, setPaused] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  if (!data?.viewer) return null;
  const isPaused = paused ?? data.viewerReadingHistory?.paused ?? false;

  const toggle = async (next: boolean) => {
    setSaving(true);
    setPaused(next);
    const r = await mutateField(loadData, SET_READING_HISTORY_PAUSED, { paused: next }, 'setReadingHistoryPaused');
    setSaving(false);
    if (r === null) {
      setPaused(!next);
      return void toast.show({ message: 'Please try again.', toastStyle: 'ERROR' });
    }
    toast.show({ message: next ? 'Your reading history is paused.' : 'Your reading history is on.', key: 'reading-history' });
  };

  return (
    <CustomizeFrame tab="history">
      <div className={styles.setting}>
        <div>
          <label htmlFor="pause-reading-history" className={styles.settingTitle}>
            Pause reading history
          </label>
          <p className={styles.settingText}>While it is paused, stories you read are not added to your reading history or used for your recommendations.</p>
        </div>
        <input
          id="pause-reading-history"
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={isPaused}
          disabled={saving}
          onChange={(e) => void toggle(e.target.checked)}
        />
      </div>
      <div className={styles.setting}>
        <div>
          <h2 className={styles.settingTitle}>Clear reading history</h2>
          <p className={styles.settingText}>
            Removes every story from your <Link href="/me/lists/reading-history">reading history</Link>.
          </p>
        </div>
        <ClearHistoryButton onCleared={() => {}} />
      </div>
    </CustomizeFrame>
  );
}

export function Sidebar() {
  return (
    <aside className={side.side}>
      <h2 className={side.sideHeading}>About your reading history</h2>
      <p className={side.sideText}>Only you can see the stories you read. They shape the stories we recommend to you.</p>
      <Link href="/me/lists/reading-history" className={side.sideLink}>
        See your reading history
      </Link>
    </aside>
  );
}
