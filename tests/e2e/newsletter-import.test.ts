import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextGql } from './support/graphql.js';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, readNewEmail, signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/** A published story makes the new account eligible to import (newsletters/import-eligibility.ts). */
async function publishStory(context: BrowserContext, title: string): Promise<void> {
  const made = await contextGql<{ createDraft: { postId: string } }>(
    context,
    `mutation($title: String!, $paragraphs: [ParagraphInput!]!) { createDraft(title: $title, subtitle: "", paragraphs: $paragraphs) { ... on SavedDraft { postId } } }`,
    { title, paragraphs: [{ name: 'a1b2', type: 'P', text: `${title} starts here.` }] },
  );
  const input = { tags: [], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
  await contextGql(context, 'mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename } }', { postId: made.createDraft.postId, input });
}

describe.skipIf(h.skipReason !== '')(`newsletter import${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  for (const width of [500, 1200]) {
    it(`a writer uploads a CSV, reads the report, attests, imports and sees it done (${width}px)`, async () => {
      const stamp = `${Date.now()}${width}`;
      const { page, context, errors } = await h.open(width);
      await signUpByEmail(page, `Ivy Import ${width}`, `ivy.import.${stamp}@example.com`);

      // Not eligible before publishing a story.
      await page.goto('/me/subscribers/import', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Not available yet' }).waitFor();
      await page.screenshot({ path: screenshotPath(`import-mailing-list-not-eligible-${width}`), fullPage: true });

      await publishStory(context, `Import journey ${stamp}`);
      await page.goto('/me/subscribers/import', { waitUntil: 'networkidle' });
      const csv = ['Name,Email', `Ann,ann.${stamp}@example.org`, `Bo,bo.${stamp}@example.org`, `Ann again,ANN.${stamp}@example.org`, 'Nobody,not-an-address', `Cy,"cy.${stamp}@example.org"`].join('\n');
      await page.getByLabel('CSV file').setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.screenshot({ path: screenshotPath(`import-mailing-list-upload-${width}`), fullPage: true });
      await clickOnceHydrated(page.getByRole('button', { name: 'Check the file' }));

      await page.getByRole('heading', { name: '2. Check the report' }).waitFor();
      await expect(page.getByTestId('import-will-import').textContent()).resolves.toBe('3');
      await page.getByText('not-an-address').waitFor();
      await page.getByText(`ANN.${stamp}@example.org`).waitFor();
      await page.screenshot({ path: screenshotPath(`import-mailing-list-report-${width}`), fullPage: true });

      // Import without ticking the attestation: refused on the page.
      await page.getByRole('button', { name: 'Import 3 subscribers' }).click();
      await page.getByRole('alert').getByText('agreed to receive your emails').waitFor();
      await page.getByLabel(/agreed to receive email from Ivy Import/).check();
      await page.getByRole('button', { name: 'Import 3 subscribers' }).click();

      await page.getByRole('heading', { name: 'Import complete' }).waitFor({ timeout: 30_000 });
      await page.getByText('3 subscribers were added to your newsletter.').waitFor();
      await page.screenshot({ path: screenshotPath(`import-mailing-list-done-${width}`), fullPage: true });

      // The result stays after a reload, and the welcome emails are in the dev mailbox.
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Import complete' }).waitFor();
      const welcome = await readNewEmail(await context.newPage(), `bo.${stamp}@example.org`, /Welcome to/);
      expect(welcome).toContain('added you to');
      expect(welcome).toMatch(/\/_\/newsletters\/unsubscribe\/[0-9a-f]{12}\.0\./);
      expect(errors).toEqual([]);
    });
  }
});
