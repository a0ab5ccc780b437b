import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { defineProvider, type ErrorKind } from './core.js';
import { composeRaw, type ComposeContext } from './message.js';
import type { MailProvider, MailProviderConfig } from './types.js';

export interface SesProviderOptions {
  region: string;
  /** Another endpoint (the local emulator). */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  ratePerSecond: number;
  compose: ComposeContext;
}

/**
 * SendBulkEmail's limit. We send each message with its own SendEmail call (up to this many
 * at once) rather than SendBulkEmail: that takes only templates, so each message could not
 * carry its own raw MIME (the same as over SMTP), Message-ID, List-Unsubscribe with its own
 * signed link, or feedback address (VERP) — and a bulk call's throttling fails the whole call.
 */
const SES_BATCH = 50;

export function sesOptions(config: MailProviderConfig): Pick<SesProviderOptions, 'region' | 'endpoint' | 'credentials'> {
  if (!config.SES_REGION) throw new Error('SES_REGION is required for the ses mail provider');
  const credentials =
    config.SES_ACCESS_KEY_ID && config.SES_SECRET_ACCESS_KEY ? { accessKeyId: config.SES_ACCESS_KEY_ID, secretAccessKey: config.SES_SECRET_ACCESS_KEY } : undefined;
  return { region: config.SES_REGION, endpoint: config.SES_ENDPOINT, credentials };
}

/**
 * Amazon SES v2: SendEmail with Raw content built by nodemailer's MailComposer. SES sets the
 * envelope sender itself (its MAIL FROM domain), so the return path is given as the
 * FeedbackForwardingEmailAddress: bounces and complaints forwarded by email go to the VERP
 * address (its domain must be a verified SES identity, as MAIL_BOUNCE_DOMAIN's default, the
 * main host, is when the sender is). Bounce notifications over SNS say the recipient anyway.
 */
export function createSesProvider(opts: SesProviderOptions): MailProvider {
  let client: Promise<{ client: SESv2Client; SendEmailCommand: typeof import('@aws-sdk/client-sesv2').SendEmailCommand }> | null = null;
  const connect = () =>
    (client ??= import('@aws-sdk/client-sesv2').then((sdk) => ({
      client: new sdk.SESv2Client({ region: opts.region, endpoint: opts.endpoint, credentials: opts.credentials, maxAttempts: 2 }),
      SendEmailCommand: sdk.SendEmailCommand,
    })));
  return defineProvider({
    name: 'ses',
    maxBatchSize: SES_BATCH,
    ratePerSecond: opts.ratePerSecond,
    concurrency: SES_BATCH,
    async deliver(message) {
      const raw = await composeRaw(message, opts.compose);
      const { client: ses, SendEmailCommand } = await connect();
      const out = await ses.send(
        new SendEmailCommand({
          Destination: { ToAddresses: [message.to] },
          Content: { Raw: { Data: raw } },
          FeedbackForwardingEmailAddress: message.returnPath,
        }),
      );
      return out.MessageId;
    },
    classify: classifySesError,
    async close() {
      const c = client;
      client = null;
      if (c) (await c).client.destroy();
    },
  });
}

const RETRYABLE = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException', 'SendingPausedException']);
const UNREACHABLE = new Set(['AccessDeniedException', 'UnrecognizedClientException', 'InvalidSignatureException', 'AccountSuspendedException', 'CredentialsProviderError']);

/** A 4xx that is not throttling is SES refusing this message (MessageRejected, a bad address); 5xx and no answer are worth retrying. */
export function classifySesError(err: unknown): ErrorKind {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const name = e.name ?? '';
  if (UNREACHABLE.has(name) || status === 403) return { permanent: false, unreachable: true };
  if (status === undefined) return { permanent: false, unreachable: true };
  return { permanent: status >= 400 && status < 500 && status !== 429 && !RETRYABLE.has(name), unreachable: false };
}
