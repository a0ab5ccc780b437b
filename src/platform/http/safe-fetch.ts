/**
 * Fetching a URL a user gave us (story import, link previews) without letting them use
 * the server to reach what they cannot (server-side request forgery):
 *
 * - http and https only, no credentials in the URL;
 * - the host name is resolved here, every address checked (ip-ranges.ts: loopback,
 *   private, link-local, multicast, reserved, IPv4-mapped IPv6… are refused), and the
 *   connection goes to the address checked, never to a second resolution an attacker's DNS
 *   could answer differently;
 * - at most 3 redirects, each target checked the same way;
 * - a connect timeout and a total timeout, and a size cap on the body (cut off, not read
 *   to the end); only the content types asked for.
 *
 * `allowAddresses` lets given addresses through although they are not public: the tests
 * use it for their local HTTP servers (the FETCH_ALLOW_ADDRESSES setting), and a site on a
 * closed network could use it for its own intranet. Nothing else is ever let through.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { canonicalAddress, isPublicAddress } from './ip-ranges.js';

export interface SafeFetchOptions {
  /** Which bodies to accept: a web page, an image, or JSON (an API on a server a user named), XML (an AWS API's answer), a PEM certificate. */
  accept: 'html' | 'image' | 'json' | 'xml' | 'pem';
  /** GET by default. A POST follows no redirect (its body would not be sent again). */
  method?: 'GET' | 'POST';
  /** A POST's body with its content type. */
  body?: { contentType: string; data: string };
  /** Extra request headers (an API's Authorization). */
  headers?: Record<string, string>;
  /** Body size cap in bytes (default 2 MB). */
  maxBytes?: number;
  /** Time to establish each connection (default 5 s). */
  connectTimeoutMs?: number;
  /** Time for the whole fetch, redirects and body included (default 10 s). */
  totalTimeoutMs?: number;
  /** Redirects followed at most (default 3). */
  maxRedirects?: number;
  /** Non-public addresses that may be reached anyway (tests, closed networks); exact addresses. */
  allowAddresses?: readonly string[];
  /** Name resolution; default the system resolver. Tests can point a name at an address. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface SafeFetchResponse {
  /** The URL the body came from, after redirects. */
  url: string;
  status: number;
  /** Lowercase media type without parameters, e.g. 'text/html'. */
  contentType: string;
  /** The charset parameter of the content type, if any. */
  charset: string | null;
  body: Buffer;
}

export type SafeFetchErrorCode = 'bad-url' | 'blocked-address' | 'unresolvable' | 'timeout' | 'too-large' | 'bad-content-type' | 'bad-status' | 'too-many-redirects' | 'network';

/** Messages are shown to the writer who asked for the fetch. */
export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const SAFE_FETCH_DEFAULTS = { maxBytes: 2 * 1024 * 1024, connectTimeoutMs: 5_000, totalTimeoutMs: 10_000, maxRedirects: 3 } as const;

const CONTENT_TYPES: Record<SafeFetchOptions['accept'], readonly string[]> = {
  html: ['text/html', 'application/xhtml+xml'],
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  json: ['application/json'],
  xml: ['text/xml', 'application/xml'],
  pem: ['application/x-pem-file', 'application/x-x509-ca-cert', 'application/pkix-cert', 'application/octet-stream', 'binary/octet-stream', 'text/plain'],
};
const ACCEPT_HEADERS: Record<SafeFetchOptions['accept'], string> = { html: 'text/html,application/xhtml+xml', image: 'image/*', json: 'application/json', xml: 'text/xml,application/xml', pem: '*/*' };
const WRONG_TYPE: Record<SafeFetchOptions['accept'], string> = { html: 'That address is not a web page.', image: 'That address is not an image.', json: 'That server did not answer with JSON.', xml: 'That server did not answer with XML.', pem: 'That address is not a certificate.' };

const USER_AGENT = 'Mozilla/5.0 (compatible; InkwellBot/1.0; +link preview and story import)';

/** The URL as one we may fetch: absolute http(s), no user or password. */
export function parseFetchUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    throw new SafeFetchError('bad-url', 'That is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('bad-url', 'Only http and https addresses can be fetched.');
  if (url.username || url.password) throw new SafeFetchError('bad-url', 'Addresses with a user name or password cannot be fetched.');
  return url;
}

const BLOCKED = () => new SafeFetchError('blocked-address', 'That address is not on the public internet, so it cannot be fetched.');

/** The address to connect to: every address the name has must be allowed (no mixed answers). */
async function checkedAddress(url: URL, opts: SafeFetchOptions): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = new Set((opts.allowAddresses ?? []).map((a) => canonicalAddress(a)).filter(Boolean));
  const ok = (address: string) => isPublicAddress(address) || allowed.has(canonicalAddress(address));
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (opts.resolve ?? ((h) => dnsLookup(h, { all: true, verbatim: true })))(host);
    } catch {
      throw new SafeFetchError('unresolvable', `The site ${host} could not be found.`);
    }
  }
  if (addresses.length === 0) throw new SafeFetchError('unresolvable', `The site ${host} could not be found.`);
  if (!addresses.every((a) => ok(a.address))) throw BLOCKED();
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

interface Hop {
  status: number;
  location: string | null;
  contentType: string;
  charset: string | null;
  body: Buffer | null;
}

/** One request to an already checked address; the body is read only for a 2xx answer. */
function request(url: URL, target: { address: string; family: 4 | 6 }, opts: Required<Omit<SafeFetchOptions, 'allowAddresses' | 'resolve' | 'method' | 'body' | 'headers'>> & Pick<SafeFetchOptions, 'method' | 'body' | 'headers'>, signal: AbortSignal): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    // The connection goes to the checked address whatever the name would resolve to now.
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
      else callback(null, target.address, target.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: opts.method ?? 'GET',
      agent: false,
      lookup: pinned,
      signal,
      headers: {
        ...opts.headers,
        'user-agent': USER_AGENT,
        accept: ACCEPT_HEADERS[opts.accept],
        'accept-encoding': 'identity',
        ...(opts.body ? { 'content-type': opts.body.contentType, 'content-length': String(Buffer.byteLength(opts.body.data)) } : {}),
      },
    });
    const connectTimer = setTimeout(() => req.destroy(new SafeFetchError('timeout', 'The site took too long to answer.')), opts.connectTimeoutMs);
    req.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      socket.once('connect', () => clearTimeout(connectTimer));
      socket.once('secureConnect', () => clearTimeout(connectTimer));
    });
    req.on('error', (err) => {
      clearTimeout(connectTimer);
      reject(err instanceof SafeFetchError ? err : signal.aborted ? new SafeFetchError('timeout', 'The site took too long to answer.') : new SafeFetchError('network', 'The site could not be reached.'));
    });
    req.on('response', (res) => {
      clearTimeout(connectTimer);
      const status = res.statusCode ?? 0;
      const [type = '', ...params] = String(res.headers['content-type'] ?? '').split(';');
      const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1]).find(Boolean) ?? null;
      const hop = { status, location: res.headers.location ?? null, contentType: type.trim().toLowerCase(), charset };
      if (status < 200 || status >= 300) {
        res.destroy();
        resolve({ ...hop, body: null });
        return;
      }
      if (!CONTENT_TYPES[opts.accept].includes(hop.contentType)) {
        res.destroy();
        reject(new SafeFetchError('bad-content-type', WRONG_TYPE[opts.accept]));
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        res.destroy();
        reject(new SafeFetchError('too-large', 'That page is too large to fetch.'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) {
          res.destroy(new SafeFetchError('too-large', 'That page is too large to fetch.'));
          return;
        }
        chunks.push(chunk);
      });
      const failed = (err?: unknown) =>
        reject(err instanceof SafeFetchError ? err : signal.aborted ? new SafeFetchError('timeout', 'The site took too long to answer.') : new SafeFetchError('network', 'The site could not be reached.'));
      let ended = false;
      res.on('error', failed);
      res.on('end', () => {
        ended = true;
        resolve({ ...hop, body: Buffer.concat(chunks) });
      });
      // A body cut off (timeout, size cap, a dropped connection) may close without 'end' or 'error'.
      res.on('close', () => {
        if (!ended) failed(size > opts.maxBytes ? new SafeFetchError('too-large', 'That page is too large to fetch.') : undefined);
      });
    });
    req.end(opts.body?.data);
  });
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new SafeFetchError('timeout', 'The site took too long to answer.'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** GET `rawUrl` under the rules above; throws SafeFetchError with a message for the writer. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const opts = { ...SAFE_FETCH_DEFAULTS, ...options };
  const controller = new AbortController();
  const totalTimer = setTimeout(() => controller.abort(), opts.totalTimeoutMs);
  try {
    let url = parseFetchUrl(rawUrl);
    for (let redirects = 0; ; redirects++) {
      // Name resolution cannot be cancelled, but it cannot outlast the total timeout either.
      const target = await Promise.race([checkedAddress(url, opts), aborted(controller.signal)]);
      const hop = await request(url, target, opts, controller.signal);
      if (hop.status >= 300 && hop.status < 400 && hop.location) {
        if (redirects >= opts.maxRedirects || opts.method === 'POST') throw new SafeFetchError('too-many-redirects', 'That address redirects too many times.');
        url = parseFetchUrl(hop.location, url.href);
        continue;
      }
      if (!hop.body) throw new SafeFetchError('bad-status', `The site answered with status ${hop.status}.`);
      return { url: url.href, status: hop.status, contentType: hop.contentType, charset: hop.charset, body: hop.body };
    }
  } finally {
    clearTimeout(totalTimer);
  }
}
