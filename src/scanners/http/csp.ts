/** A small Content-Security-Policy reader (CSP Level 3 §2.2 parsing, no evaluation beyond what the checks need). */
import { values } from './headers.js';
import type { HeaderMap } from './types.js';

/** Directive name → source list; the first occurrence of a directive wins, as in browsers. */
export type Policy = ReadonlyMap<string, readonly string[]>;

export function parsePolicy(text: string): Policy {
  const directives = new Map<string, string[]>();
  for (const part of text.split(';')) {
    const tokens = part.trim().split(/[ \t\n\r\f]+/).filter(Boolean);
    const name = tokens[0]?.toLowerCase();
    if (name === undefined || directives.has(name)) continue;
    directives.set(name, tokens.slice(1));
  }
  return directives;
}

/** Every policy delivered in a header: several headers and comma-joined values are separate policies. */
export function policies(headers: HeaderMap, name = 'content-security-policy'): Policy[] {
  const out: Policy[] = [];
  for (const value of values(headers, name)) {
    for (const text of value.split(',')) {
      if (text.trim()) out.push(parsePolicy(text));
    }
  }
  return out;
}

/** Sources that govern scripts: script-src, else default-src; undefined = scripts unrestricted. */
export function scriptSources(policy: Policy): readonly string[] | undefined {
  return policy.get('script-src') ?? policy.get('default-src');
}

const NONCE_OR_HASH = /^'(?:nonce-|sha256-|sha384-|sha512-)/i;

/** CSP2+ browsers ignore 'unsafe-inline' next to a nonce or hash, and host lists next to 'strict-dynamic'. */
export function hasNonceOrHash(sources: readonly string[]): boolean {
  return sources.some((s) => NONCE_OR_HASH.test(s));
}

export function hasKeyword(sources: readonly string[], keyword: string): boolean {
  return sources.some((s) => s.toLowerCase() === `'${keyword}'`);
}

const BROAD_SCHEMES = new Set(['http:', 'https:', 'data:', 'blob:', 'filesystem:', 'ws:', 'wss:']);

/** `*`, a bare scheme or a host wildcard-only source: anyone can host a script there. */
export function broadSource(sources: readonly string[]): string | undefined {
  if (hasKeyword(sources, 'strict-dynamic')) return undefined;
  return sources.find((s) => {
    const lower = s.toLowerCase();
    return lower === '*' || BROAD_SCHEMES.has(lower) || /^(?:https?:\/\/)?\*$/.test(lower);
  });
}

/** frame-ancestors that actually restrict framing (not `*` or a bare scheme). */
export function restrictsFraming(policy: Policy): boolean {
  const sources = policy.get('frame-ancestors');
  if (sources === undefined) return false;
  return broadSource(sources) === undefined;
}

/** A source that loads over plain http: the `http:` scheme, or an http:// host source (mixed content on an https page). */
export function isPlainHttpSource(source: string): boolean {
  const lower = source.toLowerCase();
  return lower === 'http:' || lower.startsWith('http://') || lower === 'ws:' || lower.startsWith('ws://');
}
