import { sql } from 'kysely';
import type { Storage } from '../../adapters/storage/index.js';
import type { QuotaStore } from './quotas.js';

/**
 * Quota counters in the database, for installations without Redis: a restart
 * keeps every account's usage of the hour, and several processes on one
 * PostgreSQL share exact counts. Each count is one statement: the row is
 * incremented only while under the limit, under the row's lock, so
 * concurrent requests never overshoot.
 */
export class DatabaseQuotaStore implements QuotaStore {
  private nextSweepAt = 0;
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(key: string, limit: number | null, windowEndsAt: number): Promise<{ allowed: boolean; used: number }> {
    await this.sweep();
    const db = this.storage.db;
    if (limit !== null && limit <= 0) return { allowed: false, used: await this.usage(key) };
    // A little grace past the window, as with Redis, so processes whose clocks differ slightly agree.
    const expiresAt = new Date((windowEndsAt + 60) * 1000);
    const counted = await sql<{ count: number }>`
      insert into quota_counters (key, count, expires_at) values (${key}, 1, ${expiresAt})
      on conflict (key) do update set count = quota_counters.count + 1
        where ${limit === null} or quota_counters.count < ${limit ?? 0}
      returning count`.execute(db);
    const row = counted.rows[0];
    if (row !== undefined) return { allowed: true, used: Number(row.count) };
    return { allowed: false, used: await this.usage(key) };
  }

  async release(key: string): Promise<void> {
    await this.storage.db.updateTable('quota_counters').set({ count: sql`count - 1` }).where('key', '=', key).where('count', '>', 0).execute();
  }

  async usage(key: string): Promise<number> {
    const row = await this.storage.db.selectFrom('quota_counters').select('count').where('key', '=', key).executeTakeFirst();
    return row === undefined ? 0 : Number(row.count);
  }

  /** The storage belongs to the runtime, which closes it. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Drops finished windows, at most once a minute. */
  private async sweep(): Promise<void> {
    const now = this.now();
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + 60_000;
    await this.storage.db.deleteFrom('quota_counters').where('expires_at', '<', new Date(now)).execute();
  }
}
