import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { Button } from '../../components/button/Button.js';
import { FOLLOW_TAG, UNFOLLOW_TAG } from '../../components/follow-button/index.js';
import { runSocialMutation } from '../../components/follow-button/run-mutation.js';
import { useToast } from '../../components/toast/index.js';
import type { TopicTag } from '../../components/topic/TopicHeader.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { TOPICS_ONBOARDING_QUERY } from '../../graphql/topics-operations.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { SuggestedWriters } from './SuggestedWriters.js';
import styles from './TopicsOnboardingPage.module.css';

/** Topics to pick before Continue (fewer when the site has fewer topics). */
export const ONBOARDING_MIN_TOPICS = 3;

type Data = { viewer: { id: string; name: string } | null; popularTags: { items: TopicTag[] } };

/**
 * /get-started/topics (topics-onboarding, wordmark layout): after sign-up, the reader picks
 * topics to follow (each pick follows at once, so nothing is lost if they leave), sees
 * writers worth following in them, and Continue lands on the For you feed, which reads them.
 */
export default function TopicsOnboardingPage(_props: PageProps) {
  const data = usePageQuery<Data>(TOPICS_ONBOARDING_QUERY);
  const loadData = useBrowserData();
  const toast = useToast();
  const nav = useNavigation();
  const [picked, setPicked] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const topics = data?.popularTags.items ?? [];
  if (!data?.viewer) return null;

  const isPicked = (t: TopicTag) => picked[t.normalizedTagSlug] ?? t.viewerEdge.isFollowing;
  const chosen = topics.filter(isPicked).map((t) => t.normalizedTagSlug);
  const needed = Math.min(ONBOARDING_MIN_TOPICS, topics.length);

  const toggle = async (t: TopicTag) => {
    const slug = t.normalizedTagSlug;
    if (busy[slug]) return;
    const next = !isPicked(t);
    setBusy((b) => ({ ...b, [slug]: true }));
    setPicked((p) => ({ ...p, [slug]: next }));
    const outcome = await runSocialMutation(loadData, next ? FOLLOW_TAG : UNFOLLOW_TAG, { tagSlug: slug });
    setBusy((b) => ({ ...b, [slug]: false }));
    if (!outcome.ok) {
      setPicked((p) => ({ ...p, [slug]: !next }));
      toast.show({ message: outcome.message ?? 'Please try again.', toastStyle: 'ERROR' });
    }
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>What are you interested in?</h1>
      <p className={styles.lead}>
        Choose {needed === 1 ? 'a topic' : `${needed} or more topics`} to follow. Your For you feed starts with them; you can change them any time.
      </p>
      <ul className={styles.topics} aria-label="Topics">
        {topics.map((t) => (
          <li key={t.id}>
            <button type="button" className={isPicked(t) ? styles.topicOn : styles.topic} aria-pressed={isPicked(t)} onClick={() => void toggle(t)}>
              {t.displayTitle}
              <span className={styles.count}>{t.postCount}</span>
            </button>
          </li>
        ))}
      </ul>
      {chosen.length > 0 && <SuggestedWriters tagSlugs={chosen} />}
      <div className={styles.footer}>
        <p className={styles.progress} aria-live="polite">
          {chosen.length < needed ? `Pick ${needed - chosen.length} more to continue.` : `${chosen.length} ${chosen.length === 1 ? 'topic' : 'topics'} followed.`}
        </p>
        <Button variant="primary" size="large" disabled={chosen.length < needed || Object.values(busy).some(Boolean)} onClick={() => nav.navigate('/')}>
          Continue
        </Button>
      </div>
    </div>
  );
}
