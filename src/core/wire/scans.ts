/** The wire shape of a scan: responses, stored states, summaries, the triage input. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { FindingInputSchema, FindingSchema, literals, ScanId } from './findings.js';

function scanSchema<F extends TSchema>(finding: F, title: string) {
  return Type.Object(
    {
      scan_id: ScanId,
      status: Type.String({ description: 'completed' }),
      target_type: literals(['github', 'api']),
      target: Type.String(),
      started_at: Type.String({ format: 'date-time' }),
      completed_at: Type.String({ format: 'date-time' }),
      finding_count: Type.Integer({ minimum: 0 }),
      findings: Type.Array(finding),
      warnings: Type.Optional(Type.Array(Type.String(), { description: 'Scanners that failed or checks that could not run' })),
      stats: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Counts about the scanned material' })),
    },
    { title },
  );
}

export const ScanResponseSchema = scanSchema(FindingSchema, 'ScanResponse');
/** A scan response as /v1/triage accepts it: its findings are FindingInput. */
export const ScanInputSchema = scanSchema(FindingInputSchema, 'ScanInput');
export type ScanInput = Static<typeof ScanInputSchema>;

export const ScanSummarySchema = Type.Object(
  {
    scan_id: Type.String(),
    status: Type.String(),
    target_type: Type.String(),
    target: Type.String(),
    started_at: Type.String({ format: 'date-time' }),
    completed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    finding_count: Type.Integer({ minimum: 0 }),
  },
  { title: 'ScanSummary' },
);

/**
 * A stored scan as GET /v1/scans/{scan_id} answers it: a completed scan is the ScanResponse it
 * answered; an asynchronous scan that has not completed has the same fields, with `status`
 * queued, running or failed, `completed_at` null until it failed, no findings, and `error`
 * (the status and detail a synchronous request would have got) when it failed.
 */
export const ScanStateSchema = Type.Object(
  {
    ...ScanResponseSchema.properties,
    status: literals(['queued', 'running', 'completed', 'failed']),
    completed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null while queued or running' }),
    error: Type.Optional(
      Type.Object(
        { status: Type.Integer({ description: 'The HTTP status a synchronous request would have answered' }), detail: Type.String() },
        { description: 'Why a failed scan failed' },
      ),
    ),
  },
  { title: 'ScanState' },
);

/** 202 of an asynchronous scan request. */
export const QueuedScanSchema = Type.Object(
  {
    scan_id: ScanId,
    status: Type.Literal('queued'),
  },
  { title: 'QueuedScan' },
);

/** A page of GET /v1/scans, newest first. */
export const ScanListSchema = Type.Object(
  {
    items: Type.Array(ScanSummarySchema),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last page' }),
  },
  { title: 'ScanList' },
);

/** GET /v1/scans/progress/{progress_id}: the stage of a running scan. */
export const ScanProgressSchema = Type.Object(
  {
    stage: literals(['queued', 'downloading', 'scanning', 'done', 'failed']),
    files_done: Type.Optional(Type.Integer({ minimum: 0 })),
    files_total: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { title: 'ScanProgress' },
);

/** A scan as the dashboard reads it back (ScanResponse; `warnings` and `stats` may be absent in old stored scans). */
export type WireScan = Static<typeof ScanResponseSchema>;
export type ScanSummary = Static<typeof ScanSummarySchema>;
export type ScanList = Static<typeof ScanListSchema>;
export type ScanProgressState = Static<typeof ScanProgressSchema>;

type ScanResponseStatic = Static<typeof ScanResponseSchema>;

/** Where a scan looked: a repository or an API for the service; also `directory` for the CLI's local folder. */
export type ScanTargetType = ScanResponseStatic['target_type'] | 'directory';

/**
 * A completed scan as outputs/scan-response.ts builds it and the CLI prints it: the
 * ScanResponse with `warnings` and `stats` always present, for any target type.
 */
export type ScanReport<T extends ScanTargetType = ScanTargetType> = Omit<ScanResponseStatic, 'status' | 'target_type' | 'warnings' | 'stats'> & {
  status: 'completed';
  target_type: T;
  warnings: string[];
  stats: Record<string, unknown>;
};

/** A completed scan as the API answers it: a repository or an API. */
export type ScanResponse = ScanReport<ScanResponseStatic['target_type']>;

/** A stored scan as GET /v1/scans/{scan_id} answers it (see ScanStateSchema). */
export type ScanState = Static<typeof ScanStateSchema>;
