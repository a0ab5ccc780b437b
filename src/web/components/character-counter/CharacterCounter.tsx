import { cx } from '../../lib/class-names';
import styles from './character-counter.module.css';

export interface CharacterCounterProps {
  count: number;
  limit: number;
  className?: string;
}

/** 'count/limit', in the error colour once over the limit. */
export function CharacterCounter({ count, limit, className }: CharacterCounterProps) {
  const over = count > limit;
  return (
    <span className={cx(styles.counter, over && styles.over, className)} data-over-limit={over ? 'true' : undefined}>
      <span aria-hidden="true">
        {count}/{limit}
      </span>
      <span className="visually-hidden">
        {over ? `${count} of ${limit} characters, ${count - limit} over the limit` : `${count} of ${limit} characters`}
      </span>
    </span>
  );
}
