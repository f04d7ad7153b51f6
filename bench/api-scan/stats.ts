/** Timing helpers shared by the API-scan and AI benchmarks: nearest-rank percentiles over samples in ms. */
import os from 'node:os';

export interface Summary {
  readonly runs: number;
  readonly median: number;
  readonly p95: number;
  readonly min: number;
  readonly max: number;
}

/** Nearest-rank percentile (p in 0–100) of ascending samples. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

/** Non-finite samples (a failed run's NaN) are left out. */
export function summarise(samples: readonly number[]): Summary {
  const sorted = samples.filter((n) => Number.isFinite(n)).sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export const ms = (value: number, digits = 1): string => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a');

export const describe = (s: Summary): string => `median ${ms(s.median)}, p95 ${ms(s.p95)} (min ${ms(s.min)}, max ${ms(s.max)}, ${s.runs} runs)`;

export const ratio = (a: number, b: number): string => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Parses `--name N` / `--name=N` as a positive integer, or the fallback. */
export function intOption(argv: readonly string[], name: string, fallback: number): number {
  for (const [i, arg] of argv.entries()) {
    const [flag, inline] = arg.split('=', 2);
    if (flag !== name) continue;
    const value = Number(inline ?? argv[i + 1]);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name}: expected a positive integer`);
    return value;
  }
  return fallback;
}

/** Arguments that are neither flags nor a flag's value. */
export function positionals(argv: readonly string[], valued: readonly string[]): string[] {
  const out: string[] = [];
  for (const [i, arg] of argv.entries()) {
    if (arg.startsWith('--')) continue;
    const previous = argv[i - 1];
    if (previous !== undefined && valued.includes(previous)) continue;
    out.push(arg);
  }
  return out;
}

export interface Timed<T> {
  readonly samples: number[];
  readonly failures: number;
  readonly firstError: string | undefined;
  readonly last: T | undefined;
}

/** `warmup` untimed runs, then `runs` timed ones, one at a time; a failed run is counted and timed too. */
export async function timeRuns<T>(runs: number, warmup: number, work: () => Promise<T>): Promise<Timed<T>> {
  const samples: number[] = [];
  let failures = 0;
  let firstError: string | undefined;
  let last: T | undefined;
  for (const i of Array(warmup + runs).keys()) {
    const started = performance.now();
    try {
      last = await work();
    } catch (error) {
      failures += i >= warmup ? 1 : 0;
      firstError ??= errorText(error);
    }
    if (i >= warmup) samples.push(performance.now() - started);
  }
  return { samples, failures, firstError, last };
}

/** CPU, count, Node version and the load average at the moment of the call. */
export function machine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  return `Machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} CPUs, Node ${process.version}; load average ${load}`;
}
