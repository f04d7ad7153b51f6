import type { Finding } from '../core/findings.js';
import type { ScanOutcome } from '../engine/scan.js';

/** The specification's ScanResponse, plus the additive `warnings` and `stats`. */
export interface ScanResponse {
  readonly scan_id: string;
  readonly status: 'completed';
  /** `directory` only in the CLI's output for a local folder; the API answers github or api. */
  readonly target_type: 'github' | 'api' | 'directory';
  readonly target: string;
  readonly started_at: string;
  readonly completed_at: string;
  readonly finding_count: number;
  readonly findings: readonly Finding[];
  readonly warnings: readonly string[];
  readonly stats: Record<string, unknown>;
}

export interface ScanResponseInput {
  readonly scanId: string;
  readonly targetType: ScanResponse['target_type'];
  readonly target: string;
  readonly startedAt: Date;
  readonly completedAt: Date;
  readonly outcome: Pick<ScanOutcome, 'findings' | 'warnings'> & { readonly stats: object };
  /** Extra stats merged in (for example the repository's ref and commit). */
  readonly extraStats?: Record<string, unknown>;
}

/** Timestamps are UTC ISO 8601 with `Z` (Date#toISOString). */
export function buildScanResponse(input: ScanResponseInput): ScanResponse {
  return {
    scan_id: input.scanId,
    status: 'completed',
    target_type: input.targetType,
    target: input.target,
    started_at: input.startedAt.toISOString(),
    completed_at: input.completedAt.toISOString(),
    finding_count: input.outcome.findings.length,
    findings: input.outcome.findings,
    warnings: input.outcome.warnings,
    stats: { ...input.outcome.stats, ...input.extraStats },
  };
}
