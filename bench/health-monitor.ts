/**
 * `GET /health` latency of a running service, sampled every 50 ms until stopped (the load and
 * abuse benchmarks watch the event loop with it while they put the service under pressure).
 */
export interface HealthFigures {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly failed: number;
}

export function monitorHealth(base: string): { stop(): HealthFigures } {
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  void (async () => {
    // One unmeasured request first: the bench's own HTTP client starts lazily, and that is not the service's latency.
    await fetch(`${base}/health`).then((res) => res.arrayBuffer(), () => undefined);
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    stop() {
      running = false;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0, failed };
    },
  };
}
