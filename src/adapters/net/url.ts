import { isIP } from 'node:net';
import { AppError } from '../../core/errors.js';

/** Longest target URL accepted (user input and redirect Locations alike). */
export const MAX_URL_LENGTH = 4096;

const EXPECTED = 'expected an absolute http:// or https:// URL such as https://api.example.com';

function invalid(reason: string): AppError {
  return new AppError('bad_request', `Invalid URL: ${reason}`);
}

/**
 * Parses a scan target with the WHATWG URL parser, which also normalises every IPv4
 * notation (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1, short 127.1) to dotted
 * decimal and IDNA host names to ASCII, before any address check sees the host.
 * Validation only: whether the host is reachable is decided at connect time.
 */
export function parseTargetUrl(input: string, base?: URL): URL {
  if (typeof input !== 'string' || input.trim() === '') throw invalid(`the URL is empty; ${EXPECTED}`);
  if (input.length > MAX_URL_LENGTH) throw invalid(`longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw invalid(`could not parse it; ${EXPECTED}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`only http:// and https:// URLs can be scanned (got ${url.protocol}//); ${EXPECTED}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid('credentials (user:password@) are not allowed in the URL; send the bare http:// or https:// URL');
  }
  if (url.hostname === '' || url.hostname === '[]') throw invalid(`a host name is required; ${EXPECTED}`);
  if (url.href.length > MAX_URL_LENGTH) throw invalid(`longer than ${MAX_URL_LENGTH} characters once normalised`);
  url.hash = '';
  return url;
}

/** The host to connect to: the hostname without IPv6 brackets. */
export function connectHost(url: URL): string {
  const { hostname } = url;
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** Whether the URL's host is an IP literal (Node then connects without a DNS lookup). */
export function isIpLiteralHost(url: URL): boolean {
  return isIP(connectHost(url)) !== 0;
}

export function defaultPort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}
