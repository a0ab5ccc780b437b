import { describe, expect, it } from 'vitest';
import { chooseUpsellBanner, type UpsellBanner } from '../../../shared/upsell-banner';
import { createJsonStore } from '../../lib/local-storage';
import { renderWithSite, testViewer } from '../../lib/test-render';
import { fakeStorage } from '../../lib/test-storage';
import { BANNER_DISMISSALS_KEY, readDismissals, recordDismissal } from './dismissals';
import { UpsellBannerView } from './UpsellBanner';

const view = (banner: UpsellBanner) => renderWithSite(<UpsellBannerView banner={banner} userId={testViewer.id} onDismissed={() => {}} />, { viewer: testViewer });

describe('UpsellBannerView', () => {
  const join = chooseUpsellBanner({
    now: Date.UTC(2026, 0, 1),
    siteName: 'Inkwell',
    routeName: 'ShowHome',
    signedIn: true,
    hydrated: true,
    nativeApp: false,
    lockedPost: false,
    tier: 'FREE',
    membershipStatus: null,
    dismissedAt: {},
    dismissedFlags: [],
    giftBannerEnabled: false,
    storiesThisMonth: 4,
  })!;

  it('shows the words, the link and a dismiss button when it may be dismissed', () => {
    const html = view(join);
    expect(html).toContain('data-upsell-banner="joinMembership"');
    expect(html).toContain('You&#x27;ve read 4 stories this month.');
    expect(html).toMatch(/href="\/plans"[^>]*>Become a member</);
    expect(html).toContain('aria-label="Dismiss"');
  });

  it('has no dismiss button when it cannot be dismissed, and carries its tone', () => {
    const failed: UpsellBanner = { ...join, kind: 'paymentFailed', tone: 'red', dismissal: null, text: 'Your subscription payment failed', linkText: 'Update payment method', href: '/me/settings/payment/update' };
    const html = view(failed);
    expect(html).not.toContain('Dismiss');
    expect(html).toContain('data-tone="red"');
    expect(html).toMatch(/href="\/me\/settings\/payment\/update"[^>]*>Update payment method</);
  });
});

/** Spec §9 stored banner dismissal times. */
describe('banner dismissals', () => {
  it('keeps each banner’s time and ignores anything malformed', () => {
    const storage = fakeStorage();
    const store = createJsonStore(() => storage);
    expect(readDismissals(store)).toEqual({});
    recordDismissal('joinMembership', 1000, store);
    recordDismissal('gift', 2000, store);
    expect(readDismissals(store)).toEqual({ joinMembership: 1000, gift: 2000 });
    storage.setItem(BANNER_DISMISSALS_KEY, JSON.stringify({ joinMembership: 'soon', reactivate: 5, other: 1 }));
    expect(readDismissals(store)).toEqual({ reactivate: 5 });
    storage.setItem(BANNER_DISMISSALS_KEY, '{not json');
    expect(readDismissals(store)).toEqual({});
  });
});
