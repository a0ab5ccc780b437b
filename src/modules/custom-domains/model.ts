import { isIP } from 'node:net';

/** Spec §4 domain statuses. FAILED: a check after linking found the records missing or wrong. */
export const DOMAIN_STATES = ['CREATED', 'VERIFIED', 'ACTIVE', 'FAILED', 'DELETED'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];
export type DomainOwnerKind = 'PUBLICATION' | 'USER';

/** The TXT record's name in front of the domain: the owner proves control of the zone with it. */
export const CHALLENGE_LABEL = '_inkwell-challenge';

export interface CustomDomainRow {
  id: string;
  domain: string;
  ownerKind: DomainOwnerKind;
  ownerId: string;
  state: DomainState;
  verificationToken: string;
  lastCheckedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const CUSTOM_DOMAIN_COLUMNS = `id, domain, owner_kind as "ownerKind", owner_id as "ownerId", state, verification_token as "verificationToken",
  last_checked_at as "lastCheckedAt", last_error as "lastError", created_at as "createdAt", updated_at as "updatedAt"`;

/**
 * Spec §5 'invalid domain' and §8 'domain connect errors', as the owner reads them. Each says what
 * to do next; DNS failures name the record that is missing or wrong.
 */
export const DOMAIN_MESSAGES = {
  invalidDomain: 'Please enter a valid domain name, such as blog.example.com.',
  ipAddress: 'Please enter a domain name, not an IP address.',
  mainHost: 'That domain belongs to this site. Please enter a domain you own.',
  taken: 'That domain is already connected to another account or publication.',
  alreadyLinked: 'A custom domain is already connected. Remove it before connecting another.',
  notLinked: 'No custom domain is connected.',
  notVerified: 'Verify the domain before activating it.',
  alreadyActive: 'The domain is already active.',
  signIn: 'Sign in to manage custom domains.',
  /** Connecting and removing change where the publication lives: its owner decides. */
  ownerOnly: "Only the publication's owner can connect or remove its domain.",
  /** Checking and activating a connected domain is safe for editors too. */
  editorsOnly: "Only the publication's owner and editors can manage its domain.",
  noPointer: 'The domain does not point to this site yet: add the CNAME (or A/AAAA) record shown below. DNS changes can take up to an hour to appear.',
  wrongPointer: 'The domain points somewhere else: its CNAME or A/AAAA record must match the one shown below.',
  noChallenge: 'The TXT verification record was not found: add the TXT record shown below.',
  wrongChallenge: 'The TXT verification record does not match: copy the value shown below exactly.',
  dnsUnavailable: 'We could not reach DNS to check the domain. Please try again in a few minutes.',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain as typed ('https://Blog.Example.com/', 'blog.example.com.'), in its stored form. */
export function normalizeDomain(input: string): string {
  let v = input.trim().toLowerCase();
  v = v.replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '');
  return v.replace(/\.$/, '');
}

/** The host part of a MAIN_HOST value ('localhost:3000' → 'localhost'). */
export const hostnameOf = (host: string) => host.toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');

/**
 * Why a normalized domain cannot be linked, or null: it must be a real hostname (two labels or
 * more, letters digits and inner hyphens, a top-level label of letters), not an IP address, and
 * neither the main host nor a name under it (those are the site's own profile subdomains).
 */
export function domainProblem(domain: string, mainHost: string): string | null {
  const bare = domain.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return DOMAIN_MESSAGES.ipAddress;
  if (domain.length > 253) return DOMAIN_MESSAGES.invalidDomain;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !/^[a-z]{2,63}$/.test(labels.at(-1)!)) return DOMAIN_MESSAGES.invalidDomain;
  const main = hostnameOf(mainHost);
  if (domain === main || domain.endsWith(`.${main}`)) return DOMAIN_MESSAGES.mainHost;
  return null;
}

/** Spec §3 customDomainState.live.isSubdomain: a name below a registrable domain (blog.example.com), not an apex (example.com). */
export const isSubdomain = (domain: string) => domain.split('.').length > 2;

/** The records the owner sets, as the settings pages show them. */
export function dnsRecordsFor(row: Pick<CustomDomainRow, 'domain' | 'verificationToken'>, mainHost: string, addresses: readonly string[]): { type: string; name: string; value: string }[] {
  const pointer = isSubdomain(row.domain) || addresses.length === 0 ? [{ type: 'CNAME', name: row.domain, value: hostnameOf(mainHost) }] : addresses.map((a) => ({ type: a.includes(':') ? 'AAAA' : 'A', name: row.domain, value: a }));
  return [...pointer, { type: 'TXT', name: `${CHALLENGE_LABEL}.${row.domain}`, value: row.verificationToken }];
}
