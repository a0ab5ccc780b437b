import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/ids.js';
import type { MailProvider, OutgoingMessage } from '../../src/platform/mail/providers/types.js';

/** A message as the far side of a provider holds it. */
export interface ArrivedMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header names lowercase. */
  headers: Record<string, string>;
  /** What identifies the message there: the Message-ID header, or the mailbox's row id. */
  messageId: string;
  /** Where bounces go, as the far side shows it (SMTP: MAIL FROM; SES: the feedback address; mailbox: Return-Path). */
  returnPath: string;
}

export interface ConformanceTarget {
  /** A new provider sending at this rate (closed by the suite). */
  provider(ratePerSecond: number): MailProvider | Promise<MailProvider>;
  /** Everything that has arrived so far. */
  arrived(): Promise<ArrivedMessage[]>;
  /** The messageId a message with this id arrives with. */
  expectedMessageId(id: string): string;
  /** An address this provider's far side refuses (a mailbox that does not exist), when the target can show one. */
  refusedRecipient?: string;
}

/** Fast enough that the functional tests are not slowed by the bucket. */
const FAST = 1000;

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => {
  const id = newId();
  return {
    id,
    to: `reader-${id}@example.com`,
    subject: `Story ${id}`,
    text: `The story ${id} in plain text.\n\nhttps://stories.example.com/p/${id}`,
    html: `<p>The story <strong>${id}</strong> in HTML.</p>`,
    kind: 'newsletter',
    ...overrides,
  };
};

/**
 * What every MailProvider must do, run against a real far side of each adapter
 * (tests/integration/mail-providers.test.ts).
 */
export function describeMailProviderConformance(name: string, target: () => Promise<ConformanceTarget>): void {
  describe(`${name}: the MailProvider contract`, () => {
    let t: ConformanceTarget;
    const providers: MailProvider[] = [];
    beforeAll(async () => {
      t = await target();
    });
    const provider = async (rate = FAST) => {
      const p = await t.provider(rate);
      providers.push(p);
      return p;
    };
    const arrivedWith = async (subject: string) => (await t.arrived()).filter((m) => m.subject === subject);
    afterAll(() => Promise.all(providers.map((p) => p.close())));

    it('delivers subject, text, html, the extra headers, the Message-ID from the id and the return path', async () => {
      const p = await provider();
      expect(p.name).toBe(name);
      const m = message({
        headers: {
          'List-Unsubscribe': '<https://stories.example.com/_/unsubscribe/abc>, <mailto:unsubscribe@stories.example.com?subject=abc>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': 'Ann Writer <ann.stories.example.com>',
        },
        returnPath: 'bounce+d1.cmVhZGVy.0123456789abcdef@bounces.example.com',
      });
      const [result, ...more] = await p.send([m]);
      expect(more).toEqual([]);
      expect(result).toMatchObject({ id: m.id, ok: true });
      const [got, ...others] = await arrivedWith(m.subject);
      expect(others).toEqual([]);
      expect(got).toBeDefined();
      expect(got!.to).toBe(m.to);
      expect(got!.text.trim()).toBe(m.text);
      expect(got!.html).toContain(`<p>The story <strong>${m.id}</strong> in HTML.</p>`);
      expect(got!.headers['list-unsubscribe']).toBe(m.headers!['List-Unsubscribe']);
      expect(got!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(got!.headers['list-id']).toBe(m.headers!['List-Id']);
      expect(got!.messageId).toBe(t.expectedMessageId(m.id));
      expect(got!.returnPath.replace(/^<|>$/g, '')).toBe(m.returnPath);
    });

    it('gives a batch of 50 fifty results in the order given, and delivers all of them', async () => {
      const p = await provider();
      const batch = Array.from({ length: 50 }, () => message());
      const results = await p.send(batch);
      expect(results.map((r) => r.id)).toEqual(batch.map((m) => m.id));
      expect(results.every((r) => r.ok)).toBe(true);
      const arrived = new Set((await t.arrived()).map((m) => m.subject));
      expect(batch.filter((m) => !arrived.has(m.subject))).toEqual([]);
    });

    it('fails a bad message alone, permanently, without throwing, and sends the others', async () => {
      const p = await provider();
      const good = [message(), message(), message()];
      const bad = [
        message({ to: 'not an address' }),
        message({ headers: { 'List-Id': 'x\r\nBcc: victim@example.com' } }),
        message({ subject: 'Two\r\nlines' }),
        ...(t.refusedRecipient ? [message({ to: t.refusedRecipient })] : []),
      ];
      const batch = [good[0]!, bad[0]!, good[1]!, bad[1]!, bad[2]!, good[2]!, ...bad.slice(3)];
      const results = await p.send(batch);
      expect(results.map((r) => r.id)).toEqual(batch.map((m) => m.id));
      const byId = new Map(results.map((r) => [r.id, r]));
      for (const m of good) expect(byId.get(m.id)).toMatchObject({ ok: true });
      for (const m of bad) {
        const r = byId.get(m.id)!;
        expect(r, m.to).toMatchObject({ ok: false, permanent: true });
        expect(r.error).toBeTruthy();
      }
      const arrived = await t.arrived();
      for (const m of good) expect(arrived.some((a) => a.subject === m.subject)).toBe(true);
      expect(arrived.some((a) => a.headers['bcc'] !== undefined || a.to.includes('victim'))).toBe(false);
    });

    it('keeps to its rate: N messages at R a second take at least N/R seconds', async () => {
      const rate = 20;
      const p = await provider(rate);
      expect(p.ratePerSecond).toBe(rate);
      const batch = Array.from({ length: 30 }, () => message());
      const started = performance.now();
      const results = await p.send(batch);
      const seconds = (performance.now() - started) / 1000;
      expect(results.every((r) => r.ok)).toBe(true);
      // The bucket starts empty, so the n-th message waits for n/R seconds of tokens: a lower
      // bound, which a slow machine can only exceed (1 ms of slack for timer rounding).
      expect(seconds).toBeGreaterThanOrEqual(batch.length / rate - 0.001);
    });

    it('says how many messages one send takes', async () => {
      const p = await provider();
      expect(p.maxBatchSize).toBeGreaterThanOrEqual(50);
    });
  });
}
