import { formatCount } from '../../../shared/format.js';
import { BookmarkIcon, ClapIcon, ResponseIcon, ShareIcon } from '../../components/icons/index.js';
import styles from './PostPage.module.css';

/**
 * Clap, respond, bookmark and share. Counts are real; the actions arrive with the
 * stories and social issues, so the buttons ask a logged-out reader to sign in.
 */
export function ActionBar({ clapCount, responsesCount }: { clapCount: number; responsesCount: number }) {
  return (
    <div className={styles.actions} data-testid="action-bar">
      <div className={styles.actionGroup}>
        <a className={styles.action} href="/m/signin?operation=register&skipOnboarding=1" aria-label={`Clap (${clapCount} claps)`}>
          <ClapIcon />
          <span>{formatCount(clapCount)}</span>
        </a>
        <a className={styles.action} href="#responses" aria-label={`Responses (${responsesCount})`}>
          <ResponseIcon />
          <span>{formatCount(responsesCount)}</span>
        </a>
      </div>
      <div className={styles.actionGroup}>
        <a className={styles.action} href="/m/signin?operation=register&skipOnboarding=1" aria-label="Save">
          <BookmarkIcon />
        </a>
        <button type="button" className={styles.action} aria-label="Share" onClick={() => void navigator.clipboard?.writeText(window.location.href)}>
          <ShareIcon />
        </button>
      </div>
    </div>
  );
}
