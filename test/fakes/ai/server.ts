import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pause, startSse, writeSse, type SseEvent } from './sse.js';

/**
 * The loopback server behind every AI fake. A Dialect says how one vendor names its endpoint,
 * finds the key, words its errors and frames its stream; this module records requests, plays
 * the scripted token schedule and breaks connections on cue.
 */
export type FakeFailure = 'overloaded' | 'unavailable' | 'rate_limited' | 'unauthorized' | 'forbidden' | 'bad_request';

export interface Piece {
  readonly text: string;
  /** Wait before this piece is written. */
  readonly delayMs?: number;
}

export interface FakeScript {
  /** Text pieces streamed in order (default: DEFAULT_PIECES). */
  readonly pieces?: readonly (string | Piece)[];
  /** Wait after the headers and opening events, before the first piece. */
  readonly firstTokenDelayMs?: number;
  /** Answer with the vendor's documented HTTP error instead; 'drop' destroys the socket before any answer. */
  readonly fail?: FakeFailure | 'drop';
  /** Sent with 'rate_limited' (retry-after header, or Gemini's RetryInfo). */
  readonly retryAfterSeconds?: number;
  /** After the pieces: finish normally, send the vendor's error event, destroy the socket, or never finish. */
  readonly end?: 'complete' | 'drop' | 'hang' | { readonly error: FakeFailure };
  /** Quote the request's whole API key in error messages (tests that it is redacted). */
  readonly echoKey?: boolean;
}

export const DEFAULT_PIECES: readonly string[] = ['Hello', ', ', 'world', '!'];

/** How an exchange ended: we finished it, we destroyed the socket, or the client went away first. */
export type ExchangeEnd = 'completed' | 'dropped' | 'client-closed';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  readonly body: unknown;
  /** The API key where this vendor's clients send it. */
  readonly apiKey: string | undefined;
  readonly closed: Promise<ExchangeEnd>;
}

export interface ExchangeContext {
  /** Random hex, for the ids a vendor puts in its answers. */
  readonly exchangeId: string;
  readonly model: string;
  readonly apiKey: string | undefined;
  readonly script: FakeScript;
  readonly body: Readonly<Record<string, unknown>>;
}

export interface FailureAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Dialect {
  /** The model a request to the streaming endpoint names; undefined for any other path. */
  endpoint(method: string, url: URL, body: Readonly<Record<string, unknown>>): string | undefined;
  apiKey(req: IncomingMessage, url: URL): string | undefined;
  /** The vendor's documented answer for a failure; `detail` words a refused request. */
  failure(failure: FakeFailure, ctx: ExchangeContext, detail?: string): FailureAnswer;
  /** A documented 400 for a request the real API would refuse (missing header, stream not requested). */
  refuse?(req: IncomingMessage, body: Readonly<Record<string, unknown>>): string | undefined;
  readonly lineEnding?: '\n' | '\r\n';
  opening(ctx: ExchangeContext): readonly SseEvent[];
  delta(text: string, ctx: ExchangeContext): readonly SseEvent[];
  closing(ctx: ExchangeContext, pieces: number): readonly SseEvent[];
  streamError(failure: FakeFailure, ctx: ExchangeContext): readonly SseEvent[];
}

export interface FakeAiOptions {
  /** When set, requests with any other key (or none) get the vendor's invalid-key answer. */
  readonly apiKey?: string;
}

export interface FakeAi {
  /** Origin of the fake (http://127.0.0.1:port); the vendor's paths live under it. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Queue scripts for the next requests, one each; requests beyond the queue stream DEFAULT_PIECES. */
  script(...scripts: FakeScript[]): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function sendJson(res: ServerResponse, answer: FailureAnswer): void {
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
  res.end(JSON.stringify(answer.body));
}

async function play(dialect: Dialect, ctx: ExchangeContext, res: ServerResponse, gone: AbortSignal, drop: () => void): Promise<void> {
  const { script } = ctx;
  startSse(res);
  writeSse(res, dialect.opening(ctx), dialect.lineEnding);
  await pause(script.firstTokenDelayMs ?? 0, gone);
  const pieces = (script.pieces ?? DEFAULT_PIECES).map((p) => (typeof p === 'string' ? { text: p } : p));
  for (const piece of pieces) {
    await pause(piece.delayMs ?? 0, gone);
    if (gone.aborted || !writeSse(res, dialect.delta(piece.text, ctx), dialect.lineEnding)) return;
  }
  const end = script.end ?? 'complete';
  if (end === 'hang') return;
  if (end === 'drop') {
    // Let the pieces reach the client first: a connection that dies later, not one that never carried them.
    await pause(30, gone);
    return drop();
  }
  const events = end === 'complete' ? dialect.closing(ctx, pieces.length) : dialect.streamError(end.error, ctx);
  writeSse(res, events, dialect.lineEnding);
  res.end();
}

export async function startFakeAi(dialect: Dialect, options: FakeAiOptions = {}): Promise<FakeAi> {
  const queue: FakeScript[] = [];
  const requests: RecordedRequest[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const gone = new AbortController();
    let ending: ExchangeEnd = 'client-closed';
    const closed = new Promise<ExchangeEnd>((resolve) => {
      res.on('close', () => {
        if (res.writableFinished && ending === 'client-closed') ending = 'completed';
        gone.abort();
        resolve(ending);
      });
    });
    const drop = (): void => {
      ending = 'dropped';
      req.socket.destroy();
    };
    const parsed = await readBody(req);
    const body = isRecord(parsed) ? parsed : {};
    const apiKey = dialect.apiKey(req, url);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: parsed, apiKey, closed });

    const model = dialect.endpoint(req.method ?? 'GET', url, body);
    if (model === undefined) return sendJson(res, { status: 404, body: { error: { message: `No route for ${req.method} ${url.pathname}` } } });
    const script = queue.shift() ?? {};
    const ctx: ExchangeContext = { exchangeId: randomBytes(12).toString('hex'), model, apiKey, script, body };
    if (options.apiKey !== undefined && apiKey !== options.apiKey) return sendJson(res, dialect.failure('unauthorized', ctx));
    const refusal = parsed === undefined ? 'body is not JSON' : dialect.refuse?.(req, body);
    if (refusal !== undefined) return sendJson(res, dialect.failure('bad_request', ctx, refusal));
    if (script.fail === 'drop') return drop();
    if (script.fail !== undefined) return sendJson(res, dialect.failure(script.fail, ctx));
    await play(dialect, ctx, res, gone.signal, drop);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...scripts) => void queue.push(...scripts),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
