import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_USER_AGENT, screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

const DAY = 24 * 60 * 60 * 1000;

/** The analytics events the page sent (spec §7 events: one JSON array per POST to /_/batch). */
function collectEvents(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (req: Request) => {
    if (!req.url().endsWith('/_/batch') || req.method() !== 'POST') return;
    for (const e of (req.postDataJSON() as { key: string }[]) ?? []) keys.push(e.key);
  });
  return keys;
}

async function openHome(page: Page) {
  await page.goto('/', { waitUntil: 'networkidle' });
  await waitForHydration(page.locator('[data-avatar-button]'));
}

type Status = Record<string, unknown>;
/**
 * For the screenshots of the member banners only: the membership facts the banner reads are
 * answered as a member in each state would have them (the real answers otherwise). What each
 * state shows is decided and tested in src/shared/upsell-banner.test.ts.
 */
async function answerAsMember(page: Page, status: Status | null, opts: { tier?: string; giftBanner?: boolean } = {}) {
  await page.unroute('**/_/graphql');
  await page.route('**/_/graphql', async (route) => {
    const response = await route.fetch();
    const sent = route.request().postDataJSON() as { operationName?: string } | { operationName?: string }[];
    const ops = Array.isArray(sent) ? sent : [sent];
    const body = (await response.json()) as { data?: Record<string, any> } | { data?: Record<string, any> }[];
    const answers = Array.isArray(body) ? body : [body];
    ops.forEach((op, i) => {
      const data = answers[i]?.data;
      if (!data?.viewer) return;
      if (op.operationName === 'UseReactivateMembershipUpsellQuery') {
        data.viewer.membershipStatus = status;
        data.viewer.membership = { __typename: 'Membership', id: data.viewer.id, tier: opts.tier ?? 'MEMBER' };
        for (const f of data.variantFlags ?? []) if (f.name === 'enable_gift_banner') f.valueType = { __typename: 'VariantFlagBoolean', value: opts.giftBanner ?? false };
      }
    });
    await route.fulfill({ response, json: body });
  });
}

const memberStatus = (over: Status): Status => ({
  __typename: 'MembershipStatus',
  membershipId: 'e2e000000001',
  canReactivate: false,
  canSwitchPlan: false,
  hasCreditCardExpired: false,
  hasRecurringPaymentFailedMoreThanOnce: false,
  paymentFailedAt: null,
  currentPeriodEndsAt: Date.now() + 20 * DAY,
  isCancelled: false,
  paymentProvider: 'TEST',
  paymentMethod: { __typename: 'CreditCard', cardType: 'visa', lastFour: '4242', expirationMonth: 8, expirationYear: 2031 },
  ...over,
});

/** A card whose last good month ends before `at`. */
function cardExpiringBefore(at: number) {
  const d = new Date(at);
  const month = d.getUTCMonth() === 0 ? 12 : d.getUTCMonth();
  const year = d.getUTCMonth() === 0 ? d.getUTCFullYear() - 1 : d.getUTCFullYear();
  return { __typename: 'CreditCard', cardType: 'mastercard', lastFour: '4444', expirationMonth: month, expirationYear: year };
}

describe.skipIf(h.skipReason !== '')(`upsell banners${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();

  it.each([500, 1200])('a signed-in reader without a membership is asked to join, dismisses it, and it stays gone (%i px)', async (width) => {
    // A desktop browser's user agent: headless Chromium's own counts as a bot, which gets no analytics.
    const { page, errors } = await h.open(width, { userAgent: DESKTOP_USER_AGENT });
    const events = collectEvents(page);
    await signUpByEmail(page, 'Jo Join', `join.${width}.${stamp}@example.com`);
    await openHome(page);

    const banner = page.locator('[data-upsell-banner="joinMembership"]');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain('for just $0.96/week.');
    await expect(banner.getByRole('link', { name: 'Become a member' }).getAttribute('href')).resolves.toBe('/plans');
    // Above the header, full width.
    const [box, header] = await Promise.all([banner.boundingBox(), page.locator('[data-header]').boundingBox()]);
    expect(box!.y + box!.height).toBeLessThanOrEqual(header!.y + 1);
    expect(box!.width).toBe(width);
    await page.screenshot({ path: screenshotPath(`upsell-join-${width}`) });

    // The avatar menu's extras for a reader: Become a member and Gift a membership, no badge.
    await clickOnceHydrated(page.locator('[data-avatar-button]'));
    const menu = page.locator('[data-avatar-menu]');
    await menu.locator('[data-menu-item="gift-membership"]').waitFor();
    await expect(menu.locator('[data-menu-item="become-member"] a').getAttribute('href')).resolves.toBe('/plans');
    await expect(menu.locator('[data-menu-item="gift-membership"] a').getAttribute('href')).resolves.toBe('/gift-plans');
    await expect(menu.locator('[data-menu-item="reactivate-membership"]').count()).resolves.toBe(0);
    await expect(menu.locator('[data-menu-item="become-friend"]').count()).resolves.toBe(0);
    await expect(menu.locator('[data-member-since]').count()).resolves.toBe(0);
    await page.screenshot({ path: screenshotPath(`upsell-avatar-menu-reader-${width}`) });
    await page.keyboard.press('Escape');

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('upsellBannerDismissals') ?? '{}') as Record<string, number>);
    expect(Math.abs(Date.now() - stored.joinMembership!)).toBeLessThan(60_000);
    // The events go out in a batch 5 s after the first (spec §9).
    await expect.poll(() => events, { timeout: 15_000 }).toEqual(expect.arrayContaining(['upsell.viewed', 'upsell.dismissed']));

    // After a reload (which also sends the queued events), still gone.
    await page.reload({ waitUntil: 'networkidle' });
    await waitForHydration(page.locator('[data-avatar-button]'));
    await page.waitForTimeout(500);
    await expect(page.locator('[data-upsell-banner]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('a signed-in page reads the banner’s facts in one operation, and the avatar menu reads them again from the cache', async () => {
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Ona Once', `once.${stamp}@example.com`);
    // The page sign-up lands on makes its own reads; count only those of the page opened below.
    await page.waitForLoadState('networkidle');
    const operations: string[] = [];
    page.on('request', (req: Request) => {
      if (!req.url().endsWith('/_/graphql') || req.method() !== 'POST') return;
      for (const op of [req.postDataJSON() as { operationName?: string } | { operationName?: string }[]].flat()) operations.push(op.operationName ?? '');
    });
    await openHome(page);
    await page.locator('[data-upsell-banner]').waitFor();
    await clickOnceHydrated(page.locator('[data-avatar-button]'));
    await page.locator('[data-avatar-menu] [data-menu-item="gift-membership"]').waitFor();
    await page.waitForLoadState('networkidle'); // the menu's own reads are done
    expect(operations.filter((name) => /Upsell|Membership/.test(name))).toEqual(['UseReactivateMembershipUpsellQuery']);
    expect(errors).toEqual([]);
  });

  it('signed out, no banner', async () => {
    const { page } = await h.open(1200);
    await page.goto('/explore-topics', { waitUntil: 'networkidle' });
    await waitForHydration(page.locator('[data-avatar-button]'));
    await page.waitForTimeout(500);
    await expect(page.locator('[data-upsell-banner]').count()).resolves.toBe(0);
  });

  it('shows each member banner (screenshots at 500 and 1200) and dismisses the payment one with the server flag', async () => {
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Mo Member', `member.${stamp}@example.com`);
    const expired = { __typename: 'CreditCard', cardType: 'visa', lastFour: '4242', expirationMonth: 1, expirationYear: 2020 };
    const variants: [string, Status | null, { tier?: string; giftBanner?: boolean }][] = [
      ['reactivate', memberStatus({ canReactivate: true, isCancelled: true, currentPeriodEndsAt: Date.now() + 60 * DAY }), {}],
      ['paymentMethodExpired', memberStatus({ hasCreditCardExpired: true, paymentMethod: expired }), {}],
      ['paymentMethodExpired-red', memberStatus({ hasCreditCardExpired: true, paymentFailedAt: Date.now() - DAY, paymentMethod: expired }), {}],
      ['paymentFailed', memberStatus({ hasRecurringPaymentFailedMoreThanOnce: true, paymentFailedAt: Date.now() - DAY }), {}],
      // A card good through this month, the period ending in 6 days: in the next month when today is past the 24th.
      ['paymentMethodExpiring', memberStatus({ currentPeriodEndsAt: Date.now() + 6 * DAY, paymentMethod: cardExpiringBefore(Date.now() + 6 * DAY) }), {}],
      ['gift', memberStatus({}), { giftBanner: true }],
      ['friendUpsell', memberStatus({ canSwitchPlan: true }), {}],
    ];
    for (const [name, status, opts] of variants) {
      await answerAsMember(page, status, opts);
      for (const width of [500, 1200]) {
        await page.setViewportSize({ width, height: 900 });
        await openHome(page);
        const kind = name.replace(/-red$/, '');
        await page.locator(`[data-upsell-banner="${kind}"]`).waitFor();
        await page.screenshot({ path: screenshotPath(`upsell-${name}-${width}`) });
      }
    }

    // The failed-payment banner cannot be dismissed; the expired-card one sets the server flag.
    await answerAsMember(page, memberStatus({ hasRecurringPaymentFailedMoreThanOnce: true }));
    await openHome(page);
    await page.locator('[data-upsell-banner="paymentFailed"]').waitFor();
    await expect(page.locator('[data-upsell-dismiss]').count()).resolves.toBe(0);

    await answerAsMember(page, memberStatus({ hasCreditCardExpired: true, paymentMethod: expired }));
    await openHome(page);
    const banner = page.locator('[data-upsell-banner="paymentMethodExpired"]');
    await banner.waitFor();
    const dismissed = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('DismissFlag'));
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await dismissed;
    await openHome(page);
    await page.waitForTimeout(500);
    await expect(page.locator('[data-upsell-banner]').count()).resolves.toBe(0);
    // Not on a page the payment banner does not belong to: a topic page shows none for the failed payment.
    await answerAsMember(page, memberStatus({ hasRecurringPaymentFailedMoreThanOnce: true }));
    await page.goto('/explore-topics', { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await expect(page.locator('[data-upsell-banner]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);
});
