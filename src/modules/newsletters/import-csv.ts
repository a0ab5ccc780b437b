/**
 * Reading a writer's mailing list (spec §2.1 import-mailing-list): a CSV file in UTF-8, with or
 * without a byte-order mark, fields quoted or not (RFC 4180: "" is a quote inside a quoted field,
 * which may hold commas and line breaks). The addresses are in the column headed "email" (or
 * "e-mail", "email address"), else in the first column whose first values look like addresses.
 */

/** Data rows a file may hold (the 100,000), and its size. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const IMPORT_CSV_MESSAGES = {
  empty: 'The file has no rows.',
  noEmailColumn: 'No column of email addresses was found. Name the column "email", or put the addresses in a column of their own.',
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} rows. Split it into smaller files.`,
  tooLarge: (mb: number) => `The file is larger than ${mb} MB.`,
  notText: 'The file is not UTF-8 text. Save it as CSV (UTF-8) and try again.',
  unclosedQuote: 'The file has a quoted field that is never closed.',
} as const;

export interface ParsedList {
  /** The address column's cell of each data row (empty rows left out), with its 1-based line number among data rows. */
  values: string[];
  /** The header of the address column, or "column N" when the file has no header row. */
  column: string;
}

export type ParseOutcome = { ok: true; list: ParsedList } | { ok: false; message: string };

const HEADER_NAMES = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'emailaddress', 'mail', 'email_address']);
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** An address mail can be sent to: a plain local part, a domain of DNS labels with a top-level name of letters. */
export function isDeliverableAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL.test(local) || labels.length < 2) return false;
  return labels.every((l) => LABEL.test(l)) && /^[A-Za-z]{2,63}$/.test(labels[labels.length - 1]!);
}

/** The delimiter of the first line: a comma unless that line has semicolons or tabs and no commas. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

/** The records of a CSV text; null when a quoted field is never closed. Stops after `maxRecords`. */
export function parseCsv(text: string, maxRecords: number): string[][] | null {
  const delimiter = delimiterOf(text);
  const stops = new RegExp(`[${delimiter === '\t' ? '\\t' : delimiter}\\r\\n]`, 'g');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"' && field === '') {
      // A quoted field: up to the closing quote; "" is one quote.
      let j = i + 1;
      let value = '';
      for (;;) {
        const close = text.indexOf('"', j);
        if (close < 0) return null;
        value += text.slice(j, close);
        if (text[close + 1] === '"') {
          value += '"';
          j = close + 2;
        } else {
          j = close + 1;
          break;
        }
      }
      field = value;
      i = j;
      continue;
    }
    if (c === delimiter) {
      record.push(field);
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') {
      record.push(field);
      records.push(record);
      if (records.length >= maxRecords) return records;
      record = [];
      field = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      // An unquoted field (a quote inside one is kept as written) up to the next delimiter or line end.
      stops.lastIndex = i;
      const stop = stops.exec(text)?.index ?? n;
      field += text.slice(i, stop);
      i = stop;
    }
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const blank = (r: string[]) => r.every((f) => f.trim() === '');

/** Finds the address column and returns its values, one per non-empty data row. */
export function readMailingList(text: string): ParseOutcome {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // One record more than allowed (plus the header) tells a file over the limit.
  const parsed = parseCsv(body, IMPORT_MAX_ROWS + 2);
  if (!parsed) return { ok: false, message: IMPORT_CSV_MESSAGES.unclosedQuote };
  const records = parsed.filter((r) => !blank(r));
  if (!records.length) return { ok: false, message: IMPORT_CSV_MESSAGES.empty };
  const first = records[0]!.map((f) => f.trim());
  let column = first.findIndex((f) => HEADER_NAMES.has(f.toLowerCase()));
  let dataStart = 1;
  let name = column >= 0 ? first[column]! : '';
  if (column < 0) {
    // No named header: the first row may be data (its first address column) or an unnamed header.
    const looks = (row: string[] | undefined) => (row ?? []).findIndex((f) => isDeliverableAddress(f.trim()));
    column = looks(records[0]);
    dataStart = 0;
    if (column < 0) {
      column = looks(records[1]);
      dataStart = 1;
    }
    if (column < 0) return { ok: false, message: IMPORT_CSV_MESSAGES.noEmailColumn };
    name = dataStart === 1 && first[column] ? first[column]! : `column ${column + 1}`;
  }
  const data = records.slice(dataStart);
  if (data.length > IMPORT_MAX_ROWS) return { ok: false, message: IMPORT_CSV_MESSAGES.tooManyRows(IMPORT_MAX_ROWS) };
  if (!data.length) return { ok: false, message: IMPORT_CSV_MESSAGES.empty };
  return { ok: true, list: { values: data.map((r) => (r[column] ?? '').trim().slice(0, 320)), column: name } };
}
