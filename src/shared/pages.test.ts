import { describe, expect, it } from 'vitest';
import {
  ADDED_PAGE_IDS,
  LITE_PUBLICATION_VARIANTS,
  PAGE_LAYOUTS,
  WORDMARK_NO_BOTTOM_MARGIN,
  isPageId,
  layoutForPage,
  type LayoutKind,
} from './pages.js';

/** Spec §2.1, copied list by list; the oracle for pages.ts. */
const SPEC_LISTS: Record<Exclude<LayoutKind, 'not-found'>, string> = {
  'two-column':
    'home, notifications, user-profile, user-about, user-books, user-catalogs, user-catalog, user-followers, user-following, publication-profile, publication-about, publication-followers, publication-tagged, search, your-stories, your-catalogs, your-catalog, your-followed-catalogs, your-reading-history, customize-following, customize-muted, customize-reading-history, customize-suggestions, settings, global-unsubscribe-newsletters',
  'top-nav':
    'post, cancel-membership, collections-library, explore-topics, import-mailing-list, mobile-verification, partner-program-dashboard, post-settings, publication-custom-domain-settings, publication-digest-stats, publication-newsletter-settings, publication-newsletter-landing, publication-newsletter-promotion, series, settings-custom-domain, stats-homepage, stats-post, subscription-stats, tag-archive, ticks, the-trump-45, topic, topic-recommended, topic-who-to-follow, tribute, update-payment, writer-subscription-promotion, two-factor-auth',
  basic:
    'billing-receipt, embed-catalog, home-lo, internal-status, landing-about, landing-b2b, landing-gift, landing-membership, landing-partner-program, landing-verified-authors, legacy-topic-redirect, mastodon-callback, mastodon-for-members, mobile-web-editor-redirect, partner-program-application, partner-program-payout-settings, partner-program-stripe-finish, partner-program-stripe-reconnect, partner-program-stripe-reconnect-success, partner-program-unenroll, publication-design-editor, redeem-gift-membership, sign-in, user-design-editor',
  wordmark:
    'crupdate-password, discount-plans, download-app, gift-membership, group-gift-membership, manage-membership, manage-membership-confirmation, not-available, onboarding-plans, plans, plans-confirmation, share-success, topics-onboarding, unrecognized-account, welcome-member',
  publication: [
    'about', 'archive', 'feature', 'feature-section', 'latest', 'manage-featured-stories', 'newsletter-promotion',
    'profile', 'stats', 'tagged', 'trending',
  ]
    .map((s) => `community-publication-${s}`)
    .join(', '),
};

const specRows = Object.entries(SPEC_LISTS).flatMap(([layout, list]) =>
  list.split(', ').map((id) => [id, layout] as [string, LayoutKind]),
);

describe('page layouts', () => {
  it.each(specRows)('%s uses the %s layout', (id, layout) => {
    expect(layoutForPage(id)).toBe(layout);
  });

  it('lists every page id exactly once: the spec ids plus the added block', () => {
    const specIds = specRows.map(([id]) => id);
    expect(new Set(specIds).size).toBe(specIds.length);
    expect(specIds.filter((id) => ADDED_PAGE_IDS.includes(id as never))).toEqual([]);
    expect(Object.keys(PAGE_LAYOUTS).sort()).toEqual([...specIds, ...ADDED_PAGE_IDS].sort());
  });

  it('has the not-found page on its own layout, home two-column and the logged-out home basic', () => {
    expect(layoutForPage('not-found')).toBe('not-found');
    expect(layoutForPage('home')).toBe('two-column');
    expect(layoutForPage('home-lo')).toBe('basic');
  });

  it('reports an unknown page id with the spec text', () => {
    expect(() => layoutForPage('nope')).toThrow('Expected nope page to exist.');
    expect(() => layoutForPage('toString')).toThrow('Expected toString page to exist.');
    expect(isPageId('post')).toBe(true);
    expect(isPageId('constructor')).toBe(false);
  });

  it('drops the wordmark bottom margin only for download-app', () => {
    expect([...WORDMARK_NO_BOTTOM_MARGIN]).toEqual(['download-app']);
  });

  it('swaps lite publication pages for community variants on the publication layout', () => {
    for (const [classic, lite] of Object.entries(LITE_PUBLICATION_VARIANTS)) {
      expect(layoutForPage(classic)).not.toBe('publication');
      expect(layoutForPage(lite!)).toBe('publication');
    }
  });
});
