import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockEmbeddedDatabase } from './embedded-lock.js';
import { migrationProvider } from './migrations.js';
import { PGliteDialect } from './pglite-dialect.js';
import { PGliteThread } from './pglite-thread.js';
import type { Database } from './schema.js';

export type StorageKind = 'embedded' | 'postgres';

export interface Storage {
  readonly kind: StorageKind;
  readonly db: Kysely<Database>;
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface StorageOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database (used when databaseUrl is absent). */
  dataDir: string;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL connections opened at start and kept open while idle (default 0, capped at the pool
   * size): the first burst of requests after a start does not wait for connections to be set up.
   */
  poolMin?: number;
  /** PostgreSQL `application_name` of the connections (default `vigil`), as shown in `pg_stat_activity`. */
  applicationName?: string;
}

export async function openStorage(options: StorageOptions): Promise<Storage> {
  const storage: Storage & { warm?: () => Promise<void> } = options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : await openEmbedded(join(options.dataDir, 'db'));
  try {
    await migrate(storage.db);
    await storage.warm?.();
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  // Keep Kysely's bookkeeping tables in the schema the connection works in
  // (search_path), so one PostgreSQL database can host several installations.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema ?? 'public';
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}

function openPostgres(connectionString: string, options: StorageOptions): Storage & { warm(): Promise<void> } {
  const max = Math.max(1, options.poolSize ?? 10);
  const min = Math.min(max, Math.max(0, options.poolMin ?? 0));
  // Every query has a deadline: a database that stops answering fails requests with 503, not hangs.
  // `min`: pg-pool closes idle connections after 10 s only while it holds more than `min`.
  const applicationName = options.applicationName ?? 'vigil';
  const pool = new pg.Pool({ connectionString, max, min, connectionTimeoutMillis: 5_000, query_timeout: 60_000, application_name: applicationName });
  // An idle client that loses its connection emits 'error'; without a listener it would crash the process.
  // A client whose connection drops while checked out emits 'error' on itself.
  // Both would crash the process unhandled; the failed query reports the problem.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Health pings get a connection of their own, opened on the first ping and kept: on the request
  // pool a ping would wait for a free connection behind a burst's queries and report the burst, not
  // whether the database answers.
  let pingPool: pg.Pool | undefined;
  const pingPoolOf = (): pg.Pool => {
    if (pingPool) return pingPool;
    pingPool = new pg.Pool({ connectionString, max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: 5_000, query_timeout: 60_000, application_name: `${applicationName} health` });
    pingPool.on('error', () => undefined);
    pingPool.on('connect', (client) => client.on('error', () => undefined));
    return pingPool;
  };
  const ping = async (timeoutMs: number): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
    });
    try {
      await Promise.race([pingPoolOf().query('select 1'), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  const close = async (): Promise<void> => {
    await Promise.all([db.destroy(), pingPool?.end()]);
  };
  return {
    ...makeStorage('postgres', db, close, ping),
    // Check out `min` clients at once (idle ones are reused, the rest opened together), then hand
    // them back idle; the pool keeps them.
    async warm() {
      const clients = await Promise.allSettled(Array.from({ length: min }, () => pool.connect()));
      for (const c of clients) if (c.status === 'fulfilled') c.value.release();
      const failed = clients.find((c): c is PromiseRejectedResult => c.status === 'rejected');
      if (failed) throw failed.reason instanceof Error ? failed.reason : new Error('could not open database connections', { cause: failed.reason });
    },
  };
}

/**
 * The embedded database runs on a worker thread of its own (pglite-thread.ts): its queries run
 * synchronously in WebAssembly and would otherwise hold up the event loop (issue 21).
 */
async function openEmbedded(dir: string): Promise<Storage> {
  const unlock = lockEmbeddedDatabase(dir);
  try {
    const thread = await PGliteThread.start(join(dir, 'pgdata'));
    const db = new Kysely<Database>({ dialect: new PGliteDialect(thread) });
    return makeStorage(
      'embedded',
      db,
      async () => {
        try {
          await db.destroy();
        } finally {
          unlock();
        }
      },
      // One connection: a `select 1` would wait behind every queued query; the thread itself answers.
      (timeoutMs) => thread.ping(timeoutMs),
    );
  } catch (error) {
    unlock();
    throw error;
  }
}

/** `ping` answers whether the database does, within `timeoutMs`: each kind brings its own (see its caller). */
function makeStorage(kind: StorageKind, db: Kysely<Database>, close: () => Promise<void>, ping: (timeoutMs: number) => Promise<void>): Storage {
  let closed: Promise<void> | undefined;
  return {
    kind,
    db,
    ping: (timeoutMs = 2_000) => ping(timeoutMs),
    close() {
      closed ??= close();
      return closed;
    },
  };
}
