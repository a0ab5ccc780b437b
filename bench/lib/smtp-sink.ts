// A local SMTP server in its own process (as an MTA would be): prints its URL, then on a
// line on stdin prints how many messages it has received and the CPU time it used (ms), and exits.
import { startSmtpReceiver } from '../../tests/support/smtp-receiver.js';

const receiver = await startSmtpReceiver();
process.stdout.write(`${receiver.url}\n`);
process.stdin.once('data', async () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`${receiver.received.length} ${(user + system) / 1000}\n`);
  await receiver.close();
  process.exit(0);
});
