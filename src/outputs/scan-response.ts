import type { ScanReport, ScanTargetType } from '../core/wire/scans.js';
import type { ScanOutcome } from '../engine/scan-workspace.js';
import { jsonText } from '../core/json-text.js';

/** The specification's ScanResponse, plus the additive `warnings` and `stats` (its type is derived from the wire schema). */
export type { ScanReport, ScanResponse } from '../core/wire/scans.js';

export interface ScanResponseInput<T extends ScanTargetType = ScanTargetType> {
  readonly scanId: string;
  readonly targetType: T;
  readonly target: string;
  readonly startedAt: Date;
  readonly completedAt: Date;
  readonly outcome: Pick<ScanOutcome, 'findings' | 'warnings'> & { readonly stats: object };
  /** Extra stats merged in (for example the repository's ref and commit). */
  readonly extraStats?: Record<string, unknown>;
  /** Ceiling on the serialised response (and so on the stored scan); default MAX_RESULT_BYTES. */
  readonly maxBytes?: number;
}

/**
 * The largest scan result answered and stored. The finding caps keep results
 * far below it; this is the last bound, for findings with very long texts.
 */
export const MAX_RESULT_BYTES = 16 * 1024 * 1024;

/**
 * Timestamps are UTC ISO 8601 with `Z` (Date#toISOString). Findings come most
 * severe first; when the whole would pass the byte ceiling, the least severe
 * are left out until it fits, and stats and warnings say so.
 */
export function buildScanResponse<T extends ScanTargetType>(input: ScanResponseInput<T>): ScanReport<T> {
  const full = assemble(input);
  const maxBytes = input.maxBytes ?? MAX_RESULT_BYTES;
  // The usual case measures once; finding by finding only when the whole is too large.
  // jsonText keeps the text, so storing the result does not serialise it again.
  if (Buffer.byteLength(jsonText(full)) <= maxBytes) return full;
  const sizes = full.findings.map((f) => Buffer.byteLength(JSON.stringify(f)) + 1);
  let total = Buffer.byteLength(JSON.stringify({ ...full, findings: [] })) + 1_024;
  let keep = 0;
  while (keep < sizes.length && total + (sizes[keep] ?? 0) <= maxBytes) total += sizes[keep++] ?? 0;
  if (keep === full.findings.length) return full;
  const omitted = full.findings.length - keep;
  const before = typeof full.stats.findings_omitted === 'number' ? full.stats.findings_omitted : 0;
  return {
    ...full,
    finding_count: keep,
    findings: full.findings.slice(0, keep),
    warnings: [
      ...full.warnings,
      `The result is truncated: ${omitted} of the least severe findings were left out to keep it under ${Math.round(maxBytes / (1024 * 1024))} MB`,
    ],
    stats: { ...full.stats, truncated: true, findings_omitted: before + omitted },
  };
}

function assemble<T extends ScanTargetType>(input: ScanResponseInput<T>): ScanReport<T> {
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
