import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ScanRow } from '../schema.js';
import { jsonText } from '../../../core/json-text.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** What a list of scans shows: everything but the result itself. */
export interface ScanSummary {
  readonly id: string;
  readonly accountId: string;
  readonly targetType: string;
  readonly target: string;
  readonly status: string;
  readonly startedAt: Date;
  readonly completedAt: Date | null;
  readonly findingCount: number;
}

export interface StoredScan extends ScanSummary {
  /** The full scan response as returned to the client (already redacted). */
  readonly result: unknown;
}

/** The largest cursor PostgreSQL's bigint holds; a larger one is not a cursor this service gave. */
export const MAX_CURSOR = 2n ** 63n - 1n;

export interface ScanPage {
  readonly items: readonly ScanSummary[];
  /** Opaque cursor for the next page, or null on the last page. */
  readonly nextCursor: string | null;
}

/** Stored scan results, one row per scan, always scoped to an account. */
export class ScansRepository {
  constructor(private readonly db: Executor) {}

  async insert(scan: StoredScan): Promise<void> {
    await this.db
      .insertInto('scans')
      .values({ id: scan.id, ...columns(scan) })
      .execute();
  }

  /**
   * Inserts the scan or, when its row exists (an asynchronous scan queued
   * earlier, or a job run again after its worker died), replaces it.
   */
  async save(scan: StoredScan): Promise<void> {
    const values = columns(scan);
    await this.db
      .insertInto('scans')
      .values({ id: scan.id, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values).where('scans.account_id', '=', scan.accountId))
      .execute();
  }

  /** Moves a scan that is not finished yet to another state; false when it is finished (or gone). */
  async advance(id: string, change: { status: string; startedAt?: Date; completedAt?: Date | null; result: unknown }): Promise<boolean> {
    const updated = await this.db
      .updateTable('scans')
      .set({
        status: change.status,
        ...(change.startedAt ? { started_at: change.startedAt } : {}),
        ...(change.completedAt === undefined ? {} : { completed_at: change.completedAt }),
        result: JSON.stringify(change.result),
      })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('scans').where('id', '=', id).execute();
  }

  /** Scans still queued or running, oldest first (at most `limit`). */
  async unfinished(limit: number): Promise<ScanSummary[]> {
    const rows = await this.db
      .selectFrom('scans')
      .select(['id', 'seq', 'account_id', 'target_type', 'target', 'status', 'started_at', 'completed_at', 'finding_count'])
      .where('status', 'in', ['queued', 'running'])
      .orderBy('seq', 'asc')
      .limit(limit)
      .execute();
    return rows.map(toSummary);
  }

  async get(accountId: string, id: string): Promise<StoredScan | undefined> {
    const row = await this.db
      .selectFrom('scans')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toStored(row);
  }

  /**
   * Newest first. The cursor is the last row's sequence number, so pages never
   * skip or repeat. Only the summary columns are read, never the stored results.
   */
  async list(accountId: string, limit: number, cursor?: string): Promise<ScanPage> {
    let query = this.db
      .selectFrom('scans')
      .select(['id', 'seq', 'account_id', 'target_type', 'target', 'status', 'started_at', 'completed_at', 'finding_count'])
      .where('account_id', '=', accountId)
      .orderBy('seq', 'desc')
      .limit(limit + 1);
    if (cursor !== undefined) query = query.where('seq', '<', sql<string>`${cursor}::bigint`);
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(toSummary),
      nextCursor: rows.length > limit && last !== undefined ? String(last.seq) : null,
    };
  }
}

/** A scan's row but its id. */
function columns(scan: StoredScan) {
  return {
    account_id: scan.accountId,
    target_type: scan.targetType,
    target: scan.target,
    status: scan.status,
    started_at: scan.startedAt,
    completed_at: scan.completedAt,
    finding_count: scan.findingCount,
    result: jsonText(scan.result),
  };
}

function toStored(row: ScanRow): StoredScan {
  return {
    ...toSummary(row),
    result: typeof row.result === 'string' ? (JSON.parse(row.result) as unknown) : row.result,
  };
}

function toSummary(row: Omit<ScanRow, 'result' | 'created_at'>): ScanSummary {
  return {
    id: row.id,
    accountId: row.account_id,
    targetType: row.target_type,
    target: row.target,
    status: row.status,
    startedAt: new Date(row.started_at),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    findingCount: row.finding_count,
  };
}
