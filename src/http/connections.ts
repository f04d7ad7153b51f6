/**
 * What happens below the routes, on the raw connection: how many a client
 * address may hold open, and how malformed or too-slow requests are answered.
 * A request that never finishes arriving must not hold a file descriptor for
 * long, and one address must not hold them all.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { API_CSP, BASE_SECURITY_HEADERS } from './plugins/security-headers.js';

/** Headers every raw answer carries: the same security headers the plugin sets on routed answers. */
const RAW_HEADERS = [
  'Content-Type: application/json; charset=utf-8',
  ...Object.entries(BASE_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
  `Content-Security-Policy: ${API_CSP}`,
  'Cache-Control: no-store',
  'Connection: close',
];

const rawAnswers = new Map<string, string>();

/** The bytes of one raw answer, built once per distinct answer (a flood gets thousands of the same). */
function rawAnswer(status: number, detail: string, extraHeaders: readonly string[]): string {
  const key = `${status}\u0000${detail}\u0000${extraHeaders.join('\u0000')}`;
  let text = rawAnswers.get(key);
  if (text === undefined) {
    const body = JSON.stringify({ detail });
    text = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`, ...RAW_HEADERS, ...extraHeaders, `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n');
    if (rawAnswers.size < 64) rawAnswers.set(key, text);
  }
  return text;
}

/** Answers written per turn of the event loop; the rest wait for the next turn. */
export const RAW_ANSWERS_PER_TURN = 100;
const pending: { socket: Socket; text: string }[] = [];
let draining = false;

function drain(): void {
  const batch = pending.splice(0, RAW_ANSWERS_PER_TURN);
  for (const { socket, text } of batch) {
    if (!socket.writable) continue;
    // end() flushes the answer; a peer that never reads it is cut off shortly after.
    socket.setTimeout(2_000, () => socket.destroy());
    socket.end(text);
  }
  if (pending.length > 0) setImmediate(drain);
  else draining = false;
}

/**
 * Writes a complete `{detail}` answer on a socket that has no request object
 * (parser-level failures, timeouts, the per-address limit). Thousands of them
 * can fall due in the same instant (a slow-POST flood timing out at once), so
 * they are written in slices, one per turn of the event loop, and requests
 * that are being served wait for one slice at most, not for the whole flood.
 */
export function writeRawAnswer(socket: Socket, status: number, detail: string, extraHeaders: readonly string[] = []): void {
  if (!socket.writable) return;
  // Nothing more is read from it: a request arriving while the answer waits is never served.
  socket.pause();
  pending.push({ socket, text: rawAnswer(status, detail, extraHeaders) });
  if (!draining) {
    draining = true;
    setImmediate(drain);
  }
}

/** Node's `clientError` codes, answered in words (everything else is a 400). */
function describeClientError(error: NodeJS.ErrnoException): { status: number; detail: string } {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, detail: 'Request timeout: the request did not arrive whole in time; send it again without pauses' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, detail: 'Request header fields too large: send smaller headers' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, detail: 'Chunk extensions too large' };
    default:
      return { status: 400, detail: 'Malformed HTTP request: the request line, headers or framing could not be parsed' };
  }
}

/** Fastify's clientErrorHandler: a `{detail}` body and the usual security headers, then the socket closes. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = describeClientError(error);
  writeRawAnswer(socket, status, detail);
}

/**
 * At most `max` open connections per client address (0 = no limit). Past it
 * a new connection gets 429 and is closed at once, so requests from other
 * addresses are still served. Behind a proxy every connection comes from the
 * proxy, so the limit is off by default there (docs/api.md#limits).
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      writeRawAnswer(socket, 429, `Too many open connections from your address (at most ${max}); close idle ones and retry`, ['Retry-After: 1']);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
