// A local SMTP server in its own process (as an MTA would be): prints its URL, then on a
// line on stdin prints how many messages it has received and exits.
import { startSmtpReceiver } from '../../tests/support/smtp-receiver.js';

const receiver = await startSmtpReceiver();
process.stdout.write(`${receiver.url}\n`);
process.stdin.once('data', async () => {
  process.stdout.write(`${receiver.received.length}\n`);
  await receiver.close();
  process.exit(0);
});
