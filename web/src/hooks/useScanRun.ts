import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type ApiClient } from '../lib/api.js';
import { newProgressId } from '../lib/progress.js';
import type { Progress, Scan } from '../lib/types.js';

export const POLL_INTERVAL_MS = 500;

export type RunState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running'; readonly startedAt: number; readonly now: number; readonly progress?: Progress }
  | { readonly phase: 'failed'; readonly error: unknown };

export type ScanRequest = { readonly kind: 'github'; readonly body: Record<string, unknown> } | { readonly kind: 'api'; readonly body: { url: string; openapi_url?: string; paths?: string[] } };

/**
 * Runs one scan request. Repository scans carry X-Vigil-Progress-Id and the
 * progress is polled every 500 ms while the request runs; every scan shows
 * its elapsed time. Cancel aborts the request (the service stops the scan).
 */
export function useScanRun(api: ApiClient, onDone: (scan: Scan) => void) {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (request: ScanRequest) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      const startedAt = Date.now();
      setState({ phase: 'running', startedAt, now: startedAt });
      const progressId = request.kind === 'github' ? newProgressId((bytes) => crypto.getRandomValues(bytes)) : undefined;
      const stopPolling = poll(api, progressId, own.signal, (progress) =>
        setState((s) => (s.phase === 'running' ? { ...s, now: Date.now(), ...(progress ? { progress } : {}) } : s)),
      );
      try {
        const scan = await api.post<Scan>(request.kind === 'github' ? '/v1/scan/github' : '/v1/scan/api', request.body, {
          signal: own.signal,
          ...(progressId ? { headers: { 'x-vigil-progress-id': progressId } } : {}),
        });
        stopPolling();
        if (own.signal.aborted) return;
        setState({ phase: 'idle' });
        onDone(scan);
      } catch (error) {
        stopPolling();
        if (own.signal.aborted) return;
        setState({ phase: 'failed', error });
      }
    },
    [api, onDone],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState({ phase: 'failed', error: new ApiError(0, 'The scan was cancelled.') });
  }, []);

  return { state, run, cancel };
}

/** Ticks every 500 ms; with a progress id it also asks the service how far the scan is. */
function poll(api: ApiClient, progressId: string | undefined, signal: AbortSignal, onTick: (progress: Progress | undefined) => void): () => void {
  let inFlight = false;
  const timer = window.setInterval(() => {
    if (progressId === undefined) return onTick(undefined);
    if (inFlight) return;
    inFlight = true;
    api
      .get<Progress>(`/v1/scans/progress/${progressId}`, signal)
      .then((progress) => onTick(progress))
      // Not known yet (404) or a poll that failed: the scan request itself decides the outcome.
      .catch(() => onTick(undefined))
      .finally(() => {
        inFlight = false;
      });
  }, POLL_INTERVAL_MS);
  return () => window.clearInterval(timer);
}
