/** A Set-Cookie reader (RFC 6265bis §5.6): name, attributes, and a redacted evidence line. */
import { commaItems, displayName, parseParams, values } from './headers.js';
import type { HeaderMap, ObservedResponse } from './types.js';

export interface SetCookie {
  readonly name: string;
  readonly secure: boolean;
  readonly httpOnly: boolean;
  /** Lower-case SameSite value as sent, or undefined. */
  readonly sameSite: string | undefined;
  /** Domain attribute as sent (leading dot dropped, lower-case), or undefined. */
  readonly domain: string | undefined;
  /** Path attribute as sent, or undefined. */
  readonly path: string | undefined;
  /** Max-Age <= 0: the cookie is being deleted. */
  readonly deletion: boolean;
  /** The header line with the cookie's value replaced, for evidence. */
  readonly line: string;
}

const MAX_NAME = 100;

export function parseSetCookie(value: string): SetCookie | undefined {
  const semicolon = value.indexOf(';');
  const pair = semicolon === -1 ? value : value.slice(0, semicolon);
  const eq = pair.indexOf('=');
  if (eq === -1) return undefined;
  const name = pair.slice(0, eq).trim().slice(0, MAX_NAME);
  if (!name) return undefined;
  const attributes = semicolon === -1 ? '' : value.slice(semicolon + 1);
  const { params } = parseParams(attributes);
  const maxAge = params.get('max-age');
  const deletion = maxAge !== undefined && /^-?\d{1,12}$/.test(maxAge) && Number(maxAge) <= 0;
  // The value may be a session token: evidence never carries it.
  const line = `${displayName('set-cookie')}: ${name}=<redacted>${attributes ? `;${attributes}` : ''}`.slice(0, 400);
  return {
    name,
    secure: params.has('secure'),
    httpOnly: params.has('httponly'),
    sameSite: params.get('samesite')?.toLowerCase(),
    domain: params.get('domain')?.toLowerCase().replace(/^\./, '') || undefined,
    path: params.get('path'),
    deletion,
    line,
  };
}

export function setCookies(headers: HeaderMap): SetCookie[] {
  const cookies: SetCookie[] = [];
  for (const value of values(headers, 'set-cookie')) {
    const cookie = parseSetCookie(value);
    if (cookie) cookies.push(cookie);
  }
  return cookies;
}

/** Names frameworks and apps use for session or authentication cookies. */
const SESSION_NAME = /sess|sid|auth|token|jwt|login|remember|identity|connect\.sid|^__host-|^__secure-/i;

/** Anti-CSRF tokens are read by scripts on purpose. */
const CSRF_NAME = /csrf|xsrf/i;

export function looksLikeSession(name: string): boolean {
  const capped = name.slice(0, MAX_NAME);
  return SESSION_NAME.test(capped) && !CSRF_NAME.test(capped);
}

/** Why the response looks tied to a user (it sets a cookie, or varies on credentials), or undefined. */
export function looksPersonal(response: ObservedResponse): string | undefined {
  const cookie = setCookies(response.headers).find((c) => !c.deletion);
  if (cookie) return `sets cookie ${cookie.name}`;
  for (const item of commaItems(response.headers, 'vary')) {
    const lower = item.toLowerCase();
    if (lower === 'cookie' || lower === 'authorization') return `varies on ${displayName(lower)}`;
  }
  return undefined;
}
