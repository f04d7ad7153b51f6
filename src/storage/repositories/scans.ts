import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ScanRow } from '../schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredScan {
  readonly id: string;
  readonly accountId: string;
  readonly targetType: string;
  readonly target: string;
  readonly status: string;
  readonly startedAt: Date;
  readonly completedAt: Date | null;
  readonly findingCount: number;
  /** The full scan response as returned to the client (already redacted). */
  readonly result: unknown;
}

export interface ScanPage {
  readonly items: readonly StoredScan[];
  /** Opaque cursor for the next page, or null on the last page. */
  readonly nextCursor: string | null;
}

/** Stored scan results, one row per scan, always scoped to an account. */
export class ScansRepository {
  constructor(private readonly db: Executor) {}

  async insert(scan: StoredScan): Promise<void> {
    await this.db
      .insertInto('scans')
      .values({
        id: scan.id,
        account_id: scan.accountId,
        target_type: scan.targetType,
        target: scan.target,
        status: scan.status,
        started_at: scan.startedAt,
        completed_at: scan.completedAt,
        finding_count: scan.findingCount,
        result: JSON.stringify(scan.result),
      })
      .execute();
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

  /** Newest first. The cursor is the last row's sequence number, so pages never skip or repeat. */
  async list(accountId: string, limit: number, cursor?: string): Promise<ScanPage> {
    let query = this.db
      .selectFrom('scans')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('seq', 'desc')
      .limit(limit + 1);
    if (cursor !== undefined) query = query.where('seq', '<', sql<string>`${cursor}::bigint`);
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(toStored),
      nextCursor: rows.length > limit && last !== undefined ? String(last.seq) : null,
    };
  }
}

function toStored(row: ScanRow): StoredScan {
  return {
    id: row.id,
    accountId: row.account_id,
    targetType: row.target_type,
    target: row.target,
    status: row.status,
    startedAt: new Date(row.started_at),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    findingCount: row.finding_count,
    result: typeof row.result === 'string' ? (JSON.parse(row.result) as unknown) : row.result,
  };
}
