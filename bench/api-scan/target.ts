/**
 * The loopback target of the API-scan benchmark: a small JSON API on 127.0.0.1 with the usual
 * weaknesses (no X-Content-Type-Options, no Cache-Control, a version-leaking Server and
 * X-Powered-By, a permissive X-Frame-Options value) and the classic CORS mistake: it reflects
 * any Origin, credentials allowed. Every request, and every connection that never became an
 * HTTP request (for example a TLS handshake sent to this plain-HTTP port), is counted under the
 * current phase, so each scanner's traffic can be read off.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface PhaseCount {
  requests: number;
  /** TCP connections opened (a client without keep-alive opens one per request). */
  connections: number;
  /** Connections the HTTP parser rejected (a TLS ClientHello on this port, garbage). */
  rejected: number;
  readonly byMethod: Map<string, number>;
}

export interface Target {
  readonly url: string;
  /** host:port, what the Observatory takes as its argument. */
  readonly host: string;
  /** Counts what follows under `name`. */
  phase(name: string): void;
  counts(name: string): PhaseCount;
  close(): Promise<void>;
}

const BASE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  server: 'nginx/1.18.0 (Ubuntu)',
  'x-powered-by': 'Express',
  'x-frame-options': 'ALLOWALL',
};

function answer(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    // vigil-ignore: cors-permissive-credentials -- the benchmark target is misconfigured on purpose
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-allow-credentials', 'true');
  }
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type, authorization');
    res.writeHead(204).end();
    return;
  }
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  const known = path === '/' || path === '/v1/status';
  res.writeHead(known ? 200 : 404, BASE_HEADERS);
  res.end(JSON.stringify(known ? { service: 'acme-api', version: '2.3.1', status: 'ok' } : { error: 'not_found' }));
}

export async function startTarget(): Promise<Target> {
  const phases = new Map<string, PhaseCount>();
  const countsOf = (name: string): PhaseCount => {
    let count = phases.get(name);
    if (count === undefined) {
      count = { requests: 0, connections: 0, rejected: 0, byMethod: new Map() };
      phases.set(name, count);
    }
    return count;
  };
  let current = countsOf('idle');
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    current.requests += 1;
    const method = req.method ?? '?';
    current.byMethod.set(method, (current.byMethod.get(method) ?? 0) + 1);
    answer(req, res);
  });
  server.on('clientError', (_error, socket: Socket) => {
    current.rejected += 1;
    socket.destroy();
  });
  server.on('connection', (socket: Socket) => {
    current.connections += 1;
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
    host: `127.0.0.1:${port}`,
    phase: (name) => {
      current = countsOf(name);
    },
    counts: countsOf,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
