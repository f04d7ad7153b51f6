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
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openStorage(options: StorageOptions): Promise<Storage> {
  const storage = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openEmbedded(join(options.dataDir, 'db'));
  try {
    await migrate(storage.db);
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

function openPostgres(connectionString: string, max: number): Storage {
  // Every query has a deadline: a database that stops answering fails requests with 503, not hangs.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000, query_timeout: 60_000 });
  // An idle client that loses its connection emits 'error'; without a listener it would crash the process.
  // A client whose connection drops while checked out emits 'error' on itself.
  // Both would crash the process unhandled; the failed query reports the problem.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return makeStorage('postgres', db, () => db.destroy());
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

function makeStorage(kind: StorageKind, db: Kysely<Database>, close: () => Promise<void>, ping?: (timeoutMs: number) => Promise<void>): Storage {
  let closed: Promise<void> | undefined;
  return {
    kind,
    db,
    async ping(timeoutMs = 2_000) {
      if (ping !== undefined) return ping(timeoutMs);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closed ??= close();
      return closed;
    },
  };
}
