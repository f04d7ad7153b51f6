import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepository, openStorage, type Storage } from '../../../src/adapters/storage/index.js';
import { PGliteThread } from '../../../src/adapters/storage/pglite-thread.js';
import { isDatabaseUnavailable } from '../../../src/http/plugins/errors.js';

const SCHEMA = [
  'create table parent (id int primary key)',
  'create table child (id int primary key, parent_id int not null references parent (id), n int check (n > 0), email text unique)',
];

/** Every field PostgreSQL reports with an error, as PGlite's DatabaseError carries it. */
const ERROR_FIELDS = ['name', 'message', 'severity', 'code', 'detail', 'hint', 'position', 'schema', 'table', 'column', 'constraint', 'routine', 'query'] as const;

function fieldsOf(error: unknown): Record<string, unknown> {
  const source = error as Record<string, unknown>;
  return Object.fromEntries(ERROR_FIELDS.map((f) => [f, source[f]]));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

let dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-pglite-thread-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

describe('embedded database thread: errors', () => {
  let thread: PGliteThread;
  let local: PGlite;
  beforeAll(async () => {
    thread = await PGliteThread.start(join(await tempDir(), 'pgdata'));
    local = await PGlite.create();
    for (const statement of SCHEMA) {
      await thread.query(statement, []);
      await local.query(statement);
    }
    await thread.query('insert into parent values (1)', []);
    await local.query('insert into parent values (1)');
    await thread.query("insert into child values (1, 1, 1, 'a@example.test')", []);
    await local.query("insert into child values (1, 1, 1, 'a@example.test')");
  });
  afterAll(async () => {
    await thread.close();
    await local.close();
  });

  it.each([
    ['unique violation', "insert into child values (2, 1, 1, 'a@example.test')", '23505'],
    ['primary key violation', "insert into child values (1, 1, 1, 'b@example.test')", '23505'],
    ['foreign key violation', "insert into child values (3, 99, 1, 'c@example.test')", '23503'],
    ['check violation', "insert into child values (4, 1, -1, 'd@example.test')", '23514'],
    ['not-null violation', "insert into child (id, n) values (5, 1)", '23502'],
    ['syntax error', 'selec 1', '42601'],
    ['unknown column', 'select nope from child', '42703'],
  ])('carry the same fields as in-process PGlite: %s', async (_name, statement, code) => {
    const threaded = await rejection(thread.query(statement, []));
    const inProcess = await rejection(local.query(statement));
    expect(fieldsOf(threaded)).toEqual(fieldsOf(inProcess));
    expect((threaded as { code?: string }).code).toBe(code);
    expect(threaded).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(threaded)).toBe(false);
  });

  it('put the parameters back on the error, as PGlite does', async () => {
    const error = await rejection(thread.query('insert into parent values ($1)', [1]));
    expect(error).toMatchObject({ code: '23505', query: 'insert into parent values ($1)', params: [1] });
  });

  it('leave the thread usable after a failed statement', async () => {
    await rejection(thread.query('selec 1', []));
    expect((await thread.query('select 2 as two', [])).rows).toEqual([{ two: 2 }]);
  });
});

describe('embedded database thread: through Kysely', () => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await openStorage({ dataDir: await tempDir() });
    await sql`create table items (id int primary key, note text)`.execute(storage.db);
  });
  afterAll(async () => {
    await storage.close();
  });
  afterEach(async () => {
    await sql`delete from items`.execute(storage.db);
  });

  it('answer concurrent queries each with its own rows', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(storage.db)));
    expect(answers.map((a) => a.rows[0]?.n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('report rows affected and values of the usual types', async () => {
    expect((await sql`insert into items values (1, 'x'), (2, 'y')`.execute(storage.db)).numAffectedRows).toBe(2n);
    expect((await sql`update items set note = 'z' where id = 2`.execute(storage.db)).numAffectedRows).toBe(1n);
    expect((await sql`select * from items`.execute(storage.db)).numAffectedRows).toBeUndefined();
    const row = await sql<{ at: Date; doc: unknown; bytes: Uint8Array; big: number }>`select now() as at, '{"a":[1,2]}'::jsonb as doc, '\\x0102'::bytea as bytes, 5::bigint as big`.execute(storage.db);
    expect(row.rows[0]?.at).toBeInstanceOf(Date);
    expect(row.rows[0]?.doc).toEqual({ a: [1, 2] });
    expect(Array.from(row.rows[0]?.bytes ?? [])).toEqual([1, 2]);
    expect(row.rows[0]?.big).toBe(5);
  });

  it('map a duplicate account to the unique-violation code the repositories see on PostgreSQL', async () => {
    const accounts = new AccountsRepository(storage.db);
    await accounts.create('dup@example.test', 'free');
    const error = await rejection(sql`insert into accounts (id, email, plan) values ('x', 'dup@example.test', 'free')`.execute(storage.db));
    expect(error).toMatchObject({ code: '23505', constraint: 'accounts_email_key', table: 'accounts' });
  });

  it('keep a transaction on one connection: a query sent during it runs after it, and never sees its rolled-back rows', async () => {
    const events: string[] = [];
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const transaction = storage.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items values (10, 'uncommitted')`.execute(trx);
        events.push('inserted');
        inside();
        await held;
        const seen = await sql<{ n: string }>`select count(*)::text as n from items`.execute(trx);
        events.push(`transaction sees ${seen.rows[0]?.n}`);
        throw new Error('roll back');
      })
      .catch(() => events.push('rolled back'));
    await begun;
    const outside = sql<{ n: string }>`select count(*)::text as n from items`.execute(storage.db).then((r) => events.push(`outside sees ${r.rows[0]?.n}`));
    // Give the outside query every chance to slip in before the transaction goes on.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    finish();
    await Promise.all([transaction, outside]);
    expect(events).toEqual(['inserted', 'transaction sees 1', 'rolled back', 'outside sees 0']);
  });

  it('serialise concurrent transactions so that none sees another half-done', async () => {
    await sql`insert into items values (1, '0')`.execute(storage.db);
    // Each transaction reads, then writes the value plus one: interleaved, increments would be lost.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        storage.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ note: string }>`select note from items where id = 1`.execute(trx);
          await new Promise((resolve) => setImmediate(resolve));
          await sql`update items set note = ${String(Number(rows[0]?.note) + 1)} where id = 1`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ note: string }>`select note from items where id = 1`.execute(storage.db);
    expect(rows[0]?.note).toBe('20');
  });

  it('answer a ping while a long statement runs, before the statement ends', async () => {
    const order: string[] = [];
    const slow = sql`select pg_sleep(0.3)`.execute(storage.db).then(() => order.push('statement'));
    await new Promise((resolve) => setImmediate(resolve));
    await storage.ping(5_000).then(() => order.push('ping'));
    await slow;
    expect(order).toEqual(['ping', 'statement']);
  });
});

describe('embedded database thread: a database that cannot be opened', () => {
  it('fails the open with the folder and the reason, and leaves the folder unlocked', async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, 'db'), { recursive: true });
    await writeFile(join(dataDir, 'db', 'pgdata'), 'not a database folder');
    const error = await rejection(openStorage({ dataDir }));
    expect((error as Error).message).toBe(`The embedded database in ${join(dataDir, 'db', 'pgdata')} could not be opened: Program terminated with exit(1)`);
    await rm(join(dataDir, 'db', 'pgdata'));
    const storage = await openStorage({ dataDir });
    await storage.close();
  });
});

describe('embedded database thread: a thread that dies', () => {
  it('fails what it had with a connection-failure error, rolls back the open transaction and starts again with the committed data', async () => {
    const thread = await PGliteThread.start(join(await tempDir(), 'pgdata'));
    try {
      await thread.query('create table t (id int primary key)', []);
      await thread.query('insert into t values (1)', []);
      const session = {};
      await thread.query('begin', [], session);
      await thread.query('insert into t values (2)', [], session);
      const slow = rejection(thread.query('select pg_sleep(5)', [], session));
      await thread.stopAbruptly();
      const lost = await slow;
      expect(lost).toMatchObject({ code: '08006' });
      expect((lost as Error).message).toMatch(/embedded database thread stopped/);
      expect(isDatabaseUnavailable(lost)).toBe(true);

      // The transaction's session does not continue on the new thread, not even its COMMIT.
      const commit = await rejection(thread.query('commit', [], session));
      expect(commit).toMatchObject({ code: '08006' });
      expect(thread.reaches(session)).toBe(false);

      expect((await thread.query('select id from t order by id', [])).rows).toEqual([{ id: 1 }]);
      await expect(thread.ping(5_000)).resolves.toBeUndefined();
    } finally {
      await thread.close();
    }
  });

  it('is given up after too many crashes within the window, with a clear error', async () => {
    const thread = await PGliteThread.start(join(await tempDir(), 'pgdata'), { maxRestarts: 1, restartWindowMs: 600_000 });
    try {
      await thread.stopAbruptly();
      await expect(thread.query('select 1', [])).resolves.toBeDefined();
      await thread.stopAbruptly();
      const error = await rejection(thread.query('select 1', []));
      expect(error).toMatchObject({ code: '08006' });
      expect((error as Error).message).toMatch(/stopped 2 times within 600 s and is not started again/);
      await expect(thread.ping(1_000)).rejects.toMatchObject({ code: '08006' });
    } finally {
      await thread.close();
    }
  });
});

describe('embedded database thread: shutdown', () => {
  it('answers what was sent before close, then refuses with a clear error', async () => {
    const thread = await PGliteThread.start(join(await tempDir(), 'pgdata'));
    const sent = thread.query('select pg_sleep(0.2), 7 as seven', []);
    await thread.close();
    expect((await sent).rows).toEqual([{ pg_sleep: '', seven: 7 }]);
    await expect(thread.query('select 1', [])).rejects.toMatchObject({ code: '08003', message: 'The embedded database is closed' });
    await expect(thread.ping(1_000)).rejects.toMatchObject({ code: '08003' });
  });

  it('finishes every query and transaction sent before close and keeps what they wrote', async () => {
    const dataDir = await tempDir();
    const first = await openStorage({ dataDir });
    await sql`create table writes (id int primary key, body text)`.execute(first.db);
    const body = 'x'.repeat(100_000);
    const writes = Array.from({ length: 50 }, (_, i) => sql`insert into writes values (${i}, ${body})`.execute(first.db));
    const transaction = first.db.transaction().execute(async (trx) => {
      await sql`insert into writes values (1000, 'in a transaction')`.execute(trx);
      await new Promise((resolve) => setImmediate(resolve));
      await sql`insert into writes values (1001, 'in a transaction')`.execute(trx);
    });
    await Promise.all([...writes, transaction, first.close()]);

    const second = await openStorage({ dataDir });
    try {
      const { rows } = await sql<{ n: number; chars: number }>`select count(*)::int as n, sum(length(body))::int as chars from writes`.execute(second.db);
      expect(rows[0]).toEqual({ n: 52, chars: 50 * body.length + 2 * 'in a transaction'.length });
    } finally {
      await second.close();
    }
  });
});
