import { beforeAll, describe, expect, it } from 'vitest';
import { setVariantFlag } from '../../src/modules/flags/queries.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

/** Spec §4: flags hide sign-in buttons in the server-rendered sign-in options. */
describe('sign-in button flags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setVariantFlag(t.database.db, 'disable_login_email', true);
  });

  it('hides "Sign in with email" when disable_login_email is on, but not sign-up by email', async () => {
    const login = await t.app.inject({ url: '/m/signin?operation=login', headers: { host: TEST_HOST } });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('Welcome back.');
    expect(login.body).not.toContain('Sign in with email');
    const register = await t.app.inject({ url: '/m/signin?operation=register', headers: { host: TEST_HOST } });
    expect(register.body).toContain('Sign up with email');
  });
});
