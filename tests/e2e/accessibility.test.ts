import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';
import { firstStoryPath } from './support/stories.js';

/**
 * Every page kind, signed out and signed in, at a small-screen and a desktop width (the
 * layouts differ below spec §9's medium breakpoint: the Open in app bar, no sidebar): axe
 * finds no serious or critical violation, and the Nu HTML checker no error in the
 * server-rendered HTML.
 */
const h = useBrowser();
const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const VNU_JAR = path.join(path.dirname(require.resolve('vnu-jar/package.json')), 'build', 'dist', 'vnu.jar');
const WIDTHS = [500, 1200] as const;
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/**
 * Moderate by axe's scale, but each one hides a page's structure from a screen reader: content
 * outside every landmark, no <h1>, a footer inside a footer, a control whose name does not say
 * what it shows (label-content-name-mismatch is experimental in axe, so it is turned on).
 */
const ALSO_BLOCKING = new Set([
  'region',
  'page-has-heading-one',
  'label-content-name-mismatch',
  'landmark-contentinfo-is-top-level',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-main',
  'landmark-one-main',
]);

interface PageKind {
  name: string;
  path: (story: string) => string;
}

const postId = (story: string) => story.slice(-12);

/** A public list the signed-in reader makes before the pages are opened: the list pages need one. */
const list = { own: '', public: '', embed: '' };
/** A publication the signed-in reader owns: its homepage (signed out) and its settings (as the owner). */
const publication = { slug: `access-${Date.now().toString(36)}` };

const SIGNED_OUT: PageKind[] = [
  { name: 'landing', path: () => '/' },
  { name: 'story', path: (s) => s },
  { name: 'response page', path: (s) => `/p/${postId(s)}/responses` },
  { name: 'profile', path: () => '/@mayaokafor' },
  { name: 'profile about', path: () => '/@mayaokafor/about' },
  { name: 'profile followers', path: () => '/@mayaokafor/followers' },
  { name: 'profile lists', path: () => '/@mayaokafor/lists' },
  { name: 'collections', path: () => '/collections' },
  { name: 'tag', path: () => '/tag/programming' },
  { name: 'tag recommended', path: () => '/tag/programming/recommended' },
  { name: 'tag who to follow', path: () => '/tag/programming/who-to-follow' },
  { name: 'tag archive', path: () => '/tag/programming/archive' },
  { name: 'top stories', path: () => '/top-stories' },
  { name: 'explore topics', path: () => '/explore-topics' },
  { name: 'search', path: () => '/search?q=types' },
  { name: 'search people', path: () => '/search/people?q=maya' },
  { name: 'coming soon (wordmark layout)', path: () => '/download-app' },
  { name: 'membership landing', path: () => '/membership' },
  { name: 'sign-in', path: () => '/m/signin' },
  { name: 'sign-up', path: () => '/m/signin?operation=register' },
  { name: 'public list', path: () => list.public },
  { name: 'list embed', path: () => list.embed },
  { name: 'publication homepage', path: () => `/${publication.slug}` },
  { name: 'not found', path: () => '/no/such/page/here' },
];

const SIGNED_IN: PageKind[] = [
  { name: 'home', path: () => '/' },
  { name: 'story', path: (s) => s },
  { name: 'response page', path: (s) => `/p/${postId(s)}/responses` },
  { name: 'profile', path: () => '/@mayaokafor' },
  { name: 'tag', path: () => '/tag/programming' },
  { name: 'explore topics', path: () => '/explore-topics' },
  { name: 'search', path: () => '/search?q=types' },
  { name: 'notifications', path: () => '/me/notifications' },
  { name: 'settings', path: () => '/me/settings' },
  { name: 'settings security', path: () => '/me/settings/security' },
  { name: 'following', path: () => '/me/following' },
  { name: 'suggestions', path: () => '/me/following/suggestions' },
  { name: 'reading history', path: () => '/me/lists/reading-history' },
  { name: 'reading history settings', path: () => '/me/readinghistory' },
  { name: 'story import', path: () => '/p/import' },
  { name: 'your stories', path: () => '/me/stories/drafts' },
  { name: 'your lists', path: () => '/me/lists' },
  { name: 'saved lists', path: () => '/me/lists/saved' },
  { name: 'your list', path: () => list.own },
  { name: 'public list', path: () => list.public },
  { name: 'series editor', path: () => '/s/new' },
  { name: 'your series', path: () => '/me/series' },
  { name: 'editor', path: () => '/new-story' },
  { name: 'topics onboarding', path: () => '/get-started/topics' },
  { name: 'plans', path: () => '/plans' },
  { name: 'plans checkout', path: () => '/plans?plan=yearly' },
  { name: 'publication settings', path: () => `/${publication.slug}/settings` },
  { name: 'not found', path: () => '/no/such/page/here' },
];

interface AxeNode {
  target: string[];
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

async function blockingViolations(page: Page): Promise<string[]> {
  // Evaluated by the browser's debugging protocol, which the page's Content-Security-Policy does not
  // govern (an injected <script> would be refused: the policy admits only scripts with its nonce).
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })).violations;
  });
  return violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? '') || ALSO_BLOCKING.has(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.html.slice(0, 160)}`).join('\n')}`);
}

/** The page loaded, hydrated and settled: axe reads what a reader meets, client renders included. */
async function openSettled(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.readyState === 'complete');
}

describe.skipIf(h.skipReason !== '')(`accessibility${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  let story = '';
  let signedIn: BrowserContext;
  const htmlDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-vnu-'));
  const htmlFiles = new Map<string, string>();

  beforeAll(async () => {
    story = await firstStoryPath(h.baseUrl);
    const { page, context } = await h.open(1200);
    await signUpByEmail(page, 'Ada Access', `ada.access.${Date.now()}@example.com`);
    signedIn = context;
    const made = await context.request.post('/_/graphql', {
      data: {
        query: 'mutation($postId: ID) { createCatalog(name: "Access reading", description: "Stories to check", visibility: PUBLIC, postId: $postId) { ... on CatalogEditSuccess { catalog { slugId creator { username } } } } }',
        variables: { postId: postId(story) },
      },
    });
    const catalog = ((await made.json()) as { data: { createCatalog: { catalog: { slugId: string; creator: { username: string } } } } }).data.createCatalog.catalog;
    list.own = `/me/list/${catalog.slugId}`;
    list.public = `/@${catalog.creator.username}/list/${catalog.slugId}`;
    list.embed = `/embed/list/${catalog.slugId}`;
    const pub = await context.request.post('/_/graphql', {
      data: { query: 'mutation($i: CreateCollectionInput!) { createCollection(input: $i) { __typename } }', variables: { i: { name: 'Access Quarterly', slug: publication.slug, description: 'Stories to check' } } },
    });
    expect(((await pub.json()) as { data: { createCollection: { __typename: string } } }).data.createCollection.__typename).toBe('CollectionSuccess');
  });
  afterAll(() => fs.rmSync(htmlDir, { recursive: true, force: true }));

  for (const [who, kinds] of [
    ['signed out', SIGNED_OUT],
    ['signed in', SIGNED_IN],
  ] as const) {
    for (const kind of kinds) {
      it(`${who}: the ${kind.name} page passes axe at ${WIDTHS.join(' and ')}px, and logs no error`, async () => {
        const page = who === 'signed in' ? await signedIn.newPage() : (await h.open(WIDTHS[0])).page;
        const url = kind.path(story);
        const found: string[] = [];
        // A hydration mismatch or a failed script shows here; the 404 page's own status does not count.
        page.on('console', (m) => m.type() === 'error' && !/status of 404/.test(m.text()) && found.push(`console: ${m.text()}`));
        page.on('pageerror', (e) => found.push(`page error: ${e.message}`));
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await openSettled(page, url);
          for (const v of await blockingViolations(page)) found.push(`at ${width}px: ${v}`);
        }
        // The server's HTML, as the Nu checker reads it below (one JVM for every page).
        const res = await page.request.get(url);
        const file = path.join(htmlDir, `${who}-${kind.name}.html`.replace(/[^a-z0-9.]+/gi, '-'));
        fs.writeFileSync(file, await res.text());
        htmlFiles.set(file, `${who} ${kind.name} (${url})`);
        await page.close();
        expect(found, `${url}\n${found.join('\n')}`).toEqual([]);
      });
    }
  }

  it('the Nu HTML checker finds no error in any page kind', async () => {
    expect(htmlFiles.size).toBe(SIGNED_OUT.length + SIGNED_IN.length);
    const run = await promisify(execFile)('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...htmlFiles.keys()], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    // vnu writes its JSON report to stderr and exits 1 when it finds errors.
    const report = JSON.parse(run.stderr || run.stdout || '{"messages":[]}') as {
      messages: { type: string; url?: string; message: string; extract?: string; lastLine?: number }[];
    };
    const errors = report.messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => `${htmlFiles.get(decodeURIComponent(new URL(m.url ?? 'file:///').pathname)) ?? m.url}: line ${m.lastLine}: ${m.message}  ${m.extract ?? ''}`);
    expect(errors, errors.join('\n')).toEqual([]);
  }, 120_000);
});
