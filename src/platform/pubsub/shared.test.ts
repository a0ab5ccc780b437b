import { afterEach, describe, expect, it } from 'vitest';
import { closeSharedPubSub, configureSharedPubSub, createPubSub, sharedPubSub } from './index.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The process's pub/sub follows the server's configuration, not the environment. */
describe('shared pub/sub', () => {
  afterEach(async () => {
    await closeSharedPubSub();
    configureSharedPubSub(undefined);
  });

  it('goes through the configured Redis, so another process hears it', async () => {
    configureSharedPubSub(REDIS_URL);
    const shared = await sharedPubSub();
    const other = await createPubSub({ redisUrl: REDIS_URL });
    const channel = `shared-test-${Date.now()}`;
    let hear: (message: string) => void = () => {};
    const heard = new Promise<string>((resolve) => (hear = resolve));
    await other.subscribe(channel, (message) => hear(message));
    await shared.publish(channel, 'hello');
    expect(await heard).toBe('hello');
    await other.close();
  });

  it('is this process’s own when unconfigured, and cannot be re-pointed once in use', async () => {
    const shared = await sharedPubSub();
    const got: string[] = [];
    const unsubscribe = await shared.subscribe('local', (m) => got.push(m));
    await shared.publish('local', 'one');
    expect(got).toEqual(['one']);
    await unsubscribe();
    expect(() => configureSharedPubSub(REDIS_URL)).toThrow(/already in use/);
  });
});
