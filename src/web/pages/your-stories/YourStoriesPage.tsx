import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../shared/constants.js';
import { formatCount } from '../../../shared/format.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { Tabs } from '../../components/tabs/Tabs.js';
import { useToast } from '../../components/toast/index.js';
import { fetchYourStoriesCounts, useStoryMoved, useTrash, type YourStoriesCounts, type YourStoryItem } from '../../components/trash/use-trash.js';
import { isYourStoriesFilter, storyTitle, tabLabel, YOUR_STORIES_PAGE_SIZE, YOUR_STORIES_TABS, yourStoriesHref, yourStoriesVariables, type YourStoriesFilter } from '../../components/trash/your-stories-tabs.js';
import { YOUR_STORIES_MORE_QUERY, YOUR_STORIES_PAGE_QUERY } from '../../graphql/your-stories-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { StoryRow } from './StoryRow.js';
import frame from '../../styles/page-heading.module.css';
import styles from './YourStoriesPage.module.css';

interface StoriesPage {
  asOf: number;
  items: YourStoryItem[];
  pagingInfo: { next: { limit: number; to: string } | null };
}
interface PageData {
  yourStoriesCounts: YourStoriesCounts | null;
  yourStories: StoriesPage | null;
}

/** What the page shows: its preloaded data until something changes here, then its own copy. */
interface View {
  counts: YourStoriesCounts;
  items: YourStoryItem[];
  next: string | null;
  asOf: number;
}

/** The date each tab sorts by, newest first (the server's order). */
function sortKey(item: YourStoryItem, filterBy: YourStoriesFilter): number {
  if (filterBy === 'deleted') return item.deletedAt ?? 0;
  if (filterBy === 'drafts') return item.post.updatedAt;
  return item.post.firstPublishedAt ?? 0;
}

/** A story that arrives in this tab (an Undo) goes where the server would list it. */
function withStory(items: YourStoryItem[], story: YourStoryItem, filterBy: YourStoriesFilter): YourStoryItem[] {
  const rest = items.filter((i) => i.id !== story.id);
  if (story.filterBy !== filterBy) return rest;
  const at = rest.findIndex((i) => sortKey(i, filterBy) < sortKey(story, filterBy));
  return at < 0 ? [...rest, story] : [...rest.slice(0, at), story, ...rest.slice(at)];
}

/**
 * /me/stories[/{filterBy}] (page id your-stories, two-column layout): the viewer's drafts,
 * public and unlisted stories, responses and the trash, with counts per tab. Signed-out
 * readers never get here (the registry sends them to sign in).
 */
export default function YourStoriesPage({ params }: PageProps) {
  const filterBy: YourStoriesFilter = isYourStoriesFilter(params.filterBy) ? params.filterBy : 'drafts';
  const data = usePageQuery<PageData>(YOUR_STORIES_PAGE_QUERY, yourStoriesVariables(filterBy));
  const loadData = useBrowserData();
  const toast = useToast();
  const nav = useNavigation();
  const trash = useTrash();
  const [local, setLocal] = useState<View | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [restoring, setRestoring] = useState<string | null>(null);

  const loaded: View | null =
    data?.yourStories && data.yourStoriesCounts
      ? { counts: data.yourStoriesCounts, items: data.yourStories.items, next: data.yourStories.pagingInfo.next?.to ?? null, asOf: data.yourStories.asOf }
      : null;
  const view = local ?? loaded;
  const viewRef = useRef(view);
  viewRef.current = view;

  // A story moved in or out of the trash (here, from its Undo, or from the story's menu).
  useStoryMoved((story) => {
    const current = viewRef.current;
    if (!current) return;
    setLocal({ ...current, items: withStory(current.items, story, filterBy) });
    void loadData()
      .then(({ client }) => fetchYourStoriesCounts(client))
      .then((counts) => counts && setLocal((prev) => (prev ? { ...prev, counts } : prev)));
  });

  // Spec §2.5: after a restore, the deleted-stories page says which story came back.
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    const query = new URLSearchParams(window.location.search);
    if (query.get('undeletedPost') !== 'true') return;
    const title = query.get('undeletedPostTitle') || 'Your story';
    const tab = query.get('tab') ?? undefined;
    const to = isYourStoriesFilter(tab) ? tab : null;
    toast.show({
      message: `“${title}” was restored${to ? ` to ${tabLabel(to)}` : ''}.`,
      extraParams: { kind: 'undelete post', action: to ? { label: 'View', onClick: () => nav.navigate(yourStoriesHref(to)) } : undefined },
    });
    // A reload should not say it again.
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [toast, nav]);

  if (!view) return null;

  const showMore = async () => {
    if (!view.next) return;
    setLoadingMore(true);
    try {
      const { client } = await loadData();
      const { data: more } = await client.query({ query: YOUR_STORIES_MORE_QUERY, variables: { filterBy, paging: { limit: YOUR_STORIES_PAGE_SIZE, to: view.next } }, fetchPolicy: 'network-only' });
      const page = (more as { yourStories: StoriesPage | null } | undefined)?.yourStories;
      if (!page) throw new Error('no page');
      const current = viewRef.current ?? view;
      const known = new Set(current.items.map((i) => i.id));
      setLocal({ ...current, items: [...current.items, ...page.items.filter((i) => !known.has(i.id))], next: page.pagingInfo.next?.to ?? null });
    } catch {
      toast.show({ message: 'Something went wrong. Please try again.', toastStyle: 'ERROR' });
    } finally {
      setLoadingMore(false);
    }
  };

  const restore = async (item: YourStoryItem) => {
    setRestoring(item.id);
    const restored = await trash.undeletePost(item.id);
    setRestoring(null);
    if (!restored.ok) {
      toast.show({ message: restored.message, toastStyle: 'ERROR' });
      return;
    }
    // Spec §7 UndeletePostMutation: then the deleted-stories page, told what came back.
    const query = new URLSearchParams({ undeletedPost: 'true', undeletedPostId: item.id, undeletedPostTitle: storyTitle(item.post.title), tab: restored.story.filterBy });
    nav.navigate(`${yourStoriesHref('deleted')}?${query.toString()}`);
  };

  const tab = YOUR_STORIES_TABS.find((t) => t.filterBy === filterBy)!;
  return (
    <div className={frame.page}>
      <div className={styles.header}>
        <h1 className={frame.heading}>Your stories</h1>
        <Link href="/new-story" className={buttonClassName({ variant: 'accent', size: 'small' })}>
          Write a story
        </Link>
      </div>
      <Tabs
        label="Your stories"
        tabs={YOUR_STORIES_TABS.map((t) => ({
          key: t.filterBy,
          href: yourStoriesHref(t.filterBy),
          label: (
            <>
              {t.label}
              {view.counts[t.filterBy] > 0 && <span className={styles.count}>{` ${formatCount(view.counts[t.filterBy])}`}</span>}
            </>
          ),
          current: t.filterBy === filterBy,
        }))}
      />
      {filterBy === 'deleted' && <p className={styles.note}>Stories in the trash are deleted for good {LIMITS.trashRetentionDays} days after you delete them. Until then you can restore them.</p>}
      {view.items.length === 0 ? (
        <p className={styles.empty}>{tab.empty}</p>
      ) : (
        <ul className={styles.list} aria-label={tab.label}>
          {view.items.map((item) => (
            <li key={item.id}>
              <StoryRow item={item} now={view.asOf} onRestore={() => void restore(item)} restoring={restoring === item.id} />
            </li>
          ))}
        </ul>
      )}
      {view.next && (
        <button type="button" className={buttonClassName({ variant: 'outline', size: 'small' }, styles.more)} onClick={() => void showMore()} disabled={loadingMore}>
          Show more
        </button>
      )}
    </div>
  );
}
