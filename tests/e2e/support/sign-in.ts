import type { Locator, Page } from 'playwright-core';

/** The mailbox entries each address's email has already been read from (one test file, one worker). */
const readBefore = new Map<string, Set<string>>();
const NEW_EMAIL_WAIT_MS = 20_000;

/**
 * Opens the newest email to `to` (whose entry matches `kind`, when given) in the dev
 * mailbox, as a newcomer would, and returns its text part. Mail is delivered by a job after
 * the page has said it was sent, and a second sign-in to the same address would find the
 * first one's (spent) email: this waits, reloading, until the newest is one it has not read.
 */
export async function readNewEmail(page: Page, to: string, kind?: RegExp): Promise<string> {
  const seen = readBefore.get(to) ?? new Set<string>();
  readBefore.set(to, seen);
  const entries = page.locator('li', { hasText: to });
  const newest = (kind ? entries.filter({ hasText: kind }) : entries).first().getByRole('link');
  const deadline = Date.now() + NEW_EMAIL_WAIT_MS;
  for (;;) {
    await page.goto('/_/dev/mailbox');
    const href = (await newest.count()) > 0 ? await newest.getAttribute('href') : null;
    if (href && !seen.has(href)) {
      seen.add(href);
      break;
    }
    if (Date.now() > deadline) throw new Error(`No new email to ${to} within ${NEW_EMAIL_WAIT_MS} ms`);
    await page.waitForTimeout(200);
  }
  await newest.click();
  return (await page.locator('pre').textContent()) ?? '';
}

/** The code and link of the newest sign-in email to `to` (security notices to the same address are skipped). */
export async function readLatestEmail(page: Page, to: string): Promise<{ code: string; link: string }> {
  const text = await readNewEmail(page, to, /Sign in to|Finish creating your/);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  const link = /(https?:\/\/\S+\/m\/callback\/email\?token=\S+)/.exec(text)?.[1];
  if (!code || !link) throw new Error(`No code or link in the email:\n${text}`);
  return { code, link };
}

/**
 * Signs a new reader up on `page` with the emailed magic link, read in a second tab of
 * the same browser, and waits until the site shows them signed in.
 */
export async function signUpByEmail(page: Page, fullName: string, email: string): Promise<void> {
  // skipOnboarding=1 (spec §6): back home rather than to the topics onboarding (topics-onboarding.test.ts walks that).
  await page.goto('/m/signin?operation=register&redirect=%2F%3FskipOnboarding%3D1');
  await clickOnceHydrated(page.getByRole('button', { name: 'Sign up with email' }));
  await page.getByLabel('Your full name').fill(fullName);
  await followEmailLink(page, email);
}

/** Signs an existing reader in on `page` with the emailed magic link. */
export async function signInByEmail(page: Page, email: string): Promise<void> {
  await page.goto('/m/signin?operation=login');
  await clickOnceHydrated(page.getByRole('button', { name: 'Sign in with email' }));
  await followEmailLink(page, email);
}

/**
 * Clicks a button once React has hydrated it: a click on the server-rendered button before
 * its handler is attached does nothing (seen on a busy machine).
 */
export async function clickOnceHydrated(button: Locator): Promise<void> {
  await waitForHydration(button);
  await button.click();
}

/**
 * Waits until React has hydrated the element: typing into a server-rendered field before then
 * is lost to React's state, and the page's client router listens only from then on.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await element.evaluate(
    (el) =>
      new Promise<void>((done) => {
        const check = () => (Object.keys(el).some((k) => k.startsWith('__reactProps')) ? done() : requestAnimationFrame(check));
        check();
      }),
  );
}

/** From the email step: send the email, open its link from a second tab's mailbox, wait until signed in. */
export async function followEmailLink(page: Page, email: string): Promise<void> {
  await page.getByLabel('Your email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your inbox.' }).waitFor();
  const mailbox = await page.context().newPage();
  const { link } = await readLatestEmail(mailbox, email);
  await mailbox.close();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Account menu' }).first().waitFor();
}
