import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, isDeliverableAddress, parseCsv, readMailingList } from './import-csv.js';

describe('reading a mailing list', () => {
  it('parses quoted fields with commas, quotes and line breaks, CRLF and LF', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n"two\nlines",x,\n', 10)).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\nlines', 'x', ''],
    ]);
    expect(parseCsv('a,"never closed\n', 10)).toBeNull();
  });

  it('uses semicolons or tabs when the first line has no comma', () => {
    expect(parseCsv('name;email\nAnn;a@b.co\n', 10)).toEqual([['name', 'email'], ['Ann', 'a@b.co']]);
    expect(parseCsv('name\temail\nAnn\ta@b.co', 10)).toEqual([['name', 'email'], ['Ann', 'a@b.co']]);
  });

  it('finds the column headed email (any case, with a BOM), else the first column of addresses', () => {
    expect(readMailingList('\ufeffName,EMAIL\nAnn, ann@x.org \n\n,\n')).toEqual({ ok: true, list: { values: ['ann@x.org'], column: 'EMAIL' } });
    // No header: the first row is data.
    expect(readMailingList('Ann,ann@x.org\nBo,bo@x.org')).toEqual({ ok: true, list: { values: ['ann@x.org', 'bo@x.org'], column: 'column 2' } });
    // A header with another name: found from the second row.
    expect(readMailingList('Who,Address\nAnn,ann@x.org\nBo,oops')).toEqual({ ok: true, list: { values: ['ann@x.org', 'oops'], column: 'Address' } });
    expect(readMailingList('name,city\nAnn,Paris')).toMatchObject({ ok: false, message: expect.stringMatching(/No column of email addresses/) });
    expect(readMailingList('\n\n')).toMatchObject({ ok: false });
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, () => {
    const ok = `email\n${'a@b.co\n'.repeat(IMPORT_MAX_ROWS)}`;
    expect(readMailingList(ok)).toMatchObject({ ok: true });
    expect(readMailingList(`${ok}a@b.co\n`)).toMatchObject({ ok: false, message: expect.stringMatching(/more than 100,000 rows/) });
  });

  it.each([
    ['ann@example.org', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['ANN@EXAMPLE.ORG', true],
    ['ann@localhost', false],
    ['ann@@example.org', false],
    ['ann example@x.org', false],
    ['.ann@example.org', false],
    ['ann..b@example.org', false],
    ['ann@-x.org', false],
    ['ann@x.123', false],
    ['<ann@x.org>', false],
    ['', false],
  ])('%s deliverable: %s', (value, expected) => {
    expect(isDeliverableAddress(value)).toBe(expected);
  });
});
