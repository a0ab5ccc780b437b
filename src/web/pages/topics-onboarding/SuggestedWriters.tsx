import { useEffect, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { WriterList, type TopicWriter } from '../../components/topic/WriterList.js';
import { SUGGESTED_WRITERS_QUERY } from '../../graphql/topics-operations.js';
import styles from './TopicsOnboardingPage.module.css';

/** Writers whose stories in the picked topics drew the most claps, asked again as picks change. */
export function SuggestedWriters({ tagSlugs }: { tagSlugs: string[] }) {
  const loadData = useBrowserData();
  const [writers, setWriters] = useState<TopicWriter[] | null>(null);
  const key = [...tagSlugs].sort().join(',');
  useEffect(() => {
    let live = true;
    void loadData()
      .then(({ client }) => client.query({ query: SUGGESTED_WRITERS_QUERY, variables: { tagSlugs: key.split(',') } }))
      .then(({ data }) => live && setWriters((data as { suggestedWritersInTags: TopicWriter[] }).suggestedWritersInTags))
      .catch(() => live && setWriters([]));
    return () => {
      live = false;
    };
  }, [key, loadData]);
  if (!writers || writers.length === 0) return null;
  return (
    <section className={styles.writers}>
      <h2 className={styles.subtitle}>Writers to follow in your topics</h2>
      <WriterList writers={writers} label="Suggested writers" />
    </section>
  );
}
