import { randomInt } from 'node:crypto';

/**
 * Gift codes: 16 characters from Crockford's base-32 alphabet (no I, L, O, U: nothing to misread),
 * 80 random bits, so a code cannot be guessed; shown in groups of four (XXXX-XXXX-XXXX-XXXX).
 * Whatever a reader types is normalised before the lookup: case, spaces and dashes do not matter,
 * and the letters people confuse with digits (O, I, L) read as the digits.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_CODE_LENGTH = 16;

export function newGiftCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The stored form of what a reader typed, or null when it cannot be a code. */
export function normalizeGiftCode(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== GIFT_CODE_LENGTH) return null;
  for (const c of compact) if (!ALPHABET.includes(c)) return null;
  return compact;
}

/** XXXX-XXXX-XXXX-XXXX. */
export const formatGiftCode = (code: string): string => code.match(/.{1,4}/g)!.join('-');
