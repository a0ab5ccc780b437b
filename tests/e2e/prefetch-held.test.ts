import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { waitForHydration } from './support/sign-in.js';

const h = useBrowser();

type Op = { operationName?: string };
type Answer = { data?: { postResult?: { content?: Record<string, unknown> } } };

/**
 * A story's data asked for on hover goes out marked as a prefetch (the server then spends no free
 * story of a metered reader, modules/metering); when it comes back held until opened, the click asks
 * again, past the cache. The server's side is tested in tests/integration/metering.test.ts; here the
 * prefetch answer is made a held one, as the server gives a metered reader.
 */
describe.skipIf(h.skipReason !== '')(`story data asked for ahead of a click${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('says it is a prefetch, and a held-back story is asked for again when opened', async () => {
    const { page, errors } = await h.open(1200);
    const asked: (string | null)[] = [];
    await page.route('**/_/graphql', async (route) => {
      const request = route.request();
      const ops = [request.postDataJSON() as Op | Op[]].flat();
      const index = ops.findIndex((o) => o.operationName === 'PostPageQuery');
      if (index < 0) return route.continue();
      const purpose = request.headers()['inkwell-purpose'] ?? null;
      asked.push(purpose);
      const response = await route.fetch();
      const body = (await response.json()) as Answer | Answer[];
      const content = [body].flat()[index]?.data?.postResult?.content;
      if (purpose === 'prefetch' && content) {
        content.metering = { __typename: 'PostMetering', viaFriendLink: false, freeStoriesPerMonth: 3, freeStoriesLeft: null, heldUntilOpened: true };
      }
      await route.fulfill({ response, json: body });
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const cards = page.getByTestId('post-card');
    const link = cards.first().locator('a:has(h2)');
    await waitForHydration(link);
    await link.hover();
    await expect.poll(() => asked).toEqual(['prefetch']);
    await link.click();
    await page.getByTestId('post-title').waitFor();
    expect(asked).toEqual(['prefetch', null]);
    // The page opened from the second answer: no meter notice from the held one.
    await expect(page.getByTestId('meter-notice').count()).resolves.toBe(0);

    // A story whose prefetch is whole is not asked for twice.
    await page.goBack();
    await page.getByTestId('post-card').first().waitFor();
    await page.unroute('**/_/graphql');
    const second = page.getByTestId('post-card').nth(1).locator('a:has(h2)');
    const sent: (string | null)[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/_/graphql') && (r.postData() ?? '').includes('PostPageQuery')) sent.push(r.headers()['inkwell-purpose'] ?? null);
    });
    await waitForHydration(second);
    await second.hover();
    await expect.poll(() => sent).toEqual(['prefetch']);
    await second.click();
    await page.getByTestId('post-title').waitFor();
    expect(sent).toEqual(['prefetch']);
    expect(errors).toEqual([]);
  }, 60_000);
});
