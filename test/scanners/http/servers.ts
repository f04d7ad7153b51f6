/**
 * Loopback fakes of APIs with given header sets and CORS behaviours, including the
 * origin-matching bugs the probes are designed to reveal. 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type CorsMode =
  | 'none'
  | 'reflect-any'
  | 'reflect-credentials'
  | 'null-trusted'
  | 'suffix-bug'
  | 'prefix-bug'
  | 'unescaped-dot-bug'
  | 'allow-list';

export interface FakeApiOptions {
  readonly headers?: Readonly<Record<string, string | string[]>>;
  readonly cors?: CorsMode;
  /** Delay before answering, to observe concurrency. */
  readonly delayMs?: number;
  /** Custom handling before the default; return true when the request was answered. */
  readonly intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

export interface FakeApi {
  readonly url: string;
  readonly origin: string;
  readonly requests: SeenRequest[];
  maxInFlight(): number;
  close(): Promise<void>;
}

/** The host part of an Origin, by string (the buggy servers below do not parse URLs either). */
const originHost = (origin: string) => origin.replace(/^[a-z]+:\/\//, '').split(':')[0] ?? '';

function trusted(mode: CorsMode, origin: string, own: string): boolean {
  switch (mode) {
    case 'none':
      return false;
    case 'reflect-any':
    case 'reflect-credentials':
      return true;
    case 'null-trusted':
      return origin === 'null' || origin === own;
    case 'suffix-bug':
      return originHost(origin).endsWith('127.0.0.1');
    case 'prefix-bug':
      return originHost(origin).startsWith('127.0.0.1');
    case 'unescaped-dot-bug':
      return /^https?:\/\/127.0.0.1(:\d+)?$/.test(origin);
    case 'allow-list':
      return origin === own;
  }
}

function answerCors(mode: CorsMode, req: IncomingMessage, res: ServerResponse, own: string): void {
  const origin = req.headers.origin;
  if (mode !== 'none') res.setHeader('vary', mode === 'allow-list' ? 'Origin' : 'Accept-Encoding');
  if (origin === undefined || !trusted(mode, origin, own)) return;
  // vigil-ignore: cors-permissive-credentials -- a deliberately misconfigured server for the CORS checks
  res.setHeader('access-control-allow-origin', origin);
  if (mode !== 'reflect-any') res.setHeader('access-control-allow-credentials', 'true');
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', 'GET, PUT, DELETE');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type');
  }
}

export async function startFakeApi(options: FakeApiOptions = {}): Promise<FakeApi> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => (inFlight -= 1));
    const respond = () => {
      if (options.intercept?.(req, res)) return;
      const own = `http://${req.headers.host ?? ''}`;
      answerCors(options.cors ?? 'none', req, res, own);
      if (req.method === 'OPTIONS') {
        res.statusCode = 204;
        res.end();
        return;
      }
      for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
      res.end('{"ok":true}');
    };
    if (options.delayMs) setTimeout(respond, options.delayMs);
    else respond();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
