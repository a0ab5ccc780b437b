import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { afterSignUpRedirect } from '../../src/modules/topics/onboarding.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser } from '../support/test-browser.js';

const SEND = `mutation($email: String!, $operation: SusiOperation, $fullName: String, $redirect: String) {
  sendAcctAuthEmail(email: $email, operation: $operation, fullName: $fullName, redirect: $redirect) { __typename } }`;

describe('where sign-up lands (spec §6 skipOnboarding)', () => {
  it('sends a new account to the topics onboarding unless its redirect carries skipOnboarding=1', () => {
    expect(afterSignUpRedirect(null)).toBe('/get-started/topics');
    expect(afterSignUpRedirect('/')).toBe('/get-started/topics');
    expect(afterSignUpRedirect('/@ann/a-story-0123456789ab')).toBe('/get-started/topics');
    expect(afterSignUpRedirect('/@ann/a-story-0123456789ab?skipOnboarding=0')).toBe('/get-started/topics');
    expect(afterSignUpRedirect('/@ann/a-story-0123456789ab?skipOnboarding=1')).toBe('/@ann/a-story-0123456789ab');
    expect(afterSignUpRedirect('/p/0123456789ab/responses/new?quote=q1&skipOnboarding=1#respond')).toBe('/p/0123456789ab/responses/new?quote=q1#respond');
  });
});

/** The email sign-up path end to end: the callback's redirect. */
describe('email sign-up lands on onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.database.db, { name: 'Known Reader', username: 'known', email: 'known@example.com' });
  });

  async function signUpVia(email: string, redirect?: string) {
    const b = testBrowser(t.app);
    const sent = await b.gql(SEND, { email, operation: 'register', fullName: 'New Reader', redirect });
    expect(sent.data.sendAcctAuthEmail.__typename).toBe('SusiMethod');
    const { rows } = await t.database.pool.query<{ text_body: string }>('select text_body from email_outbox where to_address = $1 order by created_at desc limit 1', [email]);
    const link = new URL(/(https?:\/\/\S+\/m\/callback\/email\?token=[\w%-]+)/.exec(rows[0]!.text_body)![1]!);
    const res = await b.get(link.pathname + link.search);
    expect(res.statusCode).toBe(302);
    return { b, location: res.headers.location };
  }

  it('a new account from a plain sign-up goes to /get-started/topics, signed in', async () => {
    const { b, location } = await signUpVia('fresh@example.com', '/tag/oceans');
    expect(location).toBe('/get-started/topics');
    expect((await b.gql('{ viewer { name } }')).data.viewer).toEqual({ name: 'New Reader' });
  });

  it('a new account from a clap, highlight or respond prompt goes straight back', async () => {
    const { location } = await signUpVia('clapper@example.com', '/@known/a-story-0123456789ab?skipOnboarding=1');
    expect(location).toBe('/@known/a-story-0123456789ab');
  });

  it('an existing account signing in keeps its redirect (no onboarding)', async () => {
    const { location } = await signUpVia('known@example.com', '/tag/oceans');
    expect(location).toBe('/tag/oceans');
  });

  it('/get-started redirects to the topics step; signed out, the topics step asks to sign up first', async () => {
    const anon = testBrowser(t.app);
    const start = await anon.get('/get-started');
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/get-started/topics');
    const topics = await anon.get('/get-started/topics');
    expect(topics.statusCode).toBe(302);
    expect(topics.headers.location).toBe('/m/signin?operation=register&redirect=%2Fget-started%2Ftopics');
  });
});
