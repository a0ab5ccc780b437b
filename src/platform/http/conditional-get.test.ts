import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { etagOf, isNotModified } from './conditional-get.js';

const otherTag = fc.stringMatching(/^[A-Za-z0-9_-]{1,27}$/).map((s) => `"${s}"`);

describe('isNotModified', () => {
  it('matches our ETag in If-None-Match, weak or strong, alone or in a list; nothing else', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(otherTag, { maxLength: 4 }), fc.boolean(), fc.nat(5), (body, others, weak, at) => {
        const etag = etagOf(body);
        const ours = weak ? etag : etag.replace(/^W\//, '');
        const strangers = others.filter((tag) => tag !== etag.replace(/^W\//, ''));
        const list = [...strangers];
        list.splice(Math.min(at, list.length), 0, ours);
        expect(isNotModified({ 'if-none-match': list.join(', ') }, { etag })).toBe(true);
        expect(isNotModified({ 'if-none-match': strangers.join(', ') || '""' }, { etag })).toBe(false);
        expect(isNotModified({ 'if-none-match': '*' }, { etag })).toBe(true);
      }),
    );
  });

  it('compares If-Modified-Since to the second, and ignores it when If-None-Match is sent', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), fc.integer({ min: -5000, max: 5000 }), (modified, offsetMs) => {
        const since = new Date(modified.getTime() + offsetMs);
        // HTTP dates have whole seconds: a copy from the same second is not modified.
        const second = (d: Date) => Math.floor(d.getTime() / 1000);
        const validators = { etag: 'W/"x"', lastModified: modified };
        expect(isNotModified({ 'if-modified-since': since.toUTCString() }, validators)).toBe(second(since) >= second(modified));
        expect(isNotModified({ 'if-none-match': 'W/"other"', 'if-modified-since': since.toUTCString() }, validators)).toBe(false);
      }),
    );
  });

  it('treats a malformed date as no condition', () => {
    expect(isNotModified({ 'if-modified-since': 'yesterday' }, { etag: 'W/"x"', lastModified: new Date() })).toBe(false);
    expect(isNotModified({}, { etag: 'W/"x"', lastModified: new Date() })).toBe(false);
  });
});

describe('etagOf', () => {
  it('leaves out every occurrence of `except`, and only that', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 5 }), fc.base64String({ minLength: 24, maxLength: 24 }), fc.base64String({ minLength: 24, maxLength: 24 }), (parts, a, b) => {
        fc.pre(a !== b && parts.every((p) => !p.includes(a) && !p.includes(b)));
        expect(etagOf(parts.join(a), a)).toBe(etagOf(parts.join(b), b));
        expect(etagOf(parts.join(a), a)).toBe(etagOf(parts.join('')));
      }),
    );
  });

  it('is weak, quoted, and differs for different bodies', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(etagOf(a)).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
        if (a !== b) expect(etagOf(a)).not.toBe(etagOf(b));
      }),
    );
  });
});
