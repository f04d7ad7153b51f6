import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction, Socket } from 'node:net';
import { expect } from 'vitest';
import { AppError } from '../../../src/core/errors.js';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

export interface TestServer {
  readonly port: number;
  readonly host: string;
  /** http://host:port (IPv6 hosts bracketed). */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** TCP connections accepted, whether or not a request followed. */
  connections(): number;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A loopback HTTP server that records every connection and request. */
export async function startServer(handler: Handler, host = '127.0.0.1', port = 0): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    host,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The canary: servers on 127.0.0.1 and (when the host has IPv6 loopback) ::1 on the same
 * port. Tests that run without an allow-list assert it was never connected to.
 */
export interface Canary {
  readonly port: number;
  hits(): number;
  close(): Promise<void>;
}

export async function startCanary(): Promise<Canary> {
  const fail: Handler = (_req, res) => res.end('canary reached');
  const v4 = await startServer(fail);
  const v6 = await startServer(fail, '::1', v4.port).catch(() => undefined);
  return {
    port: v4.port,
    hits: () => v4.connections() + v4.requests.length + (v6 === undefined ? 0 : v6.connections() + v6.requests.length),
    close: async () => {
      await v4.close();
      await v6?.close();
    },
  };
}

/** A resolver answering from a fixed table (names not in it fail with ENOTFOUND); counts calls. */
export function fixedLookup(table: Readonly<Record<string, string | readonly string[]>>): LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const lookup = (hostname: string, _options: unknown, callback: (err: NodeJS.ErrnoException | null, address: LookupAddress[]) => void): void => {
    calls.push(hostname);
    const entry = table[hostname];
    if (entry === undefined) {
      setImmediate(() => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []));
      return;
    }
    const list = (typeof entry === 'string' ? [entry] : entry).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    setImmediate(() => callback(null, list));
  };
  return Object.assign(lookup as LookupFunction, { calls });
}

/** A resolver whose answers change per call: the DNS rebinding attacker's. */
export function sequenceLookup(answers: readonly string[]): LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const lookup = (hostname: string, _options: unknown, callback: (err: NodeJS.ErrnoException | null, address: LookupAddress[]) => void): void => {
    const address = answers[Math.min(calls.length, answers.length - 1)] ?? '127.0.0.1';
    calls.push(hostname);
    setImmediate(() => callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]));
  };
  return Object.assign(lookup as LookupFunction, { calls });
}

/** Awaits a rejection and checks it is an AppError with the code, returning it. */
export async function expectAppError(promise: Promise<unknown>, code: AppError['code']): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code, appError.detail).toBe(code);
  return appError;
}

export const BLOCKED = /^Target URL is not publicly reachable: /;
export const UNREACHABLE = /^Could not reach target URL: /;
