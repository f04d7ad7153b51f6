import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStorage, type Storage, type StorageKind } from '../../src/adapters/storage/index.js';

export const BACKENDS: readonly StorageKind[] = ['embedded', 'postgres'];

/** The PostgreSQL server tests use; CI sets it, and it defaults to the local server. */
export const TEST_DATABASE_URL = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.VIGIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestStorage {
  readonly storage: Storage;
  readonly dataDir: string;
  /** For postgres: the URL (with its private schema) a second instance can open. */
  readonly databaseUrl: string | undefined;
  cleanup(): Promise<void>;
}

/** A PostgreSQL URL whose connections use a fresh private schema, so test runs never collide. */
export async function privateSchemaUrl(baseUrl = TEST_DATABASE_URL): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

export async function openTestStorage(kind: StorageKind): Promise<TestStorage> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-test-'));
  if (kind === 'embedded') {
    const storage = await openStorage({ dataDir });
    return {
      storage,
      dataDir,
      databaseUrl: undefined,
      cleanup: async () => {
        await storage.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { url, drop } = await privateSchemaUrl();
  const storage = await openStorage({ databaseUrl: url, dataDir });
  return {
    storage,
    dataDir,
    databaseUrl: url,
    cleanup: async () => {
      await storage.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
