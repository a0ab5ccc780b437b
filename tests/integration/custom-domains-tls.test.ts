import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';

/**
 * The real path of a certificate (README "Custom domains and TLS"): Debian's caddy with on-demand
 * TLS asking our /_/tls/ask, pebble (a test ACME CA) validating over http-01 against caddy, and
 * dnsmasq answering the test names, for pebble and for our DNS check. Caddy, pebble and dnsmasq run
 * in a network namespace of this test's own (ports 80/443/53 free there), joined to this process's
 * namespace by a veth pair: the app (this process) listens on HOST_IP, the namespace is NS_IP.
 */
const TOOLS = ['/usr/bin/caddy', '/usr/bin/pebble', '/usr/sbin/dnsmasq'];
const missing = TOOLS.filter((t) => !existsSync(t));
const isRoot = process.getuid?.() === 0;
const NS = `inkw-tls-${process.pid}`;
const HOST_IF = `ikh${process.pid % 100000}`;
const NS_IF = `ikn${process.pid % 100000}`;
const HOST_IP = '10.231.0.1';
const NS_IP = '10.231.0.2';

const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'pipe' });
const inNs = (args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): ChildProcess => spawn('ip', ['netns', 'exec', NS, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });

/** Resolves once `child` has written `pattern` (stdout or stderr); rejects if it exits first. */
function readyWhen(child: ChildProcess, pattern: RegExp, name: string): Promise<void> {
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += String(d);
      if (pattern.test(out)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${out.slice(-2000)}`)));
  });
}

/** An HTTPS GET to the namespace's caddy with SNI `domain`: the answer and the certificate's issuer. */
function httpsGet(domain: string): Promise<{ status: number; body: string; subject: string; issuer: string }> {
  return new Promise((resolve, reject) => {
    // Pebble's roots change at every start: the certificate is checked by its names and issuer below.
    const req = request({ host: NS_IP, port: 443, servername: domain, path: '/', headers: { host: domain }, rejectUnauthorized: false }, (res) => {
      const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, subject: String(cert.subject?.CN ?? ''), issuer: String(cert.issuer?.CN ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(missing.length > 0 && !process.env.CI)(`automatic TLS for custom domains (needs ${TOOLS.join(', ')}; root for a network namespace)`, () => {
  let t: TestApp;
  let writer: Reader;
  let port: number;
  const children: ChildProcess[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'inkwell-tls-'));

  beforeAll(async () => {
    if (!isRoot) throw new Error('This test makes a network namespace: run it as root.');
    sh('ip', ['netns', 'add', NS]);
    sh('ip', ['netns', 'exec', NS, 'ip', 'link', 'set', 'lo', 'up']);
    sh('ip', ['link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF]);
    sh('ip', ['link', 'set', NS_IF, 'netns', NS]);
    sh('ip', ['addr', 'add', `${HOST_IP}/30`, 'dev', HOST_IF]);
    sh('ip', ['link', 'set', HOST_IF, 'up']);
    sh('ip', ['netns', 'exec', NS, 'ip', 'addr', 'add', `${NS_IP}/30`, 'dev', NS_IF]);
    sh('ip', ['netns', 'exec', NS, 'ip', 'link', 'set', NS_IF, 'up']);

    t = await createTestApp({ CUSTOM_DOMAIN_DNS_SERVERS: `${NS_IP}:53` });
    await t.app.listen({ host: HOST_IP, port: 0 });
    port = (t.app.server.address() as { port: number }).port;
    writer = await newReader(t, 'Tess');
  }, 60_000);

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    try {
      sh('ip', ['netns', 'del', NS]); // takes the veth pair with it
    } catch {
      // never made (not root)
    }
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}) => Object.values((await writer.browser.gql(query, variables)).data)[0] as Record<string, any>;

  it('issues a certificate for a verified domain (its page served over it) and refuses one for an unverified name', async () => {
    const domain = 'tess-writes.test';
    const linked = await gql(`mutation($d: String!) { linkCustomDomain(domain: $d) { ... on CustomDomainSuccess { customDomainState { live { records { type value } } } } } }`, { d: domain });
    const token = linked.customDomainState.live.records.find((r: { type: string }) => r.type === 'TXT').value;
    // And a publication of hers, on a domain of its own.
    const pubDomain = 'harbour-press.test';
    const made = await gql(`mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id } } } }`, { input: { name: 'Harbour Press', slug: 'harbour-press' } });
    const pubId = made.collection.id as string;
    const pubLinked = await gql(`mutation($c: ID, $d: String!) { linkCustomDomain(collectionId: $c, domain: $d) { ... on CustomDomainSuccess { customDomainState { live { records { type value } } } } } }`, { c: pubId, d: pubDomain });
    const pubToken = pubLinked.customDomainState.live.records.find((r: { type: string }) => r.type === 'TXT').value;

    // DNS for both: the names point at the namespace (where caddy answers pebble's http-01), by a CNAME to the main host.
    const dns = inNs(['/usr/sbin/dnsmasq', '--keep-in-foreground', '--conf-file=/dev/null', '--port=53', `--listen-address=127.0.0.1,${NS_IP}`, '--bind-interfaces', '--no-resolv', '--no-hosts', '--local=/test/', `--host-record=localhost,${NS_IP}`, `--cname=${domain},localhost`, `--address=/stranger.test/${NS_IP}`, `--txt-record=_inkwell-challenge.${domain},${token}`, `--cname=${pubDomain},localhost`, `--txt-record=_inkwell-challenge.${pubDomain},${pubToken}`, '--log-facility=-', '--user=root']);
    children.push(dns);
    await readyWhen(dns, /started, version/, 'dnsmasq');

    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${dir}/pebble.key`, '-out', `${dir}/pebble.crt`, '-days', '2', '-subj', '/CN=pebble', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
    writeFileSync(`${dir}/pebble.json`, JSON.stringify({ pebble: { listenAddress: '127.0.0.1:14000', managementListenAddress: '127.0.0.1:15000', certificate: `${dir}/pebble.crt`, privateKey: `${dir}/pebble.key`, httpPort: 80, tlsPort: 443, ocspResponderURL: '', externalAccountBindingRequired: false } }));
    const pebble = inNs(['/usr/bin/pebble', '-config', `${dir}/pebble.json`, '-dnsserver', '127.0.0.1:53'], { env: { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' } });
    children.push(pebble);
    await readyWhen(pebble, /Listening on/, 'pebble');

    const origin = `http://${HOST_IP}:${port}`;
    writeFileSync(
      `${dir}/Caddyfile`,
      `{\n\tadmin off\n\tstorage file_system ${dir}/caddy-data\n\tacme_ca https://127.0.0.1:14000/dir\n\tacme_ca_root ${dir}/pebble.crt\n\ton_demand_tls {\n\t\task ${origin}/_/tls/ask\n\t}\n}\nhttps:// {\n\ttls {\n\t\ton_demand\n\t}\n\treverse_proxy ${HOST_IP}:${port}\n}\n`,
    );
    const caddy = inNs(['/usr/bin/caddy', 'run', '--config', `${dir}/Caddyfile`, '--adapter', 'caddyfile'], { env: { HOME: dir, XDG_DATA_HOME: `${dir}/xdg`, XDG_CONFIG_HOME: `${dir}/xdg` } });
    children.push(caddy);
    await readyWhen(caddy, /serving initial configuration/, 'caddy');

    // Not verified yet: our endpoint says no, so caddy asks for no certificate.
    await expect(httpsGet(domain)).rejects.toThrow();

    const verified = await gql(`mutation { verifyCustomDomain { ... on CustomDomainSuccess { customDomainState { live { status lastError } } } } }`);
    expect(verified.customDomainState.live).toEqual({ status: 'VERIFIED', lastError: null });
    const active = await gql(`mutation { activateCustomDomain { ... on CustomDomainSuccess { customDomainState { live { status } } } } }`);
    expect(active.customDomainState.live.status).toBe('ACTIVE');

    const page = await httpsGet(domain);
    expect(page.subject).toBe(domain);
    expect(page.issuer).toMatch(/^Pebble Intermediate CA/);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Tess'); // the writer's profile, served at the root of their domain

    // The publication's homepage, over its own certificate.
    const pubVerified = await gql(`mutation($c: ID) { verifyCustomDomain(collectionId: $c) { ... on CustomDomainSuccess { customDomainState { live { status } } } } }`, { c: pubId });
    expect(pubVerified.customDomainState.live.status).toBe('VERIFIED');
    const pubActive = await gql(`mutation($c: ID) { activateCustomDomain(collectionId: $c) { ... on CustomDomainSuccess { customDomainState { live { status } } } } }`, { c: pubId });
    expect(pubActive.customDomainState.live.status).toBe('ACTIVE');
    const home = await httpsGet(pubDomain);
    expect(home.subject).toBe(pubDomain);
    expect(home.issuer).toMatch(/^Pebble Intermediate CA/);
    expect(home.status).toBe(200);
    expect(home.body).toContain('data-testid="publication-masthead"');
    expect(home.body).toContain('<title>Harbour Press – ');
    expect(home.body).toContain(`<link rel="canonical" href="http://${pubDomain}/"`);

    // A name pointed at the site by a stranger: no certificate.
    await expect(httpsGet('stranger.test')).rejects.toThrow();
  }, 120_000);
});
