import { isIP } from 'node:net';
import type { Quotas } from '../accounts/quotas.js';
import { AppError } from '../../core/errors.js';
import { sha256Hex } from './secrets.js';

export interface WindowLimit {
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface SignInLimits {
  /** Link requests per address (5 per 15 minutes). */
  readonly linksPerAddress: WindowLimit;
  /** Link requests per client (20 per hour). */
  readonly linksPerClient: WindowLimit;
  /** Token verifications and OAuth callbacks per client (60 per hour). */
  readonly verifiesPerClient: WindowLimit;
}

export const DEFAULT_SIGNIN_LIMITS: SignInLimits = Object.freeze({
  linksPerAddress: Object.freeze({ limit: 5, windowSeconds: 15 * 60 }),
  linksPerClient: Object.freeze({ limit: 20, windowSeconds: 3600 }),
  verifiesPerClient: Object.freeze({ limit: 60, windowSeconds: 3600 }),
});

type Kind = keyof SignInLimits;

const WHAT: Readonly<Record<Kind, string>> = Object.freeze({
  linksPerAddress: 'sign-in links for this address',
  linksPerClient: 'sign-in links from this client',
  verifiesPerClient: 'sign-in attempts from this client',
});

/**
 * Sign-in rate limits on the quota store (memory or Redis, shared by every
 * process like the plan quotas), with their own fixed windows. Addresses are
 * counted under their SHA-256, so the store never holds them in clear.
 */
export class SignInLimiter {
  constructor(
    private readonly quotas: Quotas,
    private readonly limits: SignInLimits = DEFAULT_SIGNIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  async address(email: string): Promise<void> {
    await this.consume('linksPerAddress', sha256Hex(email));
  }

  async linkClient(ip: string): Promise<void> {
    await this.consume('linksPerClient', clientKey(ip));
  }

  async verifyClient(ip: string): Promise<void> {
    await this.consume('verifiesPerClient', clientKey(ip));
  }

  private async consume(kind: Kind, subject: string): Promise<void> {
    const { limit, windowSeconds } = this.limits[kind];
    const decision = await this.quotas.consumeWindow(`signin:${kind}:${subject}`, limit, windowSeconds);
    if (decision.allowed) return;
    const wait = Math.max(1, decision.resetAt - Math.floor(this.now() / 1000));
    throw new AppError('rate_limited', `Too many ${WHAT[kind]}: at most ${limit} per ${describe(windowSeconds)}; retry in ${wait} s`, {
      retryAfterSeconds: wait,
    });
  }
}

function describe(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? 'hour' : `${seconds / 3600} hours`;
  return seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} s`;
}

/**
 * What a client is counted as: its IPv4 address, or the /64 of an IPv6
 * address (one host usually owns a whole /64, so counting single addresses
 * would let it rotate through them).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(ip: string): string[] {
  const bare = ip.split('%')[0] ?? ip;
  const [head = '', tail] = bare.split('::', 2);
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail takes two groups; only the first four groups matter here.
  const rightGroups = right.flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - rightGroups.length }, () => '0');
  return [...left, ...fill, ...rightGroups].map((g) => (g === '' ? '0' : g.toLowerCase().replace(/^0+(?=.)/, '')));
}
