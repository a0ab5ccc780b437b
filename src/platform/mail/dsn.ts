/**
 * What a report mailed back to a VERP address says: a delivery status notification (RFC 3464,
 * multipart/report; report-type=delivery-status) or an abuse feedback report (ARF, RFC 5965,
 * report-type=feedback-report). Only the report's machine-readable part is read; the human text
 * and the returned message are not.
 *
 * Classification of a DSN's failed recipients (Action: failed):
 *   - Status 5.x.x: hard, except 5.2.2 (mailbox full) and 5.7.x (policy: often our server or the
 *     content refused, not the address), which are soft: they suppress only when they repeat;
 *   - Status 4.x.x: soft (the remote server gave up retrying a temporary failure).
 * Action: delayed is a warning while the remote server still retries: nothing. Action: delivered
 * is a confirmed delivery. A feedback report is a complaint unless its Feedback-Type is not-spam.
 * Anything else (auto-replies, bounces in no standard format) says nothing.
 */

export type ReportVerdict =
  | { kind: 'hard' | 'soft'; status: string; detail: string }
  | { kind: 'complaint'; detail: string }
  | { kind: 'delivered'; detail: string }
  | { kind: 'none'; detail: string };

interface MimePart {
  headers: Map<string, string>;
  type: string;
  params: Record<string, string>;
  /** The decoded body (transfer encoding undone). */
  body: string;
  parts: MimePart[];
}

const MAX_DEPTH = 5;

/** Header block → lowercase name → first value, continuation lines unfolded. */
export function parseHeaderBlock(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = text.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  if (!value) return { type: 'text/plain', params: {} };
  const [type = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const m of rest.join(';').matchAll(/([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    params[m[1]!.toLowerCase()] = (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

function parsePart(text: string, depth: number): MimePart {
  const split = /\r?\n\r?\n/.exec(text);
  const headerText = split ? text.slice(0, split.index) : text;
  const rawBody = split ? text.slice(split.index + split[0].length) : '';
  const headers = parseHeaderBlock(headerText);
  const { type, params } = parseContentType(headers.get('content-type'));
  const parts: MimePart[] = [];
  if (type.startsWith('multipart/') && params.boundary && depth < MAX_DEPTH) {
    const delimiter = `--${params.boundary}`;
    const chunks = rawBody.split(new RegExp(`(?:^|\\r?\\n)${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    // chunks[0] is the preamble; a chunk starting with '--' is the epilogue after the closing delimiter.
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith('--')) break;
      parts.push(parsePart(chunk.replace(/^[ \t]*\r?\n/, ''), depth + 1));
    }
  }
  return { headers, type, params, body: decodeBody(rawBody, headers.get('content-transfer-encoding')), parts };
}

function* walk(part: MimePart): Generator<MimePart> {
  yield part;
  for (const child of part.parts) yield* walk(child);
}

/** The field groups of a message/delivery-status body: the per-message group, then one per recipient. */
function fieldGroups(body: string): Map<string, string>[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((block) => parseHeaderBlock(block))
    .filter((group) => group.size > 0);
}

const severity = { hard: 3, soft: 2, delivered: 1 } as const;

function classifyRecipient(fields: Map<string, string>): ReportVerdict | null {
  const action = (fields.get('action') ?? '').toLowerCase();
  const status = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(fields.get('status') ?? '');
  const detail = [fields.get('status'), fields.get('diagnostic-code')].filter(Boolean).join(' ');
  if (action === 'delivered') return { kind: 'delivered', detail };
  if (action !== 'failed' || !status) return null;
  const [code, cls, subject, detailCode] = status as unknown as [string, string, string, string];
  if (cls === '4') return { kind: 'soft', status: code, detail };
  if (cls !== '5') return null;
  const soft = (subject === '2' && detailCode === '2') || subject === '7';
  return { kind: soft ? 'soft' : 'hard', status: code, detail };
}

/** What the report in `raw` (a whole message, headers and body) says. */
export function classifyReport(raw: string): ReportVerdict {
  const root = parsePart(raw, 0);
  for (const part of walk(root)) {
    if (part.type === 'message/feedback-report') {
      const fields = parseHeaderBlock(part.body);
      const type = (fields.get('feedback-type') ?? '').toLowerCase();
      if (type === 'not-spam') return { kind: 'none', detail: 'feedback report: not-spam' };
      return { kind: 'complaint', detail: `feedback report: ${type || 'unknown'}${fields.get('user-agent') ? ` from ${fields.get('user-agent')}` : ''}` };
    }
    if (part.type === 'message/delivery-status' || part.type === 'message/global-delivery-status') {
      const verdicts = fieldGroups(part.body)
        .slice(1)
        .map(classifyRecipient)
        .filter((v): v is Exclude<ReportVerdict, { kind: 'complaint' | 'none' }> => v !== null && v.kind !== 'complaint' && v.kind !== 'none');
      // One VERP address per message, so one recipient per report in practice; with several, the worst counts.
      const worst = verdicts.sort((a, b) => severity[b.kind] - severity[a.kind])[0];
      return worst ?? { kind: 'none', detail: 'delivery status without a failure' };
    }
  }
  return { kind: 'none', detail: `not a report (${root.type})` };
}
