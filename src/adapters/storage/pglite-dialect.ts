import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { PGliteThread, ThreadSession } from './pglite-thread.js';

export interface PGliteDialectOptions {
  /** How long closing waits for queries and transactions already under way before it closes the database anyway. */
  readonly drainTimeoutMs?: number;
}

/**
 * A Kysely dialect for the embedded database on its thread (pglite-thread.ts). PGlite is one
 * connection, so connections are handed out one at a time: a transaction holds the connection
 * from BEGIN to COMMIT or ROLLBACK, its statements go to the thread one after another, and other
 * queries wait for it; nothing of theirs can run inside it.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly thread: PGliteThread,
    private readonly options: PGliteDialectOptions = {},
  ) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.thread, this.options.drainTimeoutMs ?? 10_000);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  private release: (() => void) | undefined;

  constructor(
    private readonly thread: PGliteThread,
    private readonly drainTimeoutMs: number,
  ) {
    this.connection = new PGliteConnection(thread);
  }

  async init(): Promise<void> {
    // The thread was started (and the database opened) before the dialect was made.
  }

  /** Waits for the connection: every holder before has released it. */
  private async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.queue;
    this.queue = previous.then(() => next);
    await previous;
    return release;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock();
    this.release = release;
    this.connection.session = {};
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A transaction whose thread stopped is gone already (and the new thread never saw it).
    if (!this.thread.reaches(this.connection.session)) return;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
    return Promise.resolve();
  }

  /**
   * Waits (up to the drain timeout) for every query and transaction already queued, then closes
   * the database; anything queued after this fails with "closed".
   */
  async destroy(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const drained = this.lock();
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.drainTimeoutMs);
    });
    await Promise.race([drained, timedOut]);
    clearTimeout(timer);
    try {
      await this.thread.close();
    } finally {
      void drained.then((release) => release());
    }
  }
}

class PGliteConnection implements DatabaseConnection {
  session: ThreadSession = {};
  constructor(private readonly thread: PGliteThread) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.thread.query(compiled.sql, compiled.parameters, this.session);
    return {
      rows: result.rows as R[],
      ...(result.affectedRows === undefined ? {} : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming queries');
  }
}
