import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createSocket } from 'node:dgram';

export const DNSMASQ = '/usr/sbin/dnsmasq';
export const hasDnsmasq = () => existsSync(DNSMASQ);

/** A port no other test file of this run picks: DNS for the custom-domain checks. */
export async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

export interface DnsZone {
  /** name → IPv4 address (A records). */
  a?: Record<string, string>;
  /** alias → target (the target needs an A record here too: dnsmasq answers CNAMEs only to names it knows). */
  cname?: Record<string, string>;
  /** name → TXT value. */
  txt?: Record<string, string>;
}

/**
 * dnsmasq answering only from `zone` on 127.0.0.1:port, and NXDOMAIN for any other name under
 * the `.test` top-level domain (it asks no other server). Started per zone: it reads its records
 * once, at start.
 */
export async function startDnsmasq(port: number, zone: DnsZone, listen = '127.0.0.1'): Promise<{ stop(): Promise<void> }> {
  const args = ['--keep-in-foreground', '--conf-file=/dev/null', `--port=${port}`, `--listen-address=${listen}`, '--bind-interfaces', '--no-resolv', '--no-hosts', '--local=/test/', '--log-facility=-', '--user=root'];
  for (const [name, ip] of Object.entries(zone.a ?? {})) args.push(`--host-record=${name},${ip}`);
  for (const [alias, target] of Object.entries(zone.cname ?? {})) args.push(`--cname=${alias},${target}`);
  for (const [name, value] of Object.entries(zone.txt ?? {})) args.push(`--txt-record=${name},${value}`);
  const child: ChildProcess = spawn(DNSMASQ, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  // Ready once it logs that it started (or it failed and exited).
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (/started, version/.test(stderr)) resolve();
    };
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`dnsmasq exited (${code}): ${stderr}`)));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
