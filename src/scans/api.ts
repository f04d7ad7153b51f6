/**
 * An API endpoint scan: every request goes through the SSRF-safe client
 * (retrieve), then the pure header and CORS checks, then the pipeline.
 * Shared by POST /v1/scan/api and `vigil scan api`.
 */
import { AppError, isAppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { runPipeline } from '../engine/pipeline/index.js';
import { parseTargetUrl } from '../net/index.js';
import { buildScanResponse, type ScanResponse } from '../outputs/scan-response.js';
import { retrieve, type RetrieveOptions } from '../scanners/http/retrieve.js';
import { scanRetrieved } from '../scanners/http/scan.js';

export interface ApiScanSettings {
  /** SCAN_API_ALLOW_CIDRS: internal ranges an operator allows (default none). */
  readonly allowCidrs: readonly string[];
  readonly timeoutMs: number;
  /** Tests inject DNS. */
  readonly lookup?: RetrieveOptions['lookup'];
  /** Time limit of each request to the target (default the client's 15 s). */
  readonly probeTimeoutMs?: number;
}

export interface ApiScanHooks {
  readonly signal?: AbortSignal;
  /** The scan's id (chosen when it was submitted); a new one by default. */
  readonly scanId?: string;
  /** Opt-in GET paths on the target's origin that get the header checks too (at most MAX_PATHS). */
  readonly paths?: readonly string[];
}

export { MAX_PATHS } from '../scanners/http/retrieve.js';

/** Runs one API scan now; how many run at once is the scan queue's business. */
export async function scanApiTarget(input: string, settings: ApiScanSettings, hooks: ApiScanHooks = {}): Promise<ScanResponse> {
  const { signal } = hooks;
  const target = input.trim();
  parseTargetUrl(target);
  try {
    const startedAt = new Date();
    const started = performance.now();
    const deadline = AbortSignal.timeout(settings.timeoutMs);
    const retrieved = await retrieve(target, {
      allowCidrs: settings.allowCidrs,
      signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      ...(settings.lookup ? { lookup: settings.lookup } : {}),
      ...(settings.probeTimeoutMs === undefined ? {} : { totalTimeoutMs: settings.probeTimeoutMs }),
      ...(hooks.paths === undefined ? {} : { paths: hooks.paths }),
    });
    const raw = scanRetrieved(retrieved).map(({ raw: finding, url, method }) => ({ ...finding, url, method }));
    const { findings } = runPipeline(raw, { target });
    return buildScanResponse({
      scanId: hooks.scanId ?? newId(),
      targetType: 'api',
      target,
      startedAt,
      completedAt: new Date(),
      outcome: { findings, warnings: probeWarnings(retrieved), stats: {} },
      extraStats: { requests: retrieved.requestCount, final_url: retrieved.main.url, duration_ms: Math.round(performance.now() - started) },
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('internal', 'Scan failed: an unexpected error stopped the scan; retry', { cause: error });
  }
}

function probeWarnings(retrieved: Awaited<ReturnType<typeof retrieve>>): string[] {
  const failed = retrieved.requests.filter((r) => r.status === null);
  if (failed.length === 0) return [];
  const first = failed[0];
  return [`${failed.length} of ${retrieved.requestCount} probe request(s) got no answer; checks that needed them may be incomplete (first: ${first?.method ?? ''} ${first?.url ?? ''})`];
}
