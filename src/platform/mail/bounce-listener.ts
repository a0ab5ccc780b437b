/**
 * The inbound SMTP listener for bounces (MAIL_BOUNCE_LISTEN, e.g. 0.0.0.0:25 behind the MX of the
 * bounce domain): remote servers mail their delivery reports to the VERP return path of the email
 * that failed (verp.ts). It takes mail only for VERP addresses whose signature holds (anything
 * else is refused at RCPT TO, so nobody can make us suppress an address with a made-up return
 * path), reads the report (dsn.ts) and records what it says about the address the VERP address
 * names: a bounce, a complaint or a delivery (suppression.ts). Reports in no standard format are
 * accepted and dropped. A failure to record answers 451 so the sender tries again later.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import type { Db } from '../db/client.js';
import type { Logger } from '../logger/index.js';
import { classifyReport } from './dsn.js';
import { recordBounce, recordComplaint, recordDelivered } from './suppression.js';
import { parseVerpAddress, type VerpParts } from './verp.js';

/** What of a message is read: the report comes before the returned message, which may be large. */
const READ_BYTES = 256 * 1024;
/** Larger messages are refused outright (a report returns at most the message it is about). */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface BounceListenerOptions {
  db: Db;
  logger: Logger;
  /** host:port ('0.0.0.0:2525', '[::]:25'); port 0 picks a free one (tests). */
  listen: string;
  /** The site's VERP secret (the composition root passes siteSecretFor(db, 'verp')). */
  verpSecret: () => Promise<Buffer>;
  /** The name in the greeting; default the machine's. */
  hostname?: string;
  /**
   * List-Unsubscribe's mailto variant: mail to `unsubscribe+{token}@…` is handed here with its
   * local part (case kept: the token's signature is case-sensitive). Without it such mail is refused.
   */
  unsubscribeMail?: (localPart: string) => Promise<unknown>;
}

/** The local part of a List-Unsubscribe mailto address, or null for any other address. */
const unsubscribeLocalPart = (address: string): string | null => {
  const local = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  return /^unsubscribe\+[A-Za-z0-9._-]+$/i.test(local) ? local : null;
};

export interface BounceListener {
  /** Resolves with the port once listening (rejects if it cannot listen). */
  ready: Promise<{ port: number }>;
  stop(): Promise<void>;
}

export function parseListenAddress(listen: string): { host: string; port: number } {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:\s[\]]+)):(\d{1,5})$/.exec(listen.trim());
  if (!match || Number(match[3]) > 65535) throw new Error(`Not a host:port: ${listen}`);
  return { host: match[1] ?? match[2]!, port: Number(match[3]) };
}

const smtpError = (code: number, message: string): SMTPServerError => Object.assign(new Error(message), { responseCode: code });

export function startBounceListener(opts: BounceListenerOptions): BounceListener {
  const { db, logger } = opts;
  const { host, port } = parseListenAddress(opts.listen);
  const verpOf = async (address: string): Promise<VerpParts | null> => parseVerpAddress(await opts.verpSecret(), address);

  const server = new SMTPServer({
    name: opts.hostname,
    logger: false,
    // Reports come from any mail server on the internet, unauthenticated.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    maxClients: 50,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    onRcptTo(address, _session, callback) {
      if (opts.unsubscribeMail && unsubscribeLocalPart(address.address)) return callback(null);
      verpOf(address.address).then(
        (parts) => callback(parts ? null : smtpError(550, '5.1.1 No such mailbox here')),
        (err: unknown) => {
          logger.error({ err }, 'bounce listener: the VERP secret could not be read');
          callback(smtpError(451, '4.3.0 Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let kept = 0;
      stream.on('data', (chunk: Buffer) => {
        if (kept >= READ_BYTES) return;
        chunks.push(chunk.subarray(0, READ_BYTES - kept));
        kept += Math.min(chunk.length, READ_BYTES - kept);
      });
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        handleReport(raw, session.envelope.rcptTo.map((r) => r.address)).then(
          () => callback(null),
          (err: unknown) => {
            logger.error({ err }, 'bounce listener: the report could not be recorded');
            callback(smtpError(451, '4.3.0 Try again later'));
          },
        );
      });
    },
  });

  async function handleReport(raw: string, recipients: string[]): Promise<void> {
    const verdict = classifyReport(raw);
    for (const recipient of recipients) {
      const unsubscribe = unsubscribeLocalPart(recipient);
      if (unsubscribe && opts.unsubscribeMail) {
        await opts.unsubscribeMail(unsubscribe);
        continue;
      }
      const parts = await verpOf(recipient);
      if (!parts) continue; // refused at RCPT already
      const { recipient: address, ref } = parts;
      if (verdict.kind === 'hard' || verdict.kind === 'soft') await recordBounce(db, { address, kind: verdict.kind, detail: verdict.detail, source: 'smtp-dsn', ref });
      else if (verdict.kind === 'complaint') await recordComplaint(db, { address, detail: verdict.detail, source: 'smtp-arf', ref });
      else if (verdict.kind === 'delivered') await recordDelivered(db, address);
      else logger.info({ ref, detail: verdict.detail }, 'bounce listener: a message that reports nothing');
    }
  }

  let listening = false;
  const ready = new Promise<{ port: number }>((resolve, reject) => {
    server.on('error', (err) => {
      // Before listening: the port is taken or not ours (another worker on this machine has it). After: one client's connection.
      if (listening) logger.warn({ err }, 'bounce listener: a connection failed');
      else {
        logger.error({ err, listen: opts.listen }, 'bounce listener: cannot listen');
        reject(err);
      }
    });
    server.listen(port, host, () => {
      listening = true;
      const bound = (server.server.address() as AddressInfo).port;
      logger.info({ host, port: bound }, 'bounce listener: listening');
      resolve({ port: bound });
    });
  });
  // A failure to listen is logged above; stop() still works.
  ready.catch(() => undefined);

  return {
    ready,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
