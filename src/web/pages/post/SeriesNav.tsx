import { useId, useState } from 'react';
import { SERIES_NAV_QUERY } from '../../graphql/series-nav-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import styles from './series-nav.module.css';

interface SeriesNavData {
  sequence: { id: string; slug: string; title: string; posts: { id: string; title: string }[] } | null;
}

const partHref = (slug: string, postId: string) => `/s/${slug}/${postId}`;

/**
 * The series bar of a story read inside its series (/s/{sequenceSlug}/{postId}): 'Part N of
 * M', the outline (collapsed until asked), and Previous / Next within the series. Rendered
 * only on that route; its query is preloaded only there, so the plain story page pays
 * nothing for it.
 */
export function SeriesNav({ sequenceSlug, postId, placement }: { sequenceSlug: string; postId: string; placement: 'top' | 'bottom' }) {
  const sequence = usePageQuery<SeriesNavData>(SERIES_NAV_QUERY, { sequenceSlug })?.sequence;
  const [open, setOpen] = useState(false);
  const outlineId = useId();
  if (!sequence) return null;
  const at = sequence.posts.findIndex((p) => p.id === postId);
  if (at < 0) return null;
  const previous = sequence.posts[at - 1];
  const next = sequence.posts[at + 1];
  const title = (p: { title: string }) => p.title || 'Untitled story';
  return (
    <nav className={styles.bar} aria-label={placement === 'top' ? 'Series' : 'Series, end of part'}>
      <div className={styles.head}>
        <p className={styles.where}>
          <Link href={`/s/${sequence.slug}`} className={styles.series}>
            {sequence.title}
          </Link>
          <span className={styles.part}>
            Part {at + 1} of {sequence.posts.length}
          </span>
        </p>
        {placement === 'top' && (
          <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={outlineId} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide outline' : 'Show outline'}
          </button>
        )}
      </div>
      {placement === 'top' && open && (
        <ol id={outlineId} className={styles.outline}>
          {sequence.posts.map((p, i) =>
            i === at ? (
              <li key={p.id} aria-current="page" className={styles.current}>
                {title(p)}
              </li>
            ) : (
              <li key={p.id}>
                <Link href={partHref(sequence.slug, p.id)}>{title(p)}</Link>
              </li>
            ),
          )}
        </ol>
      )}
      <div className={styles.steps}>
        {previous ? (
          <Link href={partHref(sequence.slug, previous.id)} className={styles.step} rel="prev">
            <span className={styles.stepLabel}>← Previous</span>
            <span className={styles.stepTitle}>{title(previous)}</span>
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link href={partHref(sequence.slug, next.id)} className={`${styles.step} ${styles.stepNext}`} rel="next">
            <span className={styles.stepLabel}>Next →</span>
            <span className={styles.stepTitle}>{title(next)}</span>
          </Link>
        )}
      </div>
    </nav>
  );
}
