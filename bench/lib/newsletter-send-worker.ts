// One sending worker of bench/newsletter-send.mjs, run as `node --import tsx` so its pid is the
// process that sends (the benchmark kills it mid-send). It runs the newsletter sender on the bulk
// stream's SMTP provider until no send has work, reporting its RSS to the parent over IPC.
import { connectDatabase } from '../../src/platform/db/client.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { createMailProvider } from '../../src/platform/mail/providers/types.js';
import { startNewsletterSender } from '../../src/modules/newsletters/send-job.js';

const [url, smtpUrl, lanesArg, leaseArg] = process.argv.slice(2);
const database = connectDatabase(url!, 6, 0);
const send = (message: Record<string, unknown>) => process.send?.({ ...message, rss: process.memoryUsage().rss });
const provider = createMailProvider('bulk', { SITE_NAME: 'Bench', mainHost: 'bench.example', SMTP_URL: smtpUrl, MAIL_BULK_RATE_PER_SECOND: 100_000, SMTP_MAX_CONNECTIONS: 8 });
const sender = startNewsletterSender({
  db: database.db,
  provider,
  logger: createLogger('warn'),
  siteName: 'Bench',
  origin: 'https://bench.example',
  bounceDomain: 'bounces.bench.example',
  lanes: Number(lanesArg ?? 3),
  leaseSeconds: Number(leaseArg ?? 120),
  intervalMs: 3_600_000,
  startDelayMs: 3_600_000,
});
const timer = setInterval(() => send({ kind: 'rss' }), 250);
const started = performance.now();
send({ kind: 'start' });
const sent = await sender.drain();
clearInterval(timer);
send({ kind: 'done', sent, ms: performance.now() - started });
await sender.stop();
await provider.close();
await database.close();
process.disconnect?.();
