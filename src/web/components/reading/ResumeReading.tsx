import { CloseIcon } from '../icons/index.js';
import type { ResumeOffer } from './use-reading-position.js';
import styles from './resume-reading.module.css';

/** 'Resume where you left off': a bar at the bottom of the story page while a stored position is offered. */
export function ResumeReading({ offer }: { offer: ResumeOffer }) {
  return (
    <div className={styles.bar} role="region" aria-label="Resume reading">
      <button type="button" className={styles.resume} onClick={offer.resume}>
        Resume where you left off
      </button>
      <button type="button" className={styles.dismiss} onClick={offer.dismiss} aria-label="Dismiss">
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
