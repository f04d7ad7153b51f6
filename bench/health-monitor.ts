/**
 * `GET /health` latency of a running service, sampled every 50 ms until stopped (the load and
 * abuse benchmarks watch the event loop with it while they put the service under pressure).
 *
 * The sampling runs in a worker thread of its own: the benchmark's main thread also serves the
 * fake GitHub (packing tarballs as they are read), and a sample timed on that busy event loop
 * would count the benchmark's own delays as the service's.
 */
import { Worker } from 'node:worker_threads';

export interface HealthFigures {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly failed: number;
  /**
   * The samples of 50 ms or more: when each request was sent, in microseconds of the monotonic clock V8's CPU
   * profiles count in (their `startTime`), so that bench/load/profile.ts --at can show what the service ran then.
   */
  readonly slow: ReadonlyArray<{ readonly atUs: number; readonly ms: number }>;
}

const SLOW_MS = 50;

const MAX_SAMPLES = 100_000;

/**
 * Plain JavaScript run by the thread: [0] stop flag, [1] samples taken, [2] failures; latencies in ms after them.
 * `starts` holds each sample's start on the monotonic clock (process.hrtime, in microseconds).
 */
const SAMPLER = `
const { workerData } = require('node:worker_threads');
const control = new Int32Array(workerData.control);
const latencies = new Float64Array(workerData.latencies);
const starts = new Float64Array(workerData.starts);
const url = workerData.base + '/health';
(async () => {
  // One unmeasured request first: the HTTP client starts lazily, and that is not the service's latency.
  await fetch(url).then((res) => res.arrayBuffer(), () => undefined);
  while (Atomics.load(control, 0) === 0) {
    const started = performance.now();
    const startedUs = Number(process.hrtime.bigint() / 1000n);
    let ok = false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30000) });
      await res.arrayBuffer();
      ok = res.status === 200;
    } catch {}
    if (Atomics.load(control, 0) !== 0) break;
    const n = Atomics.load(control, 1);
    if (n >= latencies.length) break;
    latencies[n] = performance.now() - started;
    starts[n] = startedUs;
    if (!ok) Atomics.add(control, 2, 1);
    Atomics.store(control, 1, n + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();
`;

export function monitorHealth(base: string): { stop(): HealthFigures } {
  const control = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const samples = new SharedArrayBuffer(MAX_SAMPLES * Float64Array.BYTES_PER_ELEMENT);
  const starts = new SharedArrayBuffer(MAX_SAMPLES * Float64Array.BYTES_PER_ELEMENT);
  const worker = new Worker(SAMPLER, { eval: true, workerData: { base, control, latencies: samples, starts } });
  worker.unref();
  return {
    stop() {
      const flags = new Int32Array(control);
      Atomics.store(flags, 0, 1);
      const count = Atomics.load(flags, 1);
      const failed = Atomics.load(flags, 2);
      void worker.terminate();
      const latencies = new Float64Array(samples, 0, count);
      const startedAt = new Float64Array(starts, 0, count);
      const slow = [...latencies.keys()].filter((i) => (latencies[i] ?? 0) >= SLOW_MS).map((i) => ({ atUs: startedAt[i] ?? 0, ms: latencies[i] ?? 0 }));
      const sorted = Array.from(latencies).sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0, failed, slow };
    },
  };
}
