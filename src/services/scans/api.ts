/**
 * An API endpoint scan: every request goes through the SSRF-safe client
 * (retrieve), then the pure header and CORS checks, then the pipeline.
 * Shared by POST /v1/scan/api and `vigil scan api`.
 */
import { AppError, isAppError } from '../../core/errors.js';
import { openApiFailure } from '../../scanners/http/openapi.js';
import { newId } from '../../core/ids.js';
import { runPipeline } from '../../engine/pipeline/index.js';
import { parseTargetUrl } from '../../adapters/net/index.js';
import { buildScanResponse, type ScanResponse } from '../../outputs/scan-response.js';
import { MAX_PROBED_PATHS, retrieve, type RetrieveOptions } from '../../adapters/http-target/retrieve.js';
import { scanRetrieved } from '../../scanners/http/scanner.js';

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
  /** Opt-in: an OpenAPI 3.x / Swagger 2.0 document whose GET operations are probed like `paths`. */
  readonly openapiUrl?: string;
}

export { MAX_PATHS, MAX_PROBED_PATHS } from '../../adapters/http-target/retrieve.js';

/** Runs one API scan now; how many run at once is the scan queue's business. */
export async function scanApiTarget(input: string, settings: ApiScanSettings, hooks: ApiScanHooks = {}): Promise<ScanResponse> {
  const { signal } = hooks;
  const target = input.trim();
  parseTargetUrl(target);
  const openapiUrl = hooks.openapiUrl?.trim();
  if (openapiUrl !== undefined) {
    try {
      parseTargetUrl(openapiUrl);
    } catch (error) {
      throw isAppError(error) && error.status < 500 ? openApiFailure(error) : error;
    }
  }
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
      ...(openapiUrl === undefined ? {} : { openapiUrl }),
    });
    const raw = scanRetrieved(retrieved).map(({ raw: finding, url, method }) => ({ ...finding, url, method }));
    const { findings } = runPipeline(raw, { target });
    return buildScanResponse({
      scanId: hooks.scanId ?? newId(),
      targetType: 'api',
      target,
      startedAt,
      completedAt: new Date(),
      outcome: { findings, warnings: [...openApiWarnings(retrieved), ...probeWarnings(retrieved)], stats: {} },
      extraStats: {
        requests: retrieved.requestCount,
        final_url: retrieved.main.url,
        duration_ms: Math.round(performance.now() - started),
        ...(retrieved.paths === undefined && retrieved.openapi === undefined ? {} : { paths_probed: retrieved.paths?.length ?? 0 }),
        ...(retrieved.openapi === undefined ? {} : { openapi_get_operations: retrieved.openapi.getOperations }),
      },
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('internal', 'Scan failed: an unexpected error stopped the scan; retry', { cause: error });
  }
}

/** What the OpenAPI document left unprobed: over the path limit, or skipped as a likely state change. */
function openApiWarnings(retrieved: Awaited<ReturnType<typeof retrieve>>): string[] {
  const doc = retrieved.openapi;
  if (doc === undefined) return [];
  const warnings: string[] = [];
  if (doc.getOperations === 0) warnings.push(`openapi_url: the document (${doc.url}) has no GET operations; only the base URL${retrieved.paths ? ' and the listed paths were' : ' was'} scanned`);
  const left = doc.getOperations - doc.skipped.length - doc.probed;
  if (left > 0) warnings.push(`openapi_url: ${doc.probed} of ${doc.getOperations} GET operations probed (at most ${MAX_PROBED_PATHS} paths per scan, secured operations first); ${left} not probed`);
  if (doc.skipped.length > 0) {
    const shown = doc.skipped.slice(0, 5).join(', ');
    warnings.push(`openapi_url: ${doc.skipped.length} GET operation(s) not probed because the path reads like a state change: ${shown}${doc.skipped.length > 5 ? ', …' : ''}`);
  }
  return warnings;
}

function probeWarnings(retrieved: Awaited<ReturnType<typeof retrieve>>): string[] {
  const failed = retrieved.requests.filter((r) => r.status === null);
  if (failed.length === 0) return [];
  const first = failed[0];
  return [`${failed.length} of ${retrieved.requestCount} probe request(s) got no answer; checks that needed them may be incomplete (first: ${first?.method ?? ''} ${first?.url ?? ''})`];
}
