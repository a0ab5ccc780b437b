import cluster, { type Worker } from 'node:cluster';
import { createMemoryRateLimiter, type RateLimiter, type RateLimitRule, type RateLimitVerdict } from '../../platform/rate-limit/index.js';
import { createIpLockouts, type IpLockouts } from '../../modules/accounts/ip-lockout.js';

/**
 * Rate limits and IP lockouts for a machine's cluster without Redis: the counters live in
 * the primary, and every worker asks it over IPC, so N web processes count one site's
 * attempts once (per-process counters would let a guesser try N times as often).
 */

const CALL = 'inkwell:limits:call';
const ANSWER = 'inkwell:limits:answer';
/** A worker gives up on an answer after this long and lets the request through (the primary is gone or stuck). */
const ANSWER_TIMEOUT_MS = 5_000;

type Question =
  | { op: 'hit'; rule: RateLimitRule; key: string; now: number }
  | { op: 'check'; ip: string; now: number }
  | { op: 'recordFailure'; ip: string; account: string; now: number };
type Call = Question & { type: typeof CALL; id: number };

interface Answer {
  type: typeof ANSWER;
  id: number;
  value?: unknown;
  error?: string;
}

/** In the primary: keeps the counters and answers the workers. Returns the function that stops answering. */
export function serveClusterLimits(): () => void {
  const rateLimiter = createMemoryRateLimiter();
  const ipLockouts = createIpLockouts();
  const run = (call: Call): Promise<unknown> => {
    if (call.op === 'hit') return rateLimiter.hit(call.rule, call.key, call.now);
    if (call.op === 'check') return ipLockouts.check(call.ip, call.now);
    return ipLockouts.recordFailure(call.ip, call.account, call.now);
  };
  const onMessage = (worker: Worker, m: unknown) => {
    if (typeof m !== 'object' || m === null || (m as Call).type !== CALL) return;
    const call = m as Call;
    run(call).then(
      (value) => worker.isConnected() && worker.send({ type: ANSWER, id: call.id, value } satisfies Answer, undefined, () => {}),
      (err: unknown) => worker.isConnected() && worker.send({ type: ANSWER, id: call.id, error: String(err) } satisfies Answer, undefined, () => {}),
    );
  };
  cluster.on('message', onMessage);
  return () => cluster.off('message', onMessage);
}

/** In a worker: the primary's counters. */
export function clusterLimits(): { rateLimiter: RateLimiter; ipLockouts: IpLockouts; close(): Promise<void> } {
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void; timer: NodeJS.Timeout }>();
  const onMessage = (m: unknown) => {
    if (typeof m !== 'object' || m === null || (m as Answer).type !== ANSWER) return;
    const answer = m as Answer;
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    clearTimeout(waiting.timer);
    if (answer.error !== undefined) waiting.reject(new Error(answer.error));
    else waiting.resolve(answer.value);
  };
  process.on('message', onMessage);

  /** Asks the primary; `fallback` is the answer when it cannot (no channel, no answer in time). */
  const ask = <T>(call: Question, fallback: T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (!process.connected || !process.send) return resolve(fallback);
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(fallback);
      }, ANSWER_TIMEOUT_MS);
      timer.unref();
      pending.set(id, { resolve: (v) => resolve(v as T), reject, timer });
      process.send({ ...call, type: CALL, id } satisfies Call, undefined, undefined, () => {});
    });

  return {
    rateLimiter: {
      hit: (rule, key, now = Date.now()) => ask<RateLimitVerdict>({ op: 'hit', rule, key, now }, { allowed: true }),
    },
    ipLockouts: {
      check: (ip, now = Date.now()) => ask<number | null>({ op: 'check', ip, now }, null),
      recordFailure: (ip, account, now = Date.now()) => ask<void>({ op: 'recordFailure', ip, account, now }, undefined),
    },
    async close() {
      process.off('message', onMessage);
      for (const { timer, resolve } of pending.values()) {
        clearTimeout(timer);
        resolve(undefined);
      }
      pending.clear();
    },
  };
}
