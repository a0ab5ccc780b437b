import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

const sections = (page: Page) => page.getByTestId('design-section');

/**
 * The editor's journey: a posts section by tag and a promotion, a bad colour caught, the
 * promotion moved up from the keyboard, previewed and published; then a signed-out reader
 * sees them. Stories cannot be put into a publication from the browser until submissions
 * land, so the tag section shows its empty state here (its stories are checked by
 * tests/integration/publications-design.test.ts).
 */
describe.skipIf(h.skipReason !== '')(`publication design${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it.each([1200, 500])('an editor designs and publishes the homepage at %i px; a signed-out reader sees it', async (width) => {
    const stamp = `${Date.now()}${width}`;
    const slug = `harbour-${stamp}`;
    const { page, context, errors } = await h.open(width);
    await signUpByEmail(page, 'Pia Publisher', `pia.${stamp}@example.com`);
    const made = await (await context.request.post('/_/graphql', { data: { query: 'mutation($i: CreateCollectionInput!) { createCollection(input: $i) { __typename } }', variables: { i: { name: 'Harbour Weekly', slug, description: 'News from the quay' } } } })).json();
    expect(made.data.createCollection.__typename).toBe('CollectionSuccess');

    await page.goto(`/${slug}/design`);
    await page.getByRole('heading', { level: 1, name: 'Design Harbour Weekly' }).waitFor();
    await waitForHydration(page.getByRole('button', { name: 'Publish', exact: true }));
    await page.getByRole('radio', { name: 'Large' }).check();
    const color = page.getByLabel('Header colour');
    await color.fill('#12zz');
    await page.getByText('Invalid color string').waitFor();
    await color.fill('#1a8917');
    await expect(page.getByText('Invalid color string').count()).resolves.toBe(0);

    // The starting 'Latest' section goes; a tag section and a promotion come.
    await sections(page).first().getByRole('button', { name: 'Delete section 1' }).click();
    await clickOnceHydrated(page.getByRole('button', { name: 'Add posts section', exact: true }));
    const posts = sections(page).last();
    await posts.getByLabel('Section title').fill('Harbour news');
    await posts.getByLabel('Layout').selectOption('LIST');
    await posts.getByLabel('Stories', { exact: true }).selectOption('TAG');
    await posts.getByLabel('Tags (up to 5, comma-separated)').fill('harbour');
    await page.getByRole('button', { name: 'Add promotion section', exact: true }).click();
    const promotion = sections(page).last();
    await promotion.getByLabel('Headline').fill('Walk the quay with us');
    await promotion.getByLabel('Button text').fill('Join a walk');
    await promotion.getByLabel('Button link').fill('https://example.com/walks');
    await promotion.getByLabel('Background colour').fill('#223344');

    // From the keyboard, the promotion moves above the stories.
    await promotion.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(sections(page).first().getByLabel('Headline').inputValue()).resolves.toBe('Walk the quay with us');

    const preview = page.getByTestId('design-preview');
    await preview.getByText('Walk the quay with us').waitFor();
    await preview.getByRole('heading', { name: 'Harbour news' }).waitFor();
    await page.screenshot({ path: screenshotPath(`publication-design-editor-${width}`), fullPage: true });

    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await page.getByText('Draft saved. Readers still see the published homepage.').waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published. Readers now see this homepage.').waitFor();

    const reader = await h.open(width);
    await reader.page.goto(`/${slug}`);
    await reader.page.getByRole('heading', { name: 'Harbour news' }).waitFor();
    const button = reader.page.getByRole('link', { name: 'Join a walk', exact: true });
    await expect(button.getAttribute('rel')).resolves.toBe('ugc nofollow');
    await expect(button.getAttribute('href')).resolves.toBe('https://example.com/walks');
    // The About sidebar is the two-column layout's right column: beside the sections on wide screens only.
    if (width >= 1200) await reader.page.getByRole('complementary', { name: 'About Harbour Weekly' }).getByText('News from the quay').waitFor();
    // The promotion comes first, as ordered.
    const order = await reader.page.locator('[data-testid="promotion-section"], [data-testid="posts-section"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(order).toEqual(['promotion-section', 'posts-section']);
    // Nothing is wider than the window.
    expect(await reader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await reader.page.screenshot({ path: screenshotPath(`publication-homepage-${width}`), fullPage: true });
    expect([...errors, ...reader.errors]).toEqual([]);
  });
});
