import { describe, expect, it } from 'vitest';
import { formatGiftCode, GIFT_CODE_LENGTH, newGiftCode, normalizeGiftCode } from './codes.js';

describe('gift codes', () => {
  it('are 16 characters of Crockford base 32, different every time', () => {
    const codes = new Set(Array.from({ length: 2000 }, newGiftCode));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{16}$/);
    expect(GIFT_CODE_LENGTH).toBe(16);
  });

  it('read in any case, with or without separators, and with O, I, L for 0, 1, 1', () => {
    expect(normalizeGiftCode('abcd-efgh-jkmn-pqrs')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeGiftCode(' ABCD EFGH  JKMN PQRS ')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeGiftCode('o0il-0000-0000-0000')).toBe('0011000000000000');
    expect(normalizeGiftCode('ABCD-EFGH-JKMN-PQR')).toBeNull();
    expect(normalizeGiftCode('ABCD-EFGH-JKMN-PQRU')).toBeNull();
    expect(normalizeGiftCode('')).toBeNull();
  });

  it('show in groups of four', () => {
    expect(formatGiftCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    const c = newGiftCode();
    expect(normalizeGiftCode(formatGiftCode(c))).toBe(c);
  });
});
