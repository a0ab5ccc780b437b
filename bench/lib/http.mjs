// Small HTTP helpers with no connection reuse, so every call sees the server as a new client would.
import http from 'node:http';
import net from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port that was free a moment ago (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * One request; resolves with { status, headers, body (Buffer) }, rejects on network errors
 * (connection refused while a server starts, for instance) and after `timeoutMs`.
 */
export function request(url, { method = 'GET', headers = {}, body, timeoutMs = 10_000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs a GraphQL operation and returns the parsed response; non-200 answers throw. */
export async function graphqlRequest(origin, payload) {
  const res = await request(`${origin}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  const text = res.body.toString('utf8');
  if (res.status !== 200) throw new Error(`POST /_/graphql answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}
