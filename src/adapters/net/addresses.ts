import { isIPv4, isIPv6 } from 'node:net';

/**
 * Classification of IP addresses against the IANA IPv4 and IPv6 special-purpose address
 * registries, plus cloud metadata endpoints. Written from the registries (RFC 6890 and
 * successors); the first matching rule wins, so specific entries come before wider ones.
 */
export interface ParsedAddress {
  readonly family: 4 | 6;
  readonly value: bigint;
}

export interface AddressClassification {
  readonly blocked: boolean;
  /** Human name of the special-purpose range, e.g. "loopback (127.0.0.0/8)". */
  readonly range?: string;
}

interface Rule {
  readonly family: 4 | 6;
  readonly network: bigint;
  readonly prefix: number;
  readonly name: string;
  /** For ranges that embed an IPv4 address: extracts it, and the embedded address decides. */
  readonly embedded?: (value: bigint) => bigint;
}

const BITS = { 4: 32, 6: 128 } as const;

function ipv4Value(text: string): bigint {
  let value = 0n;
  for (const part of text.split('.')) value = (value << 8n) | BigInt(Number(part));
  return value;
}

function ipv6Value(text: string): bigint {
  let body = text;
  const lastColon = body.lastIndexOf(':');
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = ipv4Value(tail);
    body = `${body.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [left = '', right] = body.split('::');
  const head = left === '' ? [] : left.split(':');
  const rest = right === undefined || right === '' ? [] : right.split(':');
  const zeros = right === undefined ? [] : new Array<string>(8 - head.length - rest.length).fill('0');
  let value = 0n;
  for (const group of [...head, ...zeros, ...rest]) value = (value << 16n) | BigInt(parseInt(group, 16));
  return value;
}

/** Parses a canonical IPv4 or IPv6 address (brackets and an IPv6 zone are tolerated). */
export function parseAddress(text: string): ParsedAddress | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIPv4(bare)) return { family: 4, value: ipv4Value(bare) };
  if (!isIPv6(bare)) return undefined;
  return { family: 6, value: ipv6Value(bare.split('%')[0] ?? '') };
}

export function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

export interface Cidr {
  readonly family: 4 | 6;
  readonly network: bigint;
  readonly prefix: number;
}

/** "10.0.0.0/8" or "fd00::/8" → a network (host bits cleared), or undefined when malformed. */
export function parseCidr(text: string): Cidr | undefined {
  const [address, prefixText, ...extra] = text.trim().split('/');
  if (address === undefined || extra.length > 0) return undefined;
  const parsed = parseAddress(address);
  if (parsed === undefined) return undefined;
  const bits = BITS[parsed.family];
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= bits)) return undefined;
  const shift = BigInt(bits - prefix);
  return { family: parsed.family, network: (parsed.value >> shift) << shift, prefix };
}

export function cidrContains(cidr: Cidr, address: ParsedAddress): boolean {
  if (cidr.family !== address.family) return false;
  const shift = BigInt(BITS[cidr.family] - cidr.prefix);
  return address.value >> shift === cidr.network >> shift;
}

function rule(cidr: string, name: string, embedded?: (value: bigint) => bigint): Rule {
  const parsed = parseCidr(cidr);
  if (parsed === undefined) throw new Error(`bad built-in range ${cidr}`);
  return { ...parsed, name, ...(embedded === undefined ? {} : { embedded }) };
}

const low32 = (value: bigint): bigint => value & 0xffff_ffffn;
const sixToFour = (value: bigint): bigint => (value >> 80n) & 0xffff_ffffn;

/** Cloud metadata and platform endpoints: reachable only through an exact /32 or /128 allow entry. */
const METADATA: readonly Rule[] = [
  rule('169.254.169.254/32', 'cloud metadata endpoint (link-local 169.254.0.0/16)'),
  rule('169.254.170.2/32', 'cloud container credentials endpoint (link-local 169.254.0.0/16)'),
  rule('169.254.170.23/32', 'cloud pod identity endpoint (link-local 169.254.0.0/16)'),
  rule('169.254.0.23/32', 'cloud metadata endpoint (link-local 169.254.0.0/16)'),
  rule('100.100.100.200/32', 'cloud metadata endpoint (carrier-grade NAT 100.64.0.0/10)'),
  rule('168.63.129.16/32', 'cloud platform endpoint (Azure WireServer 168.63.129.16)'),
  rule('fd00:ec2::254/128', 'cloud metadata endpoint (unique-local fc00::/7)'),
  rule('fd00:ec2::23/128', 'cloud pod identity endpoint (unique-local fc00::/7)'),
  rule('fd20:ce::254/128', 'cloud metadata endpoint (unique-local fc00::/7)'),
];

const V4: readonly Rule[] = [
  rule('0.0.0.0/8', '"this network" (0.0.0.0/8)'),
  rule('10.0.0.0/8', 'private-use (10.0.0.0/8)'),
  rule('100.64.0.0/10', 'carrier-grade NAT shared (100.64.0.0/10)'),
  rule('127.0.0.0/8', 'loopback (127.0.0.0/8)'),
  rule('169.254.0.0/16', 'link-local (169.254.0.0/16)'),
  rule('172.16.0.0/12', 'private-use (172.16.0.0/12)'),
  rule('192.0.0.0/24', 'IETF protocol assignments (192.0.0.0/24)'),
  rule('192.0.2.0/24', 'documentation (192.0.2.0/24)'),
  rule('192.88.99.0/24', '6to4 relay anycast (192.88.99.0/24)'),
  rule('192.168.0.0/16', 'private-use (192.168.0.0/16)'),
  rule('198.18.0.0/15', 'benchmarking (198.18.0.0/15)'),
  rule('198.51.100.0/24', 'documentation (198.51.100.0/24)'),
  rule('203.0.113.0/24', 'documentation (203.0.113.0/24)'),
  rule('224.0.0.0/4', 'multicast (224.0.0.0/4)'),
  rule('255.255.255.255/32', 'limited broadcast (255.255.255.255/32)'),
  rule('240.0.0.0/4', 'reserved (240.0.0.0/4)'),
];

const V6: readonly Rule[] = [
  rule('::/128', 'unspecified (::/128)'),
  rule('::1/128', 'loopback (::1/128)'),
  rule('::ffff:0:0/96', 'IPv4-mapped ::ffff:0:0/96', low32),
  rule('::ffff:0:0:0/96', 'IPv4-translated (::ffff:0:0:0/96)'),
  rule('::/96', 'IPv4-compatible ::/96', low32),
  rule('64:ff9b::/96', 'NAT64 64:ff9b::/96', low32),
  rule('64:ff9b:1::/48', 'local-use NAT64 (64:ff9b:1::/48)'),
  rule('100::/64', 'discard-only (100::/64)'),
  rule('100:0:0:1::/64', 'dummy prefix (100:0:0:1::/64)'),
  rule('2001::/32', 'Teredo (2001::/32)'),
  rule('2001::/23', 'IETF protocol assignments (2001::/23)'),
  rule('2001:db8::/32', 'documentation (2001:db8::/32)'),
  rule('2002::/16', '6to4 2002::/16', sixToFour),
  rule('3fff::/20', 'documentation (3fff::/20)'),
  rule('5f00::/16', 'SRv6 SIDs (5f00::/16)'),
  rule('fc00::/7', 'unique-local (fc00::/7)'),
  rule('fe80::/10', 'link-local (fe80::/10)'),
  rule('fec0::/10', 'site-local (fec0::/10)'),
  rule('ff00::/8', 'multicast (ff00::/8)'),
];

/** Only 2000::/3 is allocated as global unicast; everything else not named above is reserved. */
const GLOBAL_UNICAST = rule('2000::/3', 'global unicast (2000::/3)');
const V6_RESERVED = 'reserved (outside global unicast 2000::/3)';

export function isMetadataAddress(address: ParsedAddress): boolean {
  return METADATA.some((r) => cidrContains(r, address));
}

export function classifyParsed(address: ParsedAddress): AddressClassification {
  for (const r of [...METADATA, ...(address.family === 4 ? V4 : V6)]) {
    if (!cidrContains(r, address)) continue;
    if (r.embedded === undefined) return { blocked: true, range: r.name };
    const inner = classifyParsed({ family: 4, value: r.embedded(address.value) });
    if (!inner.blocked) return { blocked: false };
    return { blocked: true, range: (inner.range ?? 'special-purpose ()').replace(/\)$/, `, embedded in ${r.name})`) };
  }
  if (address.family === 6 && !cidrContains(GLOBAL_UNICAST, address)) return { blocked: true, range: V6_RESERVED };
  return { blocked: false };
}

/** Whether an address is special-purpose (not publicly routable) and which range it is in. */
export function classifyAddress(ip: string): AddressClassification {
  const parsed = parseAddress(ip);
  if (parsed === undefined) return { blocked: true, range: 'invalid (not an IP address)' };
  return classifyParsed(parsed);
}

/**
 * The IPv4 address an IPv6 address carries, if it is in a range that embeds
 * one (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96, 6to4 2002::/16).
 */
export function embeddedIpv4(address: ParsedAddress): ParsedAddress | undefined {
  if (address.family !== 6) return undefined;
  const r = V6.find((candidate) => candidate.embedded !== undefined && cidrContains(candidate, address));
  return r?.embedded === undefined ? undefined : { family: 4, value: r.embedded(address.value) };
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), if it is one. */
export function unmapIpv4(address: ParsedAddress): ParsedAddress | undefined {
  if (address.family !== 6 || address.value >> 32n !== 0xffffn) return undefined;
  return { family: 4, value: low32(address.value) };
}
