import { promises as dns } from 'node:dns';
import { CHALLENGE_LABEL, DOMAIN_MESSAGES, hostnameOf } from './model.js';

export interface DnsCheckOptions {
  mainHost: string;
  /** The site's public addresses (CUSTOM_DOMAIN_ADDRESSES): an apex domain points here with A/AAAA. */
  addresses: readonly string[];
  /** Resolvers to ask ('127.0.0.1:5353'); empty: the system's. Tests point it at their own DNS server. */
  servers: readonly string[];
}

/** DNS answers that mean "no such record" rather than "could not ask". */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

async function lookup<T>(ask: () => Promise<T[]>): Promise<T[] | 'absent' | 'unavailable'> {
  try {
    const found = await ask();
    return found.length ? found : 'absent';
  } catch (e) {
    return ABSENT.has((e as { code?: string }).code ?? '') ? 'absent' : 'unavailable';
  }
}

/**
 * Checks a domain's records (spec §8 domain connect errors): it points to this site (a CNAME to
 * the main host, or A/AAAA records all among the site's addresses) AND the TXT record
 * `_inkwell-challenge.{domain}` holds the token. Returns null when both hold, else the message
 * for the first problem.
 */
export async function checkDomainDns(domain: string, token: string, opts: DnsCheckOptions): Promise<string | null> {
  const resolver = new dns.Resolver({ timeout: 3000, tries: 2 });
  if (opts.servers.length) resolver.setServers([...opts.servers]);
  const main = hostnameOf(opts.mainHost);

  const cname = await lookup(() => resolver.resolveCname(domain));
  if (cname === 'unavailable') return DOMAIN_MESSAGES.dnsUnavailable;
  if (cname === 'absent') {
    const [v4, v6] = await Promise.all([lookup(() => resolver.resolve4(domain)), lookup(() => resolver.resolve6(domain))]);
    if (v4 === 'unavailable' && v6 === 'unavailable') return DOMAIN_MESSAGES.dnsUnavailable;
    const found = [...(Array.isArray(v4) ? v4 : []), ...(Array.isArray(v6) ? v6 : [])];
    if (found.length === 0) return DOMAIN_MESSAGES.noPointer;
    if (!found.every((a) => opts.addresses.includes(a))) return DOMAIN_MESSAGES.wrongPointer;
  } else if (!cname.some((c) => hostnameOf(c) === main)) {
    return DOMAIN_MESSAGES.wrongPointer;
  }

  const txt = await lookup(() => resolver.resolveTxt(`${CHALLENGE_LABEL}.${domain}`));
  if (txt === 'unavailable') return DOMAIN_MESSAGES.dnsUnavailable;
  if (txt === 'absent') return DOMAIN_MESSAGES.noChallenge;
  // A TXT record may come in several strings: they are one value.
  if (!txt.some((chunks) => chunks.join('') === token)) return DOMAIN_MESSAGES.wrongChallenge;
  return null;
}
