import { formatCount } from '../../../shared/format.js';
import { FollowButton } from '../follow-button/index.js';
import { PersonRow, type PersonRowUser } from '../follow-button/PersonRow.js';
import styles from './topic.module.css';

/** The Topic_writer fragment's shape (topics-operations.ts). */
export interface TopicWriter {
  clapCount: number;
  postCount: number;
  user: PersonRowUser;
}

/** Writers to follow in a topic, each with the claps their stories there drew and Follow. */
export function WriterList({ writers, label }: { writers: TopicWriter[]; label: string }) {
  return (
    <ul aria-label={label} className={styles.list}>
      {writers.map((w) => (
        <PersonRow
          key={w.user.id}
          user={w.user}
          note={`${formatCount(w.postCount)} ${w.postCount === 1 ? 'story' : 'stories'}${w.clapCount > 0 ? ` · ${formatCount(w.clapCount)} ${w.clapCount === 1 ? 'clap' : 'claps'}` : ''}`}
          action={<FollowButton user={w.user} size="small" />}
        />
      ))}
    </ul>
  );
}
