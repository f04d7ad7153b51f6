import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Table types for Kysely. Migrations in ./migrations.ts create exactly these. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AccountsTable {
  id: string;
  email: string;
  plan: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
  display_prefix: string;
  created_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ScansTable {
  id: string;
  account_id: string;
  target_type: string;
  target: string;
  status: string;
  started_at: Timestamp;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finding_count: number;
  result: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  seq: Generated<string>;
}

export interface SystemStateTable {
  key: string;
  value: string;
  created_at: Timestamp;
}

export interface OsvVulnsTable {
  id: string;
  modified: string;
  withdrawn: boolean;
  record: ColumnType<unknown, string, string>;
  imported_at: Timestamp;
}

export interface OsvAffectedTable {
  vuln_id: string;
  ecosystem: string;
  name: string;
}

export interface SignInTokensTable {
  token_hash: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  account_id: string;
  /** Kept in clear: GET /auth/session returns it, and it is worthless without the session cookie. */
  csrf_token: string;
  key_pending: boolean;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** The effective end: the earlier of the idle and the absolute expiry. */
  expires_at: Timestamp;
}

export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  /** Sealed (src/services/scans/seal.ts): the service needs it to sign, so it is encrypted, not hashed. */
  secret: string;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: string;
  seq: Generated<string>;
  webhook_id: string;
  account_id: string;
  event: string;
  scan_id: string;
  payload: ColumnType<unknown, string, string>;
  status: string;
  attempts: number;
  next_attempt_at: Timestamp;
  last_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface QuotaCountersTable {
  key: string;
  count: number;
  expires_at: Timestamp;
}

export interface Database {
  quota_counters: QuotaCountersTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  accounts: AccountsTable;
  osv_vulns: OsvVulnsTable;
  osv_affected: OsvAffectedTable;
  api_keys: ApiKeysTable;
  scans: ScansTable;
  system_state: SystemStateTable;
  signin_tokens: SignInTokensTable;
  sessions: SessionsTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ScanRow = Selectable<ScansTable>;
export type NewScanRow = Insertable<ScansTable>;
export type SessionRow = Selectable<SessionsTable>;
