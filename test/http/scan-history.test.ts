import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepository, ScansRepository } from '../../src/adapters/storage/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

function scanResult(id: string, n: number) {
  return {
    scan_id: id,
    status: 'completed',
    target_type: 'github',
    target: 'octo/repo',
    started_at: '2026-11-22T10:00:00.000Z',
    completed_at: '2026-11-22T10:00:02.000Z',
    finding_count: n,
    findings: [],
  };
}

describe('scan history', () => {
  let ts: TestStorage;
  let t: TestApp;
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts);
    key = await t.newAccount('free', 'history@example.test');
    otherKey = await t.newAccount('free', 'intruder@example.test');
    const account = await new AccountsRepository(ts.storage.db).findByEmail('history@example.test');
    const scans = new ScansRepository(ts.storage.db);
    for (let i = 0; i < 5; i++) {
      const id = `hist${i}`;
      await scans.insert({
        id,
        accountId: account?.id ?? '',
        targetType: 'github',
        target: 'octo/repo',
        status: 'completed',
        startedAt: new Date('2026-11-22T10:00:00Z'),
        completedAt: new Date('2026-11-22T10:00:02Z'),
        findingCount: i,
        result: scanResult(id, i),
      });
    }
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  const get = (url: string, k = key) => t.app.inject({ method: 'GET', url, headers: { 'x-api-key': k } });

  it('lists scans newest first and pages with next_cursor', async () => {
    const first = await get('/v1/scans?limit=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.items.map((s: { scan_id: string }) => s.scan_id)).toEqual(['hist4', 'hist3']);
    expect(body.items[0]).toEqual({
      scan_id: 'hist4',
      status: 'completed',
      target_type: 'github',
      target: 'octo/repo',
      started_at: '2026-11-22T10:00:00.000Z',
      completed_at: '2026-11-22T10:00:02.000Z',
      finding_count: 4,
    });
    const rest = await get(`/v1/scans?limit=10&cursor=${body.next_cursor}`);
    expect(rest.json().items.map((s: { scan_id: string }) => s.scan_id)).toEqual(['hist2', 'hist1', 'hist0']);
    expect(rest.json().next_cursor).toBeNull();
  });

  it('returns one scan as it was returned when it ran', async () => {
    const res = await get('/v1/scans/hist3');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(scanResult('hist3', 3));
  });

  it("answers 404 for another account's scan and for unknown ids", async () => {
    expect((await get('/v1/scans/hist3', otherKey)).statusCode).toBe(404);
    expect((await get('/v1/scans/nope')).json()).toEqual({ detail: 'Scan nope not found' });
    expect((await get('/v1/scans', otherKey)).json().items).toEqual([]);
  });

  it('rejects bad paging parameters with 400 naming the parameter', async () => {
    const res = await get('/v1/scans?limit=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('"limit"');
    expect((await get('/v1/scans?cursor=abc')).statusCode).toBe(400);
    // Past PostgreSQL's bigint: a clear 400, not a database error.
    for (const cursor of ['9223372036854775808', '9999999999999999999']) {
      const big = await get(`/v1/scans?cursor=${cursor}`);
      expect(big.statusCode).toBe(400);
      expect(big.json().detail).toContain('cursor');
    }
    expect((await get('/v1/scans?cursor=9223372036854775807')).statusCode).toBe(200);
  });

  it('needs a key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/scans' })).statusCode).toBe(401);
  });
});
