import { Worker } from 'node:worker_threads';
import { threadScript } from '../../core/thread-script.js';
import { DatabaseThreadUnavailable, EmbeddedDatabaseError, type FromDatabase, type ToDatabase } from './pglite-messages.js';

/** Rows of a query; `affectedRows` for statements that return no columns. */
export interface ThreadResult {
  readonly rows: unknown[];
  readonly affectedRows?: number;
}

/**
 * Requests that must reach one and the same database (a transaction): the session is pinned to
 * the thread that ran its first query, and fails rather than continue on a restarted one.
 */
export interface ThreadSession {
  generation?: number;
}

export interface PGliteThreadOptions {
  /** How long close() waits for the thread to finish what it was sent and close PGlite before stopping it. */
  readonly closeTimeoutMs?: number;
  /** Crashes tolerated within `restartWindowMs`; one more and the thread is not started again. */
  readonly maxRestarts?: number;
  readonly restartWindowMs?: number;
}

interface Pending {
  resolve(answer: FromDatabase): void;
  reject(error: Error): void;
}

type Request = { readonly kind: 'query'; readonly sql: string; readonly params: readonly unknown[] } | { readonly kind: 'ping' };

const closedError = (): DatabaseThreadUnavailable => new DatabaseThreadUnavailable('08003', 'The embedded database is closed');

/**
 * The embedded database (PGlite) on a worker thread of its own, so that its queries, which run
 * synchronously in WebAssembly, never hold up the service's event loop. Queries go over the
 * thread's message port and are answered in the order they were sent.
 *
 * A thread that dies (a crash, an out-of-memory abort) fails what it had with a connection-failure
 * error (SQLSTATE 08006: the API answers 503) and is started again on the next request, on the
 * same data folder, where PostgreSQL's recovery brings back every committed transaction; after
 * `maxRestarts` crashes within `restartWindowMs` it is given up and every request fails.
 * The thread does not keep the process alive while it has nothing to answer.
 */
export class PGliteThread {
  private worker: Worker | undefined;
  private starting: Promise<Worker> | undefined;
  private generation = 0;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** When the thread last answered, or took work while idle: a busy thread is progressing from here. */
  private progressAt = 0;
  private crashes: number[] = [];
  private givenUp: Error | undefined;
  private closed = false;
  private closing: Promise<void> | undefined;
  private readonly closeTimeoutMs: number;
  private readonly maxRestarts: number;
  private readonly restartWindowMs: number;

  private constructor(
    private readonly dataDir: string,
    options: PGliteThreadOptions,
  ) {
    this.closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
    this.maxRestarts = options.maxRestarts ?? 3;
    this.restartWindowMs = options.restartWindowMs ?? 60_000;
  }

  /** Starts the thread and opens the database in `dataDir`; rejects with PGlite's error when it cannot. */
  static async start(dataDir: string, options: PGliteThreadOptions = {}): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir, options);
    await thread.running();
    return thread;
  }

  /** Runs one statement. A session's statements all run on the thread that ran its first one. */
  async query(sql: string, params: readonly unknown[], session?: ThreadSession): Promise<ThreadResult> {
    const answer = await this.request({ kind: 'query', sql, params }, session);
    if (answer.kind === 'failed') throw new EmbeddedDatabaseError(answer.error, { sql, params });
    if (answer.kind !== 'result') throw new Error(`The embedded database answered a query with "${answer.kind}"`);
    return answer.affectedRows === undefined ? { rows: answer.rows } : { rows: answer.rows, affectedRows: answer.affectedRows };
  }

  /** Whether the session's statements still reach the thread that began it (false after a crash). */
  reaches(session: ThreadSession): boolean {
    return this.worker !== undefined && (session.generation === undefined || session.generation === this.generation);
  }

  /**
   * Resolves when the database thread is alive: at once while it is working on a request it took
   * (or last answered) within the timeout, else when it answers a ping, which it does between
   * statements, ahead of queued ones. Rejects after `timeoutMs` (a thread stuck in one
   * statement, or one that cannot be started).
   */
  async ping(timeoutMs: number): Promise<void> {
    if (this.worker !== undefined && this.pending.size > 0 && performance.now() - this.progressAt < timeoutMs) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
    });
    try {
      await Promise.race([this.request({ kind: 'ping' }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Closes the database: what was sent before is answered first, PGlite closes (its files are
   * complete), the thread ends. Requests after this fail at once. A thread that does not finish
   * within the close timeout is stopped (a transaction still open is then rolled back by recovery).
   */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  /** Ends the thread at once, as a crash does: what it was doing is lost, uncommitted work too (tests use it). */
  async stopAbruptly(): Promise<void> {
    await this.worker?.terminate();
  }

  private async shutDown(): Promise<void> {
    this.closed = true;
    const worker = this.worker ?? (await this.starting?.catch(() => undefined));
    if (worker === undefined || this.worker !== worker) return;
    worker.ref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const id = this.nextId++;
    const answered = new Promise<void>((resolve) => this.pending.set(id, { resolve: () => resolve(), reject: () => resolve() }));
    worker.postMessage({ kind: 'close', id } satisfies ToDatabase);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.closeTimeoutMs);
    });
    const outcome = await Promise.race([Promise.all([answered, exited]), timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') await worker.terminate();
  }

  /** Sends at once when the thread runs (so a request made before close() is answered before it). */
  private request(request: Request, session?: ThreadSession): Promise<FromDatabase> {
    if (this.worker !== undefined && !this.closed) return this.send(this.worker, request, session);
    return this.running().then((worker) => {
      if (this.closed || this.worker !== worker) throw this.unavailable();
      return this.send(worker, request, session);
    });
  }

  private send(worker: Worker, request: Request, session: ThreadSession | undefined): Promise<FromDatabase> {
    if (session !== undefined) {
      session.generation ??= this.generation;
      if (session.generation !== this.generation) {
        return Promise.reject(new DatabaseThreadUnavailable('08006', 'The embedded database thread stopped during this transaction, which was rolled back; retry'));
      }
    }
    const id = this.nextId++;
    return new Promise<FromDatabase>((resolve, reject) => {
      if (this.pending.size === 0) {
        this.progressAt = performance.now();
        worker.ref();
      }
      this.pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...request, id } satisfies ToDatabase);
      } catch (error) {
        // A parameter that cannot be copied to the thread (a function, say).
        this.pending.delete(id);
        this.idle();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private unavailable(): Error {
    if (this.closed) return closedError();
    return this.givenUp ?? new DatabaseThreadUnavailable('08006', 'The embedded database thread stopped; retry');
  }

  /** The running thread, started (or started again after a crash) when there is none. */
  private running(): Promise<Worker> {
    if (this.closed || this.givenUp !== undefined) return Promise.reject(this.unavailable());
    if (this.worker !== undefined) return Promise.resolve(this.worker);
    this.starting ??= this.launch().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private launch(): Promise<Worker> {
    const generation = ++this.generation;
    const worker = new Worker(threadScript(import.meta.url, 'pglite-worker').bootstrap, { eval: true, workerData: { dataDir: this.dataDir } });
    return new Promise<Worker>((resolve, reject) => {
      let ready = false;
      let startError: Error | undefined;
      worker.on('message', (message: FromDatabase) => {
        if (message.kind === 'ready') {
          ready = true;
          this.worker = worker;
          this.progressAt = performance.now();
          this.idle();
          resolve(worker);
        } else if (message.kind === 'start-failed') startError = new EmbeddedDatabaseError(message.error);
        else this.receive(message);
      });
      worker.on('error', (error) => {
        if (ready) this.lost(worker, error);
        else startError ??= error;
      });
      worker.once('exit', (code) => {
        if (ready) return this.lost(worker, new Error(`exit code ${code}`));
        const reason = startError?.message ?? `its thread ended (exit code ${code}) first`;
        const error = new Error(`The embedded database in ${this.dataDir} could not be opened: ${reason}`, { cause: startError });
        if (generation === 1 || this.closed) return reject(error);
        // A restart that fails counts as one more crash.
        this.crashed(error);
        reject(new DatabaseThreadUnavailable('08006', `${error.message} (after its thread stopped)`, { cause: error }));
      });
    });
  }

  private receive(message: Exclude<FromDatabase, { kind: 'ready' | 'start-failed' }>): void {
    const waiting = this.pending.get(message.id);
    if (waiting === undefined) return;
    this.pending.delete(message.id);
    this.progressAt = performance.now();
    this.idle();
    waiting.resolve(message);
  }

  /** An idle thread does not keep the process alive; a busy one does, like a socket with a query on it. */
  private idle(): void {
    if (this.pending.size === 0 && !this.closed) this.worker?.unref();
  }

  /** The thread ended: what it had fails; the next request starts another unless it was closed or given up. */
  private lost(worker: Worker, reason: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const error = this.closed
      ? closedError()
      : new DatabaseThreadUnavailable('08006', `The embedded database thread stopped (${reason.message}) before answering; retry`, { cause: reason });
    for (const [id, waiting] of this.pending) {
      this.pending.delete(id);
      waiting.reject(error);
    }
    if (!this.closed) this.crashed(error);
  }

  private crashed(error: Error): void {
    const now = performance.now();
    this.crashes = [...this.crashes.filter((at) => now - at < this.restartWindowMs), now];
    if (this.crashes.length > this.maxRestarts) {
      this.givenUp = new DatabaseThreadUnavailable(
        '08006',
        `The embedded database thread stopped ${this.crashes.length} times within ${Math.round(this.restartWindowMs / 1000)} s and is not started again; restart the service`,
        { cause: error },
      );
    }
  }
}
