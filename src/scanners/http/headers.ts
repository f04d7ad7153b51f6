/**
 * Small, pure helpers over received headers: reading values, splitting lists,
 * and writing evidence lines. Values are capped before any regex sees them.
 */
import type { HeaderMap, ObservedResponse } from './types.js';

/** Longest header value a check reads or an evidence line shows. */
export const MAX_VALUE_LENGTH = 16_384;
const MAX_EVIDENCE_VALUE = 300;

export function values(headers: HeaderMap, name: string): readonly string[] {
  return (headers[name.toLowerCase()] ?? []).map((v) => v.slice(0, MAX_VALUE_LENGTH));
}

export function first(headers: HeaderMap, name: string): string | undefined {
  return values(headers, name)[0];
}

export function has(headers: HeaderMap, name: string): boolean {
  return values(headers, name).length > 0;
}

/** Every comma-separated item of every value, trimmed, empties dropped. */
export function commaItems(headers: HeaderMap, name: string): string[] {
  const items: string[] = [];
  for (const value of values(headers, name)) {
    for (const item of value.split(',')) {
      const trimmed = item.trim();
      if (trimmed) items.push(trimmed);
    }
  }
  return items;
}

const SPECIAL_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'www-authenticate': 'WWW-Authenticate',
  'x-aspnet-version': 'X-AspNet-Version',
  'x-aspnetmvc-version': 'X-AspNetMvc-Version',
  'x-xss-protection': 'X-XSS-Protection',
});

/** Content-Security-Policy, X-Frame-Options …: clients lower-case names, evidence reads better in the usual form. */
export function displayName(name: string): string {
  const lower = name.toLowerCase();
  return SPECIAL_NAMES[lower] ?? lower.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

export function headerLine(name: string, value: string): string {
  const shown = value.length > MAX_EVIDENCE_VALUE ? `${value.slice(0, MAX_EVIDENCE_VALUE)}…` : value;
  return `${displayName(name)}: ${shown}`;
}

/** One evidence line per received value of each named header, in the order given. */
export function headerLines(headers: HeaderMap, ...names: string[]): string[] {
  const lines: string[] = [];
  for (const name of names) {
    for (const value of values(headers, name)) lines.push(headerLine(name, value));
  }
  return lines;
}

/** The media type of Content-Type, lower-case, without parameters ('' when absent). */
export function mediaType(headers: HeaderMap): string {
  return (first(headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A document a browser renders (where CSP, framing and Permissions-Policy matter most). */
export function isDocument(response: ObservedResponse): boolean {
  const type = mediaType(response.headers);
  return type === 'text/html' || type === 'application/xhtml+xml' || type === 'image/svg+xml';
}

export function isHttpsUrl(url: string): boolean {
  return url.toLowerCase().startsWith('https:');
}

/** Parses `a=1; b; c="x"` into lower-case names → values ('' for bare names); repeated names are listed in `repeated`. */
export function parseParams(value: string, separator = ';'): { params: Map<string, string>; repeated: string[] } {
  const params = new Map<string, string>();
  const repeated: string[] = [];
  for (const part of value.split(separator)) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf('=');
    const name = (eq === -1 ? trimmed : trimmed.slice(0, eq)).trim().toLowerCase();
    const raw = eq === -1 ? '' : trimmed.slice(eq + 1).trim();
    const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    if (params.has(name)) repeated.push(name);
    else params.set(name, unquoted);
  }
  return { params, repeated };
}

/** Outcome location of a finding about the main response. */
export function mainAt(response: ObservedResponse): { url: string; method: string } {
  return { url: response.finalUrl, method: response.method };
}
