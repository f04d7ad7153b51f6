import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseQuotaStore } from '../../../src/services/accounts/database-quotas.js';
import { PLAN_LIMITS } from '../../../src/services/accounts/plans.js';
import { Quotas } from '../../../src/services/accounts/quotas.js';
import { openStorage } from '../../../src/adapters/storage/index.js';
import { BACKENDS, openTestStorage, type TestStorage } from '../../helpers/storage.js';

const opened: TestStorage[] = [];
afterAll(async () => {
  for (const ts of opened) await ts.cleanup();
});

describe.each(BACKENDS)('quota counters in the database (%s)', (kind) => {
  it('allow the limit and refuse past it, exactly, under concurrent requests', async () => {
    const ts = await openTestStorage(kind);
    opened.push(ts);
    const quotas = new Quotas(new DatabaseQuotaStore(ts.storage));
    const results = await Promise.all(Array.from({ length: 20 }, () => quotas.consume('scans', 'acct-a', PLAN_LIMITS.free)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect((await quotas.usage('acct-a', ['scans'])).scans).toBe(10);
    const refused = results.find((r) => !r.allowed);
    expect(refused).toMatchObject({ limit: 10, used: 10, remaining: 0 });
    // A release gives one back, unlimited buckets count without refusing.
    await quotas.release(results.find((r) => r.allowed)?.key ?? '');
    expect((await quotas.consume('scans', 'acct-a', PLAN_LIMITS.free)).allowed).toBe(true);
    for (let i = 0; i < 30; i++) expect((await quotas.consume('scans', 'acct-team', PLAN_LIMITS.team)).allowed).toBe(true);
    expect((await quotas.usage('acct-team', ['scans'])).scans).toBe(30);
  });

  it('start again at zero in the next hour', async () => {
    const ts = await openTestStorage(kind);
    opened.push(ts);
    let now = Date.UTC(2026, 10, 26, 9, 59, 0);
    const quotas = new Quotas(new DatabaseQuotaStore(ts.storage, () => now), () => now);
    for (let i = 0; i < 5; i++) await quotas.consume('ai', 'acct-b', PLAN_LIMITS.free);
    expect((await quotas.consume('ai', 'acct-b', PLAN_LIMITS.free)).allowed).toBe(false);
    now += 120_000;
    expect((await quotas.consume('ai', 'acct-b', PLAN_LIMITS.free)).allowed).toBe(true);
    expect((await quotas.usage('acct-b', ['ai'])).ai).toBe(1);
  });
});

describe('quota counters without Redis', () => {
  it('survive a restart of the embedded database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigil-quota-'));
    try {
      const first = await openStorage({ dataDir });
      const before = new Quotas(new DatabaseQuotaStore(first));
      for (let i = 0; i < 4; i++) expect((await before.consume('scans', 'acct-c', PLAN_LIMITS.free)).allowed).toBe(true);
      await first.close();

      const second = await openStorage({ dataDir });
      try {
        const after = new Quotas(new DatabaseQuotaStore(second));
        expect((await after.usage('acct-c', ['scans'])).scans).toBe(4);
        expect((await after.consume('scans', 'acct-c', PLAN_LIMITS.free)).used).toBe(5);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
