import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, powSolves, sha256, solvePow } from './pow.js';

const nodeSha = (s: string) => new Uint8Array(createHash('sha256').update(s, 'utf8').digest());

describe('proof of work', () => {
  it('hashes exactly like SHA-256, across block boundaries and non-ASCII text', () => {
    for (const s of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'b'.repeat(200), 'Inkwell ✒️ café:42']) {
      expect(Buffer.from(sha256(s)).toString('hex'), s.slice(0, 10)).toBe(Buffer.from(nodeSha(s)).toString('hex'));
    }
  });

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10, 0xff]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
  });

  it('finds a nonce that the check accepts', async () => {
    const nonce = await solvePow('challenge-x', 12);
    expect(powSolves('challenge-x', nonce, 12)).toBe(true);
    expect(leadingZeroBits(nodeSha(`challenge-x:${nonce}`))).toBeGreaterThanOrEqual(12);
  });
});
