#!/usr/bin/env node
/**
 * Lighthouse (mobile preset: Moto G class device, slow 4G, 4x CPU slowdown) on a story page of
 * a running built app. Prints the four category scores and every audit that does not pass.
 *
 *   node bench/lighthouse.mjs [app origin or page URL]     (default http://localhost:3000)
 *
 * Given an origin, it reads the first staff pick's URL from the app's GraphQL endpoint, as
 * the landing page links it. `--json FILE` also writes the whole Lighthouse report there.
 * Chromium: CHROMIUM_PATH or /usr/bin/chromium, started the way this project's browser tests
 * start it.
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS as CHROME_FLAGS } from './lib/browser.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const target = new URL(args[0] ?? 'http://localhost:3000');

/** The first staff pick's story URL, or the URL given when it already names a page. */
async function storyUrl(url) {
  if (url.pathname !== '/') return url.href;
  const res = await fetch(new URL('/_/graphql', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ staffPicksFeed(paging: { limit: 1 }) { items { uniqueSlug creator { username } } } }' }),
  });
  const item = (await res.json()).data?.staffPicksFeed?.items?.[0];
  if (!item) throw new Error(`No story found at ${url.origin}: start the app with its demo content (SEED_DEMO=1) or pass a story URL.`);
  return new URL(`/@${item.creator.username}/${item.uniqueSlug}`, url).href;
}

/** An audit's line: what failed and, for lists, the first few offenders. */
function describe(audit) {
  const score = audit.score === null ? '  -' : String(Math.round(audit.score * 100)).padStart(3);
  const value = audit.displayValue ? ` (${audit.displayValue})` : '';
  const list = audit.details?.items;
  const items = (Array.isArray(list) ? list : [])
    .slice(0, 3)
    .map((i) => i.node?.snippet ?? i.url ?? i.source?.url ?? i.description ?? '')
    .filter(Boolean)
    .map((s) => `\n        ${String(s).slice(0, 140)}`)
    .join('');
  return `  ${score}  ${audit.id}: ${audit.title}${value}${items}`;
}

const url = await storyUrl(target);
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
try {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  if (!result) throw new Error('Lighthouse returned no result.');
  const { lhr } = result;
  if (jsonFile) fs.writeFileSync(jsonFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  console.log(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}: ${url}\n`);
  for (const id of CATEGORIES) console.log(`  ${lhr.categories[id].title.padEnd(16)} ${Math.round(lhr.categories[id].score * 100)}`);
  for (const id of CATEGORIES) {
    const failing = lhr.categories[id].auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual');
    if (failing.length === 0) continue;
    console.log(`\n${lhr.categories[id].title}: not passing`);
    for (const a of failing) console.log(describe(a));
  }
  if (lhr.runtimeError) console.log(`\nRuntime error: ${lhr.runtimeError.message}`);
} finally {
  await chrome.kill();
}
