import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { powSolves, solvePow } from '../../shared/pow.js';
import { createMemoryRateLimiter } from '../../platform/rate-limit/index.js';
import { createCaptcha } from './captcha.js';

const config = loadConfig({ NODE_ENV: 'test', CAPTCHA_PROVIDER: 'pow', CAPTCHA_POW_DIFFICULTY: '8', SECRET_KEY: 'k'.repeat(32) });

describe('proof-of-work captcha', () => {
  it('accepts a solved challenge once, before it expires', async () => {
    const captcha = createCaptcha(config);
    const { challenge, difficulty } = captcha.challenge(1_000);
    const nonce = await solvePow(challenge!, difficulty!);
    expect(await captcha.verify(`${challenge}:${nonce}`, null, 2_000)).toBe(true);
    expect(await captcha.verify(`${challenge}:${nonce}`, null, 2_000)).toBe(false);
  });

  it('knows a challenge spent by another process of the site (their shared rate limiter)', async () => {
    const shared = createMemoryRateLimiter();
    const [one, two] = [createCaptcha(config, shared), createCaptcha(config, shared)];
    const { challenge, difficulty } = one.challenge(1_000);
    const value = `${challenge}:${await solvePow(challenge!, difficulty!)}`;
    expect(await one.verify(value, null, 2_000)).toBe(true);
    expect(await two.verify(value, null, 3_000)).toBe(false);
    // Each process with its own counters would take it again.
    expect(await createCaptcha(config).verify(value, null, 3_000)).toBe(true);
  });

  it('refuses unsolved, expired, forged and malformed values', async () => {
    const captcha = createCaptcha(config);
    const { challenge } = captcha.challenge(1_000);
    let wrong = 0;
    while (powSolves(challenge!, wrong, 8)) wrong++;
    expect(await captcha.verify(`${challenge}:${wrong}`, null, 2_000)).toBe(false);
    const nonce = await solvePow(challenge!, 8);
    expect(await captcha.verify(`${challenge}:${nonce}`, null, 1_000 + 11 * 60_000)).toBe(false);
    const forged = challenge!.replace(/^\d+/, '99999999999999');
    expect(await captcha.verify(`${forged}:${await solvePow(forged, 8)}`, null, 2_000)).toBe(false);
    const other = createCaptcha(loadConfig({ NODE_ENV: 'test', CAPTCHA_POW_DIFFICULTY: '8', SECRET_KEY: 'z'.repeat(32) }));
    expect(await other.verify(`${challenge}:${nonce}`, null, 2_000)).toBe(false);
    for (const bad of [null, '', 'nonsense', `${challenge}`, `${challenge}:abc`]) expect(await captcha.verify(bad, null, 2_000)).toBe(false);
  });
});
