import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { abortReason, asError, NetTimeoutError, UnreachableError } from './failures.js';
import { BlockedAddressError } from './lookup.js';
import type { AddressPolicy } from './policy.js';
import { describePeer, type TlsInfo } from './tls.js';
import { connectHost, defaultPort } from './url.js';

/** One request/response over one fresh connection: no agent pool, no keep-alive, no cookies. */
export interface HopOptions {
  readonly url: URL;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The guarded resolver (see lookup.ts): the connection's own DNS lookup. */
  readonly lookup: LookupFunction;
  readonly policy: AddressPolicy;
  readonly connectTimeoutMs: number;
  readonly maxBodyBytes: number;
  /** True for responses whose body is not wanted (redirects to follow). */
  readonly skipBody: (status: number, headers: Readonly<Record<string, string[]>>) => boolean;
  /** Aborts the exchange; its reason is what the promise rejects with. */
  readonly signal: AbortSignal;
  /** https only: complete the handshake despite a certificate error and record what it showed. */
  readonly inspectTls?: boolean;
  /** https only: a TLS session of an earlier connection to the same origin, to resume. */
  readonly tlsSession?: Buffer;
  /** The request body, with its Content-Length. */
  readonly body?: Buffer;
}

export interface HopResult {
  readonly status: number;
  readonly headers: Record<string, string[]>;
  readonly body: Buffer;
  readonly truncated: boolean;
  readonly address: string;
  /** https only: what the handshake showed. */
  readonly tls?: TlsInfo;
  /** https only: the session the server issued, for resuming on the next connection to it. */
  readonly tlsSession?: Buffer;
}

/** Lower-cased names, every value in arrival order; null prototype so "__proto__" is just a name. */
export function collectHeaders(raw: readonly string[]): Record<string, string[]> {
  const headers = Object.create(null) as Record<string, string[]>;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    const values = headers[name] ?? [];
    values.push(raw[i + 1] ?? '');
    headers[name] = values;
  }
  return headers;
}

function blockedLiteralCheck(hop: HopOptions, host: string): BlockedAddressError | undefined {
  if (isIP(host) === 0) return undefined;
  const verdict = hop.policy.check(host);
  return verdict.allowed ? undefined : new BlockedAddressError(hop.url.hostname, verdict.range ?? 'special-purpose', true);
}

export function exchange(hop: HopOptions): Promise<HopResult> {
  const host = connectHost(hop.url);
  // Node connects to an IP literal without calling `lookup`, so literals are checked here.
  const refused = blockedLiteralCheck(hop, host);
  if (refused !== undefined) return Promise.reject(refused);
  if (hop.signal.aborted) return Promise.reject(abortReason(hop.signal));
  return new Promise<HopResult>((resolve, reject) => new Exchange(hop, host, resolve, reject).start());
}

/** The state of one exchange; settles its promise exactly once and then tears everything down. */
class Exchange {
  private request: http.ClientRequest | undefined;
  private finished = false;
  private address = '';
  private tls: TlsInfo | undefined;
  private tlsSession: Buffer | undefined;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private readonly connectTimer: NodeJS.Timeout;
  private readonly onAbort = (): void => this.fail(abortReason(this.hop.signal));

  constructor(
    private readonly hop: HopOptions,
    private readonly host: string,
    private readonly resolve: (result: HopResult) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.connectTimer = setTimeout(() => this.fail(new NetTimeoutError('connect', hop.connectTimeoutMs)), hop.connectTimeoutMs);
    hop.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  start(): void {
    const { hop } = this;
    try {
      const transport = hop.url.protocol === 'https:' ? https : http;
      this.request = transport.request({
        host: this.host,
        port: defaultPort(hop.url),
        path: `${hop.url.pathname}${hop.url.search}`,
        method: hop.method,
        headers: { ...hop.headers, ...(hop.body === undefined ? {} : { 'content-length': String(hop.body.length) }) },
        agent: false,
        lookup: hop.lookup,
        insecureHTTPParser: false,
        // vigil-ignore: tls-verification-disabled (inspect mode reports certificate faults as findings; nothing secret is sent)
        ...(hop.url.protocol === 'https:' && hop.inspectTls === true ? { rejectUnauthorized: false } : {}),
        ...(hop.url.protocol === 'https:' && hop.tlsSession !== undefined ? { session: hop.tlsSession } : {}),
      });
    } catch (error) {
      this.fail(asError(error));
      return;
    }
    this.request.once('socket', (socket: Socket) => this.onSocket(socket));
    this.request.once('response', (response) => this.onResponse(response));
    this.request.once('error', (error) => this.fail(error));
    this.request.end(hop.body);
  }

  /** Second line of defence: the peer actually connected to must pass the policy too. */
  private onSocket(socket: Socket): void {
    const onConnect = (): void => {
      const remote = socket.remoteAddress ?? '';
      const verdict = this.hop.policy.check(remote);
      if (!verdict.allowed) {
        socket.destroy();
        this.fail(new BlockedAddressError(this.hop.url.hostname, verdict.range ?? 'special-purpose', isIP(this.host) !== 0));
        return;
      }
      this.address = remote;
      if (this.hop.url.protocol === 'http:') clearTimeout(this.connectTimer);
    };
    // Registered before the request flushes its first write, so this runs before any byte of HTTP is sent.
    if (socket.connecting) socket.once('connect', onConnect);
    else onConnect();
    if (this.hop.url.protocol === 'https:') {
      socket.on('session', (session: Buffer) => {
        this.tlsSession = session;
      });
      socket.once('secureConnect', () => {
        clearTimeout(this.connectTimer);
        this.tls = describePeer(socket as TLSSocket, this.host);
      });
    }
  }

  private onResponse(response: http.IncomingMessage): void {
    clearTimeout(this.connectTimer);
    const status = response.statusCode ?? 0;
    const headers = collectHeaders(response.rawHeaders);
    if (this.address === '') this.address = response.socket?.remoteAddress ?? '';
    if (this.hop.skipBody(status, headers)) return this.succeed(status, headers, false);
    response.on('data', (chunk: Buffer) => {
      const room = this.hop.maxBodyBytes - this.size;
      if (chunk.length <= room) {
        this.chunks.push(chunk);
        this.size += chunk.length;
        return;
      }
      this.chunks.push(chunk.subarray(0, room));
      this.size += room;
      this.succeed(status, headers, true);
    });
    response.once('end', () => this.succeed(status, headers, false));
    response.once('error', (error) => this.fail(error));
    response.once('close', () => {
      if (!response.complete) this.fail(new UnreachableError('connection closed before the response was complete'));
    });
  }

  private succeed(status: number, headers: Record<string, string[]>, truncated: boolean): void {
    const body = Buffer.concat(this.chunks, this.size);
    const { tls, tlsSession } = this;
    this.finish(() =>
      this.resolve({ status, headers, body, truncated, address: this.address, ...(tls === undefined ? {} : { tls }), ...(tlsSession === undefined ? {} : { tlsSession }) }),
    );
  }

  private fail(error: Error): void {
    this.finish(() => this.reject(error));
  }

  /** Settles once; the socket is destroyed either way (a truncated body stops the download here). */
  private finish(settle: () => void): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.connectTimer);
    this.hop.signal.removeEventListener('abort', this.onAbort);
    this.request?.destroy();
    settle();
  }
}
