import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStorage } from '../../../src/adapters/storage/index.js';
import { privateSchemaUrl, TEST_DATABASE_URL } from '../../helpers/storage.js';

/** Connections of this server whose application_name is `name` (pg_stat_activity). */
async function connectionsNamed(name: string): Promise<number> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where application_name = $1', [name]);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL pool: warm connections and the health ping', () => {
  let schema: Awaited<ReturnType<typeof privateSchemaUrl>>;
  let dataDir: string;
  beforeAll(async () => {
    schema = await privateSchemaUrl();
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-pool-'));
  });
  afterAll(async () => {
    await schema.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('opens poolMin connections at start, keeps them idle, and closes them on close', async () => {
    const name = `vigil-test-${randomBytes(4).toString('hex')}`;
    const storage = await openStorage({ databaseUrl: schema.url, dataDir, poolSize: 6, poolMin: 3, applicationName: name });
    try {
      expect(await connectionsNamed(name)).toBe(3);
      // Pings use a connection of their own, so they never wait behind the request pool's queries.
      await storage.ping();
      expect(await connectionsNamed(name)).toBe(3);
      expect(await connectionsNamed(`${name} health`)).toBe(1);
    } finally {
      await storage.close();
    }
    // A backend leaves pg_stat_activity once its process has ended, a moment after the client closed its
    // socket: on a busy machine the count can still include it right after close() returns.
    await vi.waitFor(async () => expect(await connectionsNamed(name)).toBe(0), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect(await connectionsNamed(`${name} health`)).toBe(0), { timeout: 10_000, interval: 50 });
  });

  it('never opens more than the pool size, and none beyond the migration without poolMin', async () => {
    const capped = `vigil-test-${randomBytes(4).toString('hex')}`;
    const a = await openStorage({ databaseUrl: schema.url, dataDir, poolSize: 2, poolMin: 50, applicationName: capped });
    const lazy = `vigil-test-${randomBytes(4).toString('hex')}`;
    const b = await openStorage({ databaseUrl: schema.url, dataDir, poolSize: 6, applicationName: lazy });
    try {
      expect(await connectionsNamed(capped)).toBe(2);
      expect(await connectionsNamed(lazy)).toBeLessThanOrEqual(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('PostgreSQL health ping', () => {
  it('answers while every request connection is held by long queries', async () => {
    const schema = await privateSchemaUrl();
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-ping-'));
    const storage = await openStorage({ databaseUrl: schema.url, dataDir, poolSize: 2 });
    try {
      // Two slow statements hold both request connections for a second.
      const busy = Promise.all([sql`select pg_sleep(1)`.execute(storage.db), sql`select pg_sleep(1)`.execute(storage.db)]);
      await new Promise((r) => setTimeout(r, 100));
      await expect(storage.ping(500)).resolves.toBeUndefined();
      await busy;
    } finally {
      await storage.close();
      await schema.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
