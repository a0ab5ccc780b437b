// One worker of the renewal benchmark (bench/renewals.mjs), run as `node --import tsx` so its pid
// is the process that does the work (the benchmark kills it mid-sweep). It runs the test
// provider's renewal sweep at the given time until nothing is due, then (phase 'all') the
// provider-event inbox with the site's handlers (membership and ledger) until it is empty, reporting progress and its
// RSS to the parent over IPC.
import { connectDatabase } from '../../src/platform/db/client.js';
import { runRenewalBatch } from '../../src/modules/payments/test-provider/renewals.js';
import { processProviderEvents, TestPaymentProvider } from '../../src/modules/payments/index.js';
import { paymentEventHandlers } from '../../src/server/payment-event-handlers.js';
import { membershipEnv } from '../../src/modules/membership/env.js';
import { loadConfig } from '../../src/server/config.js';

const [url, at, phase, batchArg, inboxArg] = process.argv.slice(2);
const clock = { now: () => new Date(at!) };
const batch = Number(batchArg ?? 500);
const inboxBatch = Number(inboxArg ?? 200);
const database = connectDatabase(url!, 4, 0);
const send = (message: Record<string, unknown>) => process.send?.({ ...message, rss: process.memoryUsage().rss });

const started = performance.now();
const cpuStarted = process.cpuUsage();
let renewed = 0;
send({ kind: 'start' });
for (;;) {
  const n = await runRenewalBatch({ db: database.db, clock }, batch);
  renewed += n;
  if (n > 0) send({ kind: 'renewals', renewed });
  if (n === 0) break;
}
const renewalsMs = performance.now() - started;
const cpu = process.cpuUsage(cpuStarted);
send({ kind: 'renewals-done', renewed, ms: renewalsMs, cpuMs: (cpu.user + cpu.system) / 1000 });

if (phase === 'all') {
  const provider = new TestPaymentProvider({ db: database.db, clock });
  // The site's handlers: the membership follows each subscription (memberships, access, dunning
  // emails), the ledger records each charge; on the benchmark's clock.
  const handlers = paymentEventHandlers({ env: membershipEnv(loadConfig({}), clock) });
  const inboxStarted = performance.now();
  let processed = 0;
  let failed = 0;
  for (;;) {
    const r = await processProviderEvents(database.db, { provider, handlers, clock, limit: inboxBatch });
    processed += r.processed;
    failed += r.failed;
    if (r.processed + r.failed > 0) send({ kind: 'inbox', processed });
    if (r.processed + r.failed === 0) break;
  }
  send({ kind: 'inbox-done', processed, failed, ms: performance.now() - inboxStarted });
}
await database.close();
send({ kind: 'done' });
process.disconnect?.();
