import { useState } from 'react';
import { Feed } from '../../components/feed/Feed.js';
import { useFeed, useFeedFilters, type FeedFilters, type FeedItem, type FeedPage } from '../../components/feed/use-feed.js';
import { HomeSidebar } from '../../components/sidebar/HomeSidebar.js';
import { FEED_FIRST_PAGE, FEED_PAGE_SIZE, FOLLOWING_FEED_QUERY, FOR_YOU_FEED_QUERY } from '../../graphql/feeds-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useGiftMembershipHash } from '../../components/gift/use-gift-membership-hash.js';
import styles from './HomePage.module.css';

type Connection = { items: FeedItem[]; pagingInfo: { next: { to: string | null } | null } };
type FeedData = { viewerIsStaff?: boolean; forYouFeed?: Connection; followingFeed?: Connection };

const pickFeed = (field: 'forYouFeed' | 'followingFeed') => (data: unknown): FeedPage | null => {
  const d = data as FeedData | undefined;
  const conn = d?.[field];
  return conn ? { items: conn.items, next: conn.pagingInfo.next?.to ?? null, viewerIsStaff: d?.viewerIsStaff ?? false } : null;
};

type Tab = 'for-you' | 'following';

function ForYou({ filters }: { filters: FeedFilters }) {
  const pick = pickFeed('forYouFeed');
  // The first page comes with the page (registry preload), server-rendered.
  const feed = useFeed(FOR_YOU_FEED_QUERY, pick, FEED_PAGE_SIZE, pick(usePageQuery(FOR_YOU_FEED_QUERY, FEED_FIRST_PAGE)), filters);
  return (
    <Feed
      feed={feed}
      label="For you"
      empty={
        <p>
          Nothing here yet. <Link href="/explore-topics">Follow some topics</Link> and <Link href="/me/following/suggestions">writers</Link> to fill your feed.
        </p>
      }
    />
  );
}

function Following({ filters }: { filters: FeedFilters }) {
  // Loaded in the browser when the tab opens: most visits read For you only.
  const feed = useFeed(FOLLOWING_FEED_QUERY, pickFeed('followingFeed'), FEED_PAGE_SIZE, null, filters);
  return (
    <Feed
      feed={feed}
      label="Following"
      empty={
        <>
          <p className={styles.emptyTitle}>Stories from the writers and topics you follow will appear here.</p>
          <p>
            <Link href="/me/following/suggestions">Find writers to follow</Link> or <Link href="/explore-topics">explore topics</Link>.
          </p>
        </>
      }
    />
  );
}

const TABS: { key: Tab; label: string }[] = [
  { key: 'for-you', label: 'For you' },
  { key: 'following', label: 'Following' },
];

/** The logged-in home (page id home, two-column layout): For you and Following, infinite scroll. */
export default function HomePage() {
  useGiftMembershipHash();
  const [tab, setTab] = useState<Tab>('for-you');
  // A tab once opened stays mounted (hidden when not shown), so going back to it finds the
  // stories already loaded, not a new first page.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set<Tab>(['for-you']));
  const open = (next: Tab) => {
    setTab(next);
    setOpened((was) => (was.has(next) ? was : new Set([...was, next])));
  };
  // Shared by both tabs: what the reader hid or muted on one is gone from the other.
  const filters = useFeedFilters();
  return (
    <div className={styles.page}>
      {/* The page's heading for screen readers and outlines; the tabs say the rest. */}
      <h1 className="visually-hidden">Home</h1>
      <div role="tablist" aria-label="Home feeds" className={styles.tabs}>
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`home-tab-${t.key}`}
            aria-selected={tab === t.key}
            // Only a panel that exists: the other tab's is rendered when first opened.
            aria-controls={opened.has(t.key) ? `home-panel-${t.key}` : undefined}
            className={tab === t.key ? styles.tabActive : styles.tab}
            onClick={() => open(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.filter((t) => opened.has(t.key)).map((t) => (
        <div key={t.key} role="tabpanel" id={`home-panel-${t.key}`} aria-labelledby={`home-tab-${t.key}`} hidden={tab !== t.key}>
          {t.key === 'for-you' ? <ForYou filters={filters} /> : <Following filters={filters} />}
        </div>
      ))}
    </div>
  );
}

export function Sidebar() {
  return <HomeSidebar />;
}
