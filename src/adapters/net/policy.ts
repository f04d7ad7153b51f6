import { AppError } from '../../core/errors.js';
import {
  cidrContains,
  classifyParsed,
  embeddedIpv4,
  isMetadataAddress,
  parseAddress,
  parseCidr,
  unmapIpv4,
  type Cidr,
  type ParsedAddress,
} from './addresses.js';

/**
 * The connect policy: an address may be connected to when it is public, or when the
 * operator's allow-list (SCAN_API_ALLOW_CIDRS) names it. Cloud metadata endpoints need an
 * exact host entry (/32 or /128): allowing 169.254.0.0/16 or 100.64.0.0/10 for internal
 * services must not silently open the metadata service and its credentials.
 */
export interface AddressVerdict {
  readonly allowed: boolean;
  /** Why not: the special-purpose range the address is in. */
  readonly range?: string;
}

export interface AddressPolicy {
  check(ip: string): AddressVerdict;
}

export function createAddressPolicy(allowCidrs: readonly string[]): AddressPolicy {
  const allow: Cidr[] = [];
  for (const text of allowCidrs) {
    const cidr = parseCidr(text);
    if (cidr === undefined) throw new AppError('internal', `Scan failed: "${text}" in the scan allow-list is not a CIDR range`);
    allow.push(cidr);
  }
  return { check: (ip) => checkAddress(ip, allow) };
}

export function checkAddress(ip: string, allow: readonly Cidr[]): AddressVerdict {
  const parsed = parseAddress(ip);
  if (parsed === undefined) return { allowed: false, range: 'invalid (not an IP address)' };
  const classification = classifyParsed(parsed);
  if (!classification.blocked || isAllowListed(parsed, allow)) return { allowed: true };
  return { allowed: false, range: classification.range ?? 'special-purpose' };
}

function isAllowListed(address: ParsedAddress, allow: readonly Cidr[]): boolean {
  const unmapped = unmapIpv4(address);
  const forms = unmapped === undefined ? [address] : [address, unmapped];
  // A metadata address stays one in any IPv6 spelling (NAT64, 6to4, IPv4-compatible): it needs
  // an exact entry whichever form the allow-list names.
  const embedded = embeddedIpv4(address);
  const metadata = [...forms, ...(embedded ? [embedded] : [])].some(isMetadataAddress);
  for (const cidr of allow) {
    for (const form of forms) {
      if (!cidrContains(cidr, form)) continue;
      const exact = cidr.prefix === (cidr.family === 4 ? 32 : 128);
      if (!metadata || exact) return true;
    }
  }
  return false;
}
