/**
 * Wire shapes of the endpoints the dashboard calls (docs/dashboard-ui.md;
 * src/http/routes/v1/ and src/http/schemas/ are the source of truth).
 */
import type { Finding } from '../../../src/core/findings.js';

// Findings keep the one definition the service uses (a pure module with no imports, bundled by Vite).
export { SEVERITIES, type Finding, type Location, type Severity } from '../../../src/core/findings.js';

export type Bucket = 'scans' | 'ai' | 'account';
export const BUCKETS: readonly Bucket[] = ['scans', 'ai', 'account'];

export interface Account {
  readonly email: string;
  readonly plan: string;
  readonly limits: Readonly<Record<Bucket, number | null>>;
  readonly usage: Readonly<Record<Bucket, number>>;
  readonly window: { readonly started_at: string; readonly resets_at: string };
  readonly key: { readonly prefix: string; readonly created_at: string } | null;
}

export interface Session {
  readonly email: string;
  readonly csrf_token: string;
  readonly key_pending: boolean;
  readonly account: Account;
}

export interface Scan {
  readonly scan_id: string;
  readonly status: string;
  readonly target_type: 'github' | 'api';
  readonly target: string;
  readonly started_at: string;
  readonly completed_at: string;
  readonly finding_count: number;
  readonly findings: readonly Finding[];
  readonly warnings?: readonly string[];
  readonly stats?: Readonly<Record<string, unknown>>;
}

export interface ScanSummary {
  readonly scan_id: string;
  readonly status: string;
  readonly target_type: string;
  readonly target: string;
  readonly started_at: string;
  readonly completed_at: string | null;
  readonly finding_count: number;
}

export interface ScanPage {
  readonly items: readonly ScanSummary[];
  readonly next_cursor: string | null;
}

export type ProgressStage = 'queued' | 'downloading' | 'scanning' | 'done' | 'failed';

export interface Progress {
  readonly stage: ProgressStage;
  readonly files_done?: number;
  readonly files_total?: number;
}

/** A key shown once: from POST /auth/first-key or POST /v1/account/rotate-key. */
export interface IssuedKey {
  readonly api_key: string;
  readonly key_prefix: string;
  readonly created_at: string;
  readonly emailed: boolean;
  readonly message?: string;
}
