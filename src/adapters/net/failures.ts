import { AppError } from '../../core/errors.js';
import { BlockedAddressError, InvalidLookupError } from './lookup.js';

/** A connect or whole-exchange deadline that passed. */
export class NetTimeoutError extends Error {
  constructor(
    readonly phase: 'connect' | 'total',
    readonly ms: number,
  ) {
    super(`timed out after ${formatSeconds(ms)}${phase === 'connect' ? ' while connecting' : ''}`);
    this.name = 'NetTimeoutError';
  }
}

/** A failure that is the target's (or the path to it), reported as 400 Could not reach target URL. */
export class UnreachableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreachableError';
  }
}

export function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** Why a signal aborted, as an Error (an abort without a reason reads as AbortError). */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return Object.assign(new Error('request aborted'), { name: 'AbortError' });
}

export function formatSeconds(ms: number): string {
  return `${Math.round(ms) / 1000} s`;
}

export function unreachable(reason: string): AppError {
  return new AppError('bad_request', `Could not reach target URL: ${reason}`);
}

export function blocked(error: BlockedAddressError): AppError {
  const range = error.range;
  const article = /^[aeiouAEIOU]/.test(range) && !range.startsWith('unique') ? 'an' : 'a';
  const verb = error.literal ? 'is' : 'resolves to';
  return new AppError('bad_request', `Target URL is not publicly reachable: ${error.host} ${verb} ${article} ${range} address`);
}

const SOCKET_REASONS: Readonly<Record<string, string>> = Object.freeze({
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ECONNABORTED: 'connection aborted',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EHOSTDOWN: 'host is down',
  ENETDOWN: 'network is down',
  ETIMEDOUT: 'timed out',
  EADDRNOTAVAIL: 'address not available',
});

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA', 'ESERVFAIL', 'EREFUSED']);

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** OpenSSL's reason text ("wrong version number") rather than its whole error line. */
function opensslReason(error: Error): string {
  const reason = (error as Error & { reason?: unknown }).reason;
  if (typeof reason === 'string' && reason !== '') return clip(reason);
  const match = /error:[0-9A-Fa-f]+:[^:]*:[^:]*:([^:]+)/.exec(error.message);
  return clip(match?.[1] ?? error.message);
}

function tlsReason(code: string, error: Error): string | undefined {
  if (code.includes('CERT') || code === 'HOSTNAME_MISMATCH' || code.startsWith('UNABLE_TO_')) {
    return `TLS certificate error: ${clip(error.message)}`;
  }
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO') return `TLS handshake failed: ${opensslReason(error)}`;
  return undefined;
}

function errorCode(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : '';
}

/** The reason a network error gives, or undefined when it is not a network failure. */
function networkReason(error: Error, host: string): string | undefined {
  const code = errorCode(error);
  if (code === 'ECONNRESET' && error.message === 'socket hang up') return 'connection closed before a response';
  const known = SOCKET_REASONS[code];
  if (known !== undefined) return known;
  if (DNS_CODES.has(code)) return code === 'EAI_AGAIN' ? `DNS lookup for ${host} failed temporarily` : `DNS lookup for ${host} failed (no such host)`;
  const tls = tlsReason(code, error);
  if (tls !== undefined) return tls;
  if (code.startsWith('HPE_')) return `invalid HTTP response (${code})`;
  if ((error as NodeJS.ErrnoException).syscall !== undefined && code !== '') return `network error (${code})`;
  return undefined;
}

/** Maps whatever a hop threw to the AppError the API reports. `host` is the URL's hostname. */
export function toAppError(error: unknown, host: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof BlockedAddressError) return blocked(error);
  if (error instanceof NetTimeoutError || error instanceof UnreachableError) return unreachable(error.message);
  if (error instanceof InvalidLookupError) return unreachable(error.message);
  if (error instanceof Error) {
    const reason = networkReason(error, host);
    if (reason !== undefined) return unreachable(reason);
    if (error.name === 'TimeoutError') return unreachable('timed out');
    if (error.name === 'AbortError') return unreachable('request aborted');
  }
  return new AppError('internal', 'Scan failed: unexpected error while requesting the target URL', { cause: error });
}
