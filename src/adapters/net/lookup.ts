import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './policy.js';

/** A host that resolved to (or is) an address the policy refuses. Carries no IP for DNS names. */
export class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly range: string,
    /** True when the host was an IP literal (the user typed the address). */
    readonly literal: boolean,
  ) {
    super(`${host} is in a blocked range: ${range}`);
    this.name = 'BlockedAddressError';
  }
}

/** A resolver answer that is not an IP address at all. */
export class InvalidLookupError extends Error {
  constructor(readonly host: string) {
    super(`DNS lookup for ${host} returned an invalid address`);
    this.name = 'InvalidLookupError';
  }
}

/** RFC 6761: localhost names are loopback, whatever a resolver might say. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

const LOCALHOST: readonly LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

function asList(address: string | LookupAddress[], family: number | undefined): LookupAddress[] {
  if (Array.isArray(address)) return address;
  return [{ address, family: family ?? (address.includes(':') ? 6 : 4) }];
}

const defaultLookup: LookupFunction = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * Wraps a resolver so that every address it returns is checked before the socket may use
 * any of them. Passed as the `lookup` of the connection itself, so the checked answer is the
 * one connected to: there is no second resolution for a rebinding DNS server to change.
 */
export function guardLookup(policy: AddressPolicy, base: LookupFunction = defaultLookup): LookupFunction {
  return (hostname, options, callback) => {
    let answered = false;
    const reply = (error: NodeJS.ErrnoException | null, list: LookupAddress[]): void => {
      if (answered) return;
      answered = true;
      process.nextTick(() => {
        if (error !== null) return callback(error, options.all === true ? [] : '');
        const first = list[0];
        if (options.all === true || first === undefined) return callback(null, list);
        callback(null, first.address, first.family);
      });
    };
    const decide = (list: LookupAddress[]): void => {
      if (list.length === 0) return reply(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), []);
      for (const { address } of list) {
        if (typeof address !== 'string' || isIP(address) === 0) return reply(new InvalidLookupError(hostname), []);
        const verdict = policy.check(address);
        if (!verdict.allowed) return reply(new BlockedAddressError(hostname, verdict.range ?? 'special-purpose', false), []);
      }
      reply(null, list);
    };
    if (isLocalhostName(hostname)) return decide([...LOCALHOST]);
    try {
      base(hostname, { ...options, all: true }, (error, address, family) => {
        if (error !== null) return reply(error, []);
        decide(asList(address, family));
      });
    } catch (error) {
      reply(error instanceof Error ? error : new Error(String(error)), []);
    }
  };
}
