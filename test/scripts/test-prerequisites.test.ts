import pg from 'pg';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { postgresAnswers, redisAnswers, startPrivatePostgres, startPrivateRedis } from '../../scripts/test/prerequisites.js';

// The test command starts these when the machine has no PostgreSQL or Redis of its own
// (a fresh machine); here they are started beside the machine's servers, on free ports.
const quiet = () => undefined;

describe('private servers of the test command', () => {
  it('starts a throw-away PostgreSQL with a test database, reachable with trust auth, and removes it', async () => {
    const server = await startPrivatePostgres(quiet);
    try {
      expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/test$/);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query<{ db: string }>('select current_database() as db');
      await client.end();
      expect(rows[0]?.db).toBe('test');
    } finally {
      await server.stop();
    }
    expect(await postgresAnswers(server.url)).toBe(false);
  }, 120_000);

  it('starts a throw-away Redis that answers commands, and stops it', async () => {
    const server = await startPrivateRedis(quiet);
    try {
      const redis = new Redis(server.url);
      await redis.set('vigil:probe', '1');
      expect(await redis.get('vigil:probe')).toBe('1');
      redis.disconnect();
    } finally {
      await server.stop();
    }
    expect(await redisAnswers(server.url)).toBe(false);
  }, 60_000);

  it('tells a server that answers from a port where none does', async () => {
    expect(await redisAnswers('redis://127.0.0.1:1')).toBe(false);
    expect(await postgresAnswers('postgres://postgres@127.0.0.1:1/test')).toBe(false);
  });
});
