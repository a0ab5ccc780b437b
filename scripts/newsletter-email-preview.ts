/**
 * Renders the newsletter emails from the demo stories and screenshots them in Chromium at
 * phone and desktop widths, light and dark, to look at what subscribers get:
 *
 *   npx tsx scripts/newsletter-email-preview.ts [OUT_DIR=/tmp/shots/email]
 *
 * Writes <name>.html and <name>-<width>-<scheme>.png. Images are served from public/ (the demo
 * illustrations), so no server needs to run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { renderConfirmationEmail, renderStoryEmail, renderWelcomeEmail, type StoryEmailInput } from '../src/modules/newsletters/email-render.js';
import { imageUrl } from '../src/shared/images.js';
import { DEMO_STORIES, DEMO_WRITERS, type DemoStory } from '../src/server/seed/demo-content.js';

const outDir = process.argv[2] ?? '/tmp/shots/email';
const origin = 'https://inkwell.example';
const links = { unsubscribeUrl: `${origin}/_/newsletters/unsubscribe/token`, emailSettingsUrl: `${origin}/me/email-settings/u1/hash` };

function input(story: DemoStory, previewOnly: boolean): StoryEmailInput {
  const writer = DEMO_WRITERS.find((w) => w.username === story.author)!;
  return {
    siteName: 'Inkwell',
    siteOrigin: origin,
    newsletter: { name: writer.name, type: 'USER' },
    post: { id: '0123456789ab', title: story.title, subtitle: story.subtitle, url: `${origin}/@${writer.username}/story-0123456789ab`, isLocked: story.isLocked ?? false, readingTimeMinutes: 6, paragraphs: story.paragraphs },
    author: { name: writer.name, username: writer.username ?? null, imageUrl: writer.imageId ? imageUrl(writer.imageId, 80) : null },
    previewOnly,
  };
}

const withImage = DEMO_STORIES.find((s) => !s.isLocked && s.paragraphs.some((p) => p.type === 'IMG') && s.paragraphs.some((p) => p.type === 'PRE'))
  ?? DEMO_STORIES.find((s) => s.paragraphs.some((p) => p.type === 'IMG'))!;
const locked = DEMO_STORIES.find((s) => s.isLocked)!;
const emails: Record<string, string> = {
  story: renderStoryEmail(input(withImage, false)).forRecipient(links).html,
  'member-preview': renderStoryEmail(input(locked, true)).forRecipient(links).html,
  confirmation: renderConfirmationEmail({ newsletterName: 'Maya Chen', ownerName: 'Maya Chen', confirmUrl: `${origin}/_/newsletters/confirm/token`, siteName: 'Inkwell' }).html,
  welcome: renderWelcomeEmail({ newsletterName: 'Maya Chen', ownerName: 'Maya Chen', unsubscribeUrl: links.unsubscribeUrl, siteName: 'Inkwell' }).html,
};

fs.mkdirSync(outDir, { recursive: true });
const exe = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
const browser = await chromium.launch({ executablePath: exe, args: ['--no-sandbox', '--disable-gpu'] });
for (const [name, html] of Object.entries(emails)) {
  fs.writeFileSync(path.join(outDir, `${name}.html`), html);
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [375, 600]) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
      // The demo illustrations from public/, as the site serves them.
      await page.route(`${origin}/**`, (route) => {
        const file = path.join('public', new URL(route.request().url()).pathname.replace(/^\/static\//, ''));
        return fs.existsSync(file) ? route.fulfill({ path: file }) : route.fulfill({ status: 404, body: '' });
      });
      await page.setContent(html, { waitUntil: 'load' });
      await page.screenshot({ path: path.join(outDir, `${name}-${width}-${colorScheme}.png`), fullPage: true });
      await page.close();
    }
  }
}
await browser.close();
console.log(`Wrote ${Object.keys(emails).length} emails and their screenshots to ${outDir}`);
