import { useNavigation } from '../../router/navigation.js';
import { readCountNote } from '../../lib/reading-counters.js';
import { SusiLink } from '../susi/SusiLink.js';
import styles from './reading-note.module.css';

/**
 * Under the story, for a signed-out reader (spec §5): from 3 stories this month
 * 'You've read N stories this month', below that a generic prompt. Counted in the
 * browser (src/web/lib/reading-counters.ts), so it is rendered after hydration.
 */
export function ReadingNote({ storiesThisMonth, siteName }: { storiesThisMonth: number; siteName: string }) {
  const { pathname, search } = useNavigation();
  const note = readCountNote(storiesThisMonth);
  const redirect = `${pathname}${search}${search ? '&' : '?'}skipOnboarding=1`;
  return (
    <aside className={styles.note} data-testid="reading-note" aria-label="Your reading">
      <p className={styles.text}>{note ? `${note}.` : `Stories you might like are waiting on ${siteName}.`}</p>
      <p className={styles.sub}>
        <SusiLink operation="register" redirect={redirect} className={styles.link}>
          Sign up for free
        </SusiLink>{' '}
        to keep a reading history and get stories picked for you.
      </p>
    </aside>
  );
}
