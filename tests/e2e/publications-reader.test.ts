import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { seedPublication } from './support/publication.js';
import { signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/**
 * A signed-out reader goes through a publication's reader pages, following the pages' own
 * links where they have them: home, about, latest, a tag, the archive and a feature page,
 * each showing the publication's real stories.
 */
describe.skipIf(h.skipReason !== '')(`publication reader pages${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now().toString(36);

  for (const width of [500, 1200]) {
    it(`at ${width}px: a signed-out reader reads the homepage, about, latest, a tag, the archive and a feature page`, async () => {
      const owner = await h.open(width);
      await signUpByEmail(owner.page, 'Hana Harbour', `hana.${width}.${stamp}@example.com`);
      const pub = await seedPublication(owner.context, `quay-${width}-${stamp}`, `Quay Notes ${width}`);

      const { page, errors } = await h.open(width);
      const shot = (name: string) => page.screenshot({ path: screenshotPath(`publication-reader-${name}-${width}`), fullPage: true });

      // Homepage: the masthead and the starting 'Latest' section with every story.
      await page.goto(`/${pub.slug}`);
      const masthead = page.getByTestId('publication-masthead');
      await masthead.getByText(pub.name, { exact: true }).first().waitFor();
      for (const title of pub.titles) await page.getByRole('link', { name: title }).first().waitFor();
      await shot('home');

      // About: the name and the description.
      await page.goto(`/${pub.slug}/about`);
      await page.getByRole('heading', { level: 1, name: pub.name, exact: true }).waitFor();
      await page.getByText('Tides, boats and the people of the quay.').first().waitFor();
      await shot('about');

      // Latest, newest first.
      await page.goto(`/${pub.slug}/latest`);
      await page.getByRole('heading', { level: 1, name: 'Latest', exact: true }).waitFor();
      const list = page.getByRole('main');
      await list.getByRole('link', { name: pub.titles[2]! }).first().waitFor();
      const order = await list.getByRole('heading', { level: 2 }).allTextContents();
      expect(order.filter((t) => pub.titles.includes(t))).toEqual([...pub.titles].reverse());
      await shot('latest');

      // A tag: only the stories with it.
      await page.goto(`/${pub.slug}/tagged/harbour`);
      await page.getByRole('heading', { level: 1, name: /^Stories tagged / }).waitFor();
      await list.getByRole('link', { name: 'Nets and knots' }).first().waitFor();
      await list.getByRole('link', { name: 'Morning on the quay' }).first().waitFor();
      await expect(list.getByRole('link', { name: 'The lighthouse keeper' }).count()).resolves.toBe(0);
      await shot('tagged');

      // The archive, reached from the list tabs: this year has the three stories.
      await page.getByRole('navigation', { name: `${pub.name} stories` }).getByRole('link', { name: 'Archive', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/${pub.slug}/archive`);
      await page.getByRole('heading', { level: 1, name: new RegExp(`^Archive of ${pub.name}`) }).waitFor();
      const year = String(new Date().getUTCFullYear());
      await page.getByRole('link', { name: new RegExp(`^${year}`) }).first().waitFor();
      for (const title of pub.titles) await page.getByRole('link', { name: title }).first().waitFor();
      await shot('archive');

      // The feature page: the Lighthouse story only.
      await page.goto(`/${pub.slug}/${pub.featurePageSlug}/home`);
      await page.getByRole('heading', { level: 1, name: 'Lights of the coast', exact: true }).waitFor();
      await page.getByText('Stories of the lighthouses.').waitFor();
      await page.getByRole('link', { name: 'The lighthouse keeper' }).first().waitFor();
      await expect(page.getByRole('link', { name: 'Nets and knots' }).count()).resolves.toBe(0);
      await shot('feature');

      // A story opened from the feature page lives under the publication's address.
      await page.getByRole('link', { name: 'The lighthouse keeper' }).first().click();
      await page.waitForURL((url) => url.pathname.startsWith(`/${pub.slug}/`));
      await page.getByText('She climbs the hundred steps twice a night.').waitFor();

      expect(errors).toEqual([]);
      expect(owner.errors).toEqual([]);
    }, 120_000);
  }
});
