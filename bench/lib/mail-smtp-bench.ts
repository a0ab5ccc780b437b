import { createMailProvider } from '../../src/platform/mail/providers/index.js';
import type { OutgoingMessage } from '../../src/platform/mail/providers/types.js';
import { loadConfig } from '../../src/server/config.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { createInterface } from 'node:readline';

const COUNT = Number(process.env.COUNT ?? 5000);
/** Unset: the provider's default; the bench's point is whether it is sustained. */
const RATE = process.env.RATE;
const BATCH = 500;

// The sink runs in its own process, as a relay would: the sender's process does only the sending.
const sink = spawn(process.execPath, ['--import', 'tsx', new URL('./smtp-sink.ts', import.meta.url).pathname], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: sink.stdout! })[Symbol.asyncIterator]();
const sinkUrl = String((await lines.next()).value);
const config = loadConfig({
  NODE_ENV: 'production',
  MAIN_HOST: 'stories.example.com',
  SMTP_URL: sinkUrl,
  ...(RATE ? { MAIL_BULK_RATE_PER_SECOND: RATE } : {}),
  ...(process.env.SMTP_MAX_CONNECTIONS ? { SMTP_MAX_CONNECTIONS: process.env.SMTP_MAX_CONNECTIONS } : {}),
});
const provider = createMailProvider('bulk', config);
/** Paragraphs of ~2 kB in each email's HTML (the text part is the same words): 8 makes a ~35 kB email, a long story's. */
const PARAGRAPHS = Number(process.env.PARAGRAPHS ?? 8);
const html = `<p>${'A paragraph of a story, long enough to look like one. '.repeat(40)}</p>`.repeat(PARAGRAPHS);
const message = (i: number): OutgoingMessage => ({
  id: `bench${String(i).padStart(7, '0')}`,
  to: `reader${i}@example.com`,
  subject: `Story ${i}`,
  text: html.replace(/<[^>]+>/g, ''),
  html,
  headers: { 'List-Unsubscribe': `<https://stories.example.com/_/unsubscribe/${i}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  returnPath: `bounce+${i}.x.y@stories.example.com`,
  kind: 'newsletter',
});

// A warm-up batch opens the pool's connections.
await provider.send(Array.from({ length: 50 }, (_, i) => message(-1 - i)));
const started = performance.now();
const cpu = process.cpuUsage();
let failed = 0;
for (let i = 0; i < COUNT; i += BATCH) {
  const results = await provider.send(Array.from({ length: Math.min(BATCH, COUNT - i) }, (_, j) => message(i + j)));
  failed += results.filter((r) => !r.ok).length;
}
const seconds = (performance.now() - started) / 1000;
const cpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu));
await provider.close();
sink.stdin!.write('count\n');
const [received = 0, sinkCpuMs = 0] = String((await lines.next()).value).split(' ').map(Number);
await once(sink, 'exit');
console.log(
  JSON.stringify({
    emails: COUNT,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(COUNT / seconds),
    rateLimit: provider.ratePerSecond,
    connections: config.SMTP_MAX_CONNECTIONS,
    bytesPerEmail: html.length * 2,
    senderCpuMsPerEmail: Number((cpuMs / COUNT).toFixed(3)),
    // The whole sink process (start-up and the warm-up included): an upper bound per email.
    sinkCpuMsPerEmail: Number((sinkCpuMs / COUNT).toFixed(3)),
    loadAverage: os.loadavg()[0],
    failed,
    received: received - 50,
  }),
);
