import { failed, invalidMessage } from './message.js';
import { createTokenBucket } from './rate.js';
import type { MailProvider, MailProviderName, OutgoingMessage, SendResult } from './types.js';

/** How an adapter reads one of its errors. */
export interface ErrorKind {
  /** The provider refused this message or recipient: sending it again gets the same answer. */
  permanent: boolean;
  /** The provider could not be reached or refused us (connection, credentials): no message was tried. */
  unreachable: boolean;
}

export interface AdapterSpec {
  name: MailProviderName;
  maxBatchSize: number;
  ratePerSecond: number;
  /** Messages in flight at once. */
  concurrency: number;
  /** Sends one valid message; resolves with the provider's id for it, rejects with the provider's error. */
  deliver(message: OutgoingMessage): Promise<string | undefined>;
  classify(err: unknown): ErrorKind;
  close(): Promise<void>;
}

export const errorText = (err: unknown): string => String((err as Error)?.message ?? err).slice(0, 2000);

/**
 * What every adapter shares: messages checked before anything is sent (a bad one fails
 * alone, permanently), the token bucket taken before each attempt, a bounded number in
 * flight, results in the order given, and a throw only when the provider was unreachable
 * for every message tried (the caller retries the whole batch later).
 */
export function defineProvider(spec: AdapterSpec): MailProvider {
  const bucket = createTokenBucket(spec.ratePerSecond);
  return {
    name: spec.name,
    maxBatchSize: spec.maxBatchSize,
    ratePerSecond: spec.ratePerSecond,
    async send(messages) {
      const results: SendResult[] = new Array(messages.length);
      const unreachable: unknown[] = [];
      let tried = 0;
      let next = 0;
      const worker = async () => {
        while (next < messages.length) {
          const i = next++;
          const m = messages[i]!;
          const invalid = invalidMessage(m);
          if (invalid) {
            results[i] = failed(m.id, invalid, true);
            continue;
          }
          await bucket.take();
          tried++;
          try {
            const providerMessageId = await spec.deliver(m);
            results[i] = providerMessageId ? { id: m.id, ok: true, providerMessageId } : { id: m.id, ok: true };
          } catch (err) {
            const kind = spec.classify(err);
            if (kind.unreachable) unreachable.push(err);
            results[i] = failed(m.id, errorText(err), kind.permanent);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(spec.concurrency, messages.length) }, worker));
      if (tried > 0 && unreachable.length === tried) throw unreachable[0];
      return results;
    },
    close: spec.close,
  };
}
