/**
 * Whether an IP address is on the public internet. Outbound fetches made on a user's
 * behalf (story import, link previews) may only reach public addresses: anything else
 * could be this machine, the private network around it or a cloud metadata service.
 */
import { isIP } from 'node:net';

function parseIPv4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (with '::' and a trailing dotted IPv4 part expanded). */
export function parseIPv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const lastColon = text.lastIndexOf(':');
  if (lastColon === -1) return null;
  // A trailing dotted IPv4 part (::ffff:127.0.0.1) is two more groups.
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (!v4) return null;
    text = `${text.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...head, ...(halves.length === 2 ? zeros.map(String) : []), ...rest].map((g) => parseInt(g, 16));
}

/** IPv4 ranges that are not public unicast (RFC 6890 special-purpose registry and multicast). */
const V4_BLOCKED: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata lives here)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, and 255.255.255.255 broadcast
];

function v4Number(o: number[]): number {
  return ((o[0]! << 24) >>> 0) + (o[1]! << 16) + (o[2]! << 8) + o[3]!;
}

function isPublicV4(octets: number[]): boolean {
  const n = v4Number(octets);
  return !V4_BLOCKED.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return ((n & mask) >>> 0) === ((v4Number(base) & mask) >>> 0);
  });
}

/** The IPv4 address inside an IPv6 one that only wraps it (mapped, compatible, NAT64, 6to4). */
function embeddedV4(g: number[]): number[] | null {
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!); // ::ffff:a.b.c.d
  if (zero(0, 6)) return v4(g[6]!, g[7]!); // ::a.b.c.d (deprecated compatible form; also :: and ::1)
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4(g[6]!, g[7]!); // NAT64 64:ff9b::/96
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!); // 6to4
  return null;
}

function isPublicV6(g: number[]): boolean {
  const wrapped = embeddedV4(g);
  if (wrapped) return isPublicV4(wrapped);
  // Global unicast is 2000::/3; everything else (ULA fc00::/7, link-local fe80::/10,
  // multicast ff00::/8, discard 100::/64, …) is not public.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && g[1]! < 0x0200) return false; // 2001::/23 IETF protocol assignments (Teredo, ORCHID…)
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x3fff && g[1]! < 0x1000) return false; // documentation 3fff::/20
  return true;
}

/** True only for a syntactically valid, public unicast IPv4 or IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) {
    const o = parseIPv4(address);
    return o !== null && isPublicV4(o);
  }
  if (family === 6) {
    const g = parseIPv6(address);
    return g !== null && isPublicV6(g);
  }
  return false;
}

/** One spelling per address (so an allow-list entry matches however the address is written). */
export function canonicalAddress(address: string): string | null {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return parseIPv4(address)?.join('.') ?? null;
  if (family === 6) return parseIPv6(address)?.map((g) => g.toString(16)).join(':') ?? null;
  return null;
}
