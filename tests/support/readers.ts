import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import type { TestApp } from './app.js';
import { testBrowser, type TestBrowser } from './test-browser.js';

export interface Reader {
  id: string;
  /** A browser holding this reader's session cookie. */
  browser: TestBrowser;
  /** The session's anti-forgery token, as the page shell gives it to scripts. */
  xsrf: string;
}

let seq = 0;

/** A new user, signed in on a browser of their own. */
export async function newReader(t: TestApp, name = 'Reader', extra: { isStaff?: boolean; isAdmin?: boolean } = {}): Promise<Reader> {
  const n = ++seq;
  const id = await createUser(t.database.db, { name: `${name} ${n}`, username: `${name.toLowerCase().replace(/\W/g, '')}_${n}_${Math.random().toString(36).slice(2, 7)}`, email: `r${n}-${Math.random().toString(36).slice(2)}@example.com`, isStaff: extra.isStaff, isAdmin: extra.isAdmin });
  const { token, xsrf } = await createSession(t.database.db, id, { userAgent: 'test', ip: '203.0.113.9' });
  const browser = testBrowser(t.app);
  browser.jar.set('sid', token);
  return { id, browser, xsrf };
}

/** A published story of `creatorId` with the given paragraphs (plain text paragraphs by default). */
export function newStory(t: TestApp, creatorId: string, opts: { paragraphs?: Paragraph[]; isLocked?: boolean; title?: string } = {}): Promise<string> {
  const paragraphs = opts.paragraphs ?? [
    { name: 'a1', type: 'P', text: 'The first paragraph says something worth keeping.', markups: [] },
    { name: 'b2', type: 'P', text: 'A second paragraph, with more to say about it.', markups: [] },
  ];
  return insertPublishedPost(t.database.db, { creatorId, title: opts.title ?? 'A story', subtitle: '', paragraphs, tags: [], isLocked: opts.isLocked, publishedAt: new Date('2025-03-01T00:00:00Z') });
}
