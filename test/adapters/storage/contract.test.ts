import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepository, ScansRepository, SessionsRepository, SignInTokensRepository, SystemStateRepository, migrate } from '../../../src/adapters/storage/index.js';
import { BACKENDS, openTestStorage, type TestStorage } from '../../helpers/storage.js';

/** One contract, run against the embedded database and PostgreSQL alike. */
describe.each(BACKENDS)('storage contract (%s)', (backend) => {
  let ts: TestStorage;
  beforeAll(async () => {
    ts = await openTestStorage(backend);
  });
  afterAll(async () => {
    await ts.cleanup();
  });

  it('runs migrations idempotently', async () => {
    await migrate(ts.storage.db);
    await expect(ts.storage.ping()).resolves.toBeUndefined();
  });

  it('creates accounts with unique emails', async () => {
    const repo = new AccountsRepository(ts.storage.db);
    const account = await repo.create('unique@example.test', 'free');
    expect(account).toMatchObject({ email: 'unique@example.test', plan: 'free' });
    expect(account.created_at).toBeInstanceOf(Date);
    await expect(repo.create('unique@example.test', 'pro')).rejects.toThrow();
    expect((await repo.findByEmail('unique@example.test'))?.id).toBe(account.id);
    expect(await repo.findByEmail('missing@example.test')).toBeUndefined();
  });

  it('refuses plans outside the plan table', async () => {
    await expect(new AccountsRepository(ts.storage.db).create('bad-plan@example.test', 'gold')).rejects.toThrow();
  });

  it('changes plans', async () => {
    const repo = new AccountsRepository(ts.storage.db);
    const account = await repo.create('plan@example.test', 'free');
    expect((await repo.setPlan(account.id, 'team'))?.plan).toBe('team');
    expect(await repo.setPlan('nope', 'team')).toBeUndefined();
  });

  it('finds active keys by hash and stops finding them once revoked', async () => {
    const repo = new AccountsRepository(ts.storage.db);
    const account = await repo.create('keys@example.test', 'pro');
    await repo.insertKey(account.id, 'hash-1', 'vgl_live_abcd');
    const found = await repo.findActiveKeyByHash('hash-1');
    expect(found?.account).toMatchObject({ id: account.id, plan: 'pro', email: 'keys@example.test' });
    expect(found?.key).toMatchObject({ display_prefix: 'vgl_live_abcd', revoked_at: null });
    expect(await repo.revokeKeys(account.id)).toBe(1);
    expect(await repo.findActiveKeyByHash('hash-1')).toBeUndefined();
    expect(await repo.revokeKeys(account.id)).toBe(0);
  });

  it('rolls back a transaction that fails half-way', async () => {
    const repo = new AccountsRepository(ts.storage.db);
    const account = await repo.create('trx@example.test', 'free');
    await repo.insertKey(account.id, 'hash-trx', 'vgl_live_trx1');
    await expect(
      ts.storage.db.transaction().execute(async (trx) => {
        await new AccountsRepository(trx).revokeKeys(account.id);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await repo.findActiveKeyByHash('hash-trx')).toBeDefined();
  });

  it('claims a system-state marker exactly once', async () => {
    const repo = new SystemStateRepository(ts.storage.db);
    expect(await repo.claim('marker', 'one')).toBe(true);
    expect(await repo.claim('marker', 'two')).toBe(false);
    expect(await repo.get('marker')).toBe('one');
  });

  it('stores scans per account, newest first, paginated without gaps or repeats', async () => {
    const accounts = new AccountsRepository(ts.storage.db);
    const owner = await accounts.create('scans@example.test', 'free');
    const other = await accounts.create('other@example.test', 'free');
    const scans = new ScansRepository(ts.storage.db);
    const started = new Date('2026-11-22T10:00:00Z');
    for (let i = 0; i < 5; i++) {
      await scans.insert({
        id: `scan${backend}${i}`,
        accountId: owner.id,
        targetType: 'github',
        target: 'octo/repo',
        status: 'completed',
        startedAt: started,
        completedAt: new Date(started.getTime() + 1000),
        findingCount: i,
        result: { scan_id: `scan${backend}${i}`, findings: Array.from({ length: i }, (_, n) => ({ n })), note: 'ünïcode ✓' },
      });
    }
    const first = await scans.list(owner.id, 2);
    expect(first.items.map((s) => s.id)).toEqual([`scan${backend}4`, `scan${backend}3`]);
    expect(first.nextCursor).not.toBeNull();
    const second = await scans.list(owner.id, 2, first.nextCursor ?? undefined);
    const third = await scans.list(owner.id, 2, second.nextCursor ?? undefined);
    expect([...second.items, ...third.items].map((s) => s.id)).toEqual([`scan${backend}2`, `scan${backend}1`, `scan${backend}0`]);
    expect(third.nextCursor).toBeNull();

    const one = await scans.get(owner.id, `scan${backend}3`);
    expect(one?.result).toEqual({ scan_id: `scan${backend}3`, findings: [{ n: 0 }, { n: 1 }, { n: 2 }], note: 'ünïcode ✓' });
    expect(one?.completedAt?.toISOString()).toBe('2026-11-22T10:00:01.000Z');
    expect(await scans.get(other.id, `scan${backend}3`)).toBeUndefined();
    expect((await scans.list(other.id, 10)).items).toHaveLength(0);
  });

  it('creates an account only when the address has none, and tells whether it ever had a key', async () => {
    const repo = new AccountsRepository(ts.storage.db);
    const created = await repo.createIfAbsent('signin@example.test', 'free');
    expect(created).toMatchObject({ email: 'signin@example.test', plan: 'free' });
    expect(await repo.createIfAbsent('signin@example.test', 'pro')).toBeUndefined();
    const id = created?.id ?? '';
    expect(await repo.hasAnyKey(id)).toBe(false);
    expect(await repo.findActiveKey(id)).toBeUndefined();
    await repo.insertKey(id, 'hash-signin', 'vgl_live_sign');
    expect((await repo.findActiveKey(id))?.display_prefix).toBe('vgl_live_sign');
    await repo.revokeKeys(id);
    expect(await repo.findActiveKey(id)).toBeUndefined();
    expect(await repo.hasAnyKey(id)).toBe(true);
  });

  it('consumes a sign-in token once, and not after it expired', async () => {
    const repo = new SignInTokensRepository(ts.storage.db);
    const t0 = new Date('2026-11-22T10:00:00Z');
    const later = new Date('2026-11-22T10:15:00Z');
    await repo.insert('token-hash-1', 'a@example.test', t0, later);
    await repo.insert('token-hash-2', 'b@example.test', t0, later);
    expect(await repo.consume('token-hash-1', t0)).toBe('a@example.test');
    expect(await repo.consume('token-hash-1', t0)).toBeUndefined();
    expect(await repo.consume('token-hash-2', later)).toBeUndefined();
    expect(await repo.consume('token-hash-2', t0)).toBeUndefined();
    await repo.insert('token-hash-3', 'c@example.test', t0, later);
    const claims = await Promise.all([0, 1, 2, 3].map(() => repo.consume('token-hash-3', t0)));
    expect(claims.filter((e) => e !== undefined)).toEqual(['c@example.test']);
  });

  it('sweeps expired sign-in tokens only', async () => {
    const repo = new SignInTokensRepository(ts.storage.db);
    await repo.insert('sweep-old', 'old@example.test', new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:15:00Z'));
    await repo.insert('sweep-new', 'new@example.test', new Date('2026-01-01T00:10:00Z'), new Date('2026-01-01T00:25:00Z'));
    expect(await repo.deleteExpired(new Date('2026-01-01T00:20:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await repo.consume('sweep-old', new Date('2026-01-01T00:00:00Z'))).toBeUndefined();
    expect(await repo.consume('sweep-new', new Date('2026-01-01T00:20:00Z'))).toBe('new@example.test');
  });

  it('stores, renews, clears the pending key of, and deletes sessions', async () => {
    const account = await new AccountsRepository(ts.storage.db).create('session@example.test', 'free');
    const repo = new SessionsRepository(ts.storage.db);
    const createdAt = new Date('2026-11-22T10:00:00Z');
    const expiresAt = new Date('2026-11-29T10:00:00Z');
    await repo.insert({ idHash: 'session-1', accountId: account.id, csrfToken: 'csrf-1', keyPending: true, createdAt, expiresAt });
    await repo.insert({ idHash: 'session-2', accountId: account.id, csrfToken: 'csrf-2', keyPending: true, createdAt, expiresAt: createdAt });
    expect(await repo.find('session-1')).toMatchObject({ account_id: account.id, csrf_token: 'csrf-1', key_pending: true });

    const seen = new Date('2026-11-23T10:00:00Z');
    await repo.touch('session-1', seen, new Date('2026-11-30T10:00:00Z'));
    expect((await repo.find('session-1'))?.last_seen_at).toEqual(seen);

    await repo.clearKeyPending(account.id);
    expect((await repo.find('session-1'))?.key_pending).toBe(false);

    expect(await repo.deleteExpired(new Date('2026-11-22T10:00:00Z'))).toBe(1);
    expect(await repo.find('session-2')).toBeUndefined();
    expect(await repo.delete('session-1')).toBe(true);
    expect(await repo.delete('session-1')).toBe(false);
  });
});
