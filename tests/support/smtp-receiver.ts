import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  /** The whole message as received (headers and MIME body). */
  raw: string;
}

export interface SmtpReceiver {
  port: number;
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedEmail[];
  /** Messages whose data has started to arrive (some may still be held by delayMs). */
  receiving: number;
  close(): Promise<void>;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASS = 'p@ss:word';

/** A port nobody listens on right now (for a server that is down, or comes up later). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const smtpUrl = (port: number) => `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASS)}@127.0.0.1:${port}`;

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: plain SMTP with
 * LOGIN/PLAIN authentication (no TLS, so nothing to trust), as a relay would be.
 */
export async function startSmtpReceiver(opts: { port?: number; delayMs?: number; rejectRecipient?: (address: string) => boolean } = {}): Promise<SmtpReceiver> {
  const received: ReceivedEmail[] = [];
  const state = { receiving: 0 };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      // As a real server refuses a mailbox that does not exist: permanently, at RCPT TO.
      if (opts.rejectRecipient?.(address.address)) callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      state.receiving++;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const finish = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: header(raw, 'subject'),
            messageId: header(raw, 'message-id'),
            raw,
          });
          callback();
        };
        if (opts.delayMs) setTimeout(finish, opts.delayMs);
        else finish();
      });
    },
  });
  const port = opts.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    url: smtpUrl(port),
    received,
    get receiving() {
      return state.receiving;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's value, unfolded (continuation lines joined). */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}
