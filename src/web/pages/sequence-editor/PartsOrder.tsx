import { useEffect, useRef, type KeyboardEvent } from 'react';
import styles from './SequenceEditorPage.module.css';

export interface PartStory {
  id: string;
  title: string;
}

/** The list with `from` moved to `to` (both in range). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

const storyTitle = (p: PartStory) => p.title || 'Untitled story';

/**
 * The series' parts in order, each with Move up / Move down / Remove. From the keyboard, a
 * focused part moves with Alt+↑ / Alt+↓ and stays focused, so it can be moved again.
 */
export function PartsOrder({ parts, onChange }: { parts: readonly PartStory[]; onChange(parts: PartStory[]): void }) {
  const rows = useRef(new Map<string, HTMLLIElement>());
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    rows.current.get(id)?.focus();
  }, [parts]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= parts.length) return;
    focusAfterMove.current = parts[from]!.id;
    onChange(moved(parts, from, to));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, i: number) => {
    if (!e.altKey || e.target !== e.currentTarget) return;
    if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(i, i - 1);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(i, i + 1);
    }
  };

  if (parts.length === 0) return <p className={styles.hint}>No stories yet: add some from the list below.</p>;
  return (
    <ol className={styles.parts} aria-label="Parts of the series">
      {parts.map((p, i) => (
        <li
          key={p.id}
          ref={(el) => {
            if (el) rows.current.set(p.id, el);
            else rows.current.delete(p.id);
          }}
          tabIndex={0}
          className={styles.part}
          aria-label={`Part ${i + 1}: ${storyTitle(p)}. Alt+Up or Alt+Down to move.`}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          <span className={styles.partNumber}>{i + 1}</span>
          <span className={styles.partTitle}>{storyTitle(p)}</span>
          <span className={styles.partButtons}>
            <button type="button" className={styles.iconButton} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move “${storyTitle(p)}” up`}>
              ↑
            </button>
            <button type="button" className={styles.iconButton} disabled={i === parts.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move “${storyTitle(p)}” down`}>
              ↓
            </button>
            <button type="button" className={styles.textButton} onClick={() => onChange(parts.filter((x) => x.id !== p.id))} aria-label={`Remove “${storyTitle(p)}”`}>
              Remove
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
