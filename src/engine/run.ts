import { setMaxListeners } from 'node:events';
import { AppError } from '../core/errors.js';
import type { RawFinding } from '../core/findings.js';
import type { ScanPool } from './pool.js';
import type { CollectedBatch } from './pipeline/index.js';
import type { WorkspaceMemory } from '../adapters/sources/workspace.js';
import type { HeldFiles, ScannerStatus, ScannerTally, ScanTaskResult, WorkerCollect } from './types.js';

export interface WorkspaceFiles {
  readonly root: string;
  readonly files: readonly { readonly path: string; readonly size: number }[];
  /** Files held in memory (an archive within its memory budget); the others are read from root. */
  readonly memory?: WorkspaceMemory;
}

/** The memory part of a task over `paths` (undefined when the workspace holds none of its files in memory). */
export function heldFiles(memory: WorkspaceMemory | undefined, paths: readonly string[]): HeldFiles | undefined {
  if (memory === undefined || memory.files.size === 0) return undefined;
  return { arenas: memory.arenas, at: paths.map((p) => memory.files.get(p) ?? null) };
}

export interface RunOptions {
  readonly pool: ScanPool;
  /** Module URLs of the file scanners to run (each exports `scanner`). */
  readonly scannerModules: readonly string[];
  /** Names of the scanners above, in the same order, for status reporting. */
  readonly scannerNames: readonly string[];
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Called as batches finish, with files done and files in total. */
  readonly onProgress?: (filesDone: number, filesTotal: number) => void;
  /** Takes each batch's findings as it finishes; they are then not kept in RunResult.raw (bounded memory). */
  readonly onFindings?: (raw: readonly RawFinding[]) => void;
  /** Workers run the pipeline's first steps on their batch (see ScanTask.collect); batches then arrive through `onCollected`. */
  readonly collect?: WorkerCollect;
  readonly onCollected?: (batch: CollectedBatch) => void;
}

export interface RunResult {
  readonly raw: RawFinding[];
  readonly statuses: ScannerStatus[];
  readonly warnings: string[];
  readonly unreadable: number;
  /** Findings dropped by inline suppressions in the workers. */
  readonly suppressed: number;
}

const BATCH_BYTES = 4 * 1024 * 1024;
const BATCH_FILES = 500;

/** Splits files into batches of bounded bytes and count, largest files first for balance. */
export function batches(files: WorkspaceFiles['files']): string[][] {
  const sorted = [...files].sort((a, b) => b.size - a.size);
  const out: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const f of sorted) {
    if (current.length > 0 && (bytes + f.size > BATCH_BYTES || current.length >= BATCH_FILES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(f.path);
    bytes += f.size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * Runs the file scanners over a workspace on the worker pool, within a
 * wall-clock limit. Per-scanner status is kept; a scanner that failed on some
 * files becomes a warning instead of a silent zero.
 */
export async function runFileScanners(ws: WorkspaceFiles, options: RunOptions): Promise<RunResult> {
  const controller = new AbortController();
  // Every batch listens on this one signal: as many listeners as batches is expected, not a leak.
  setMaxListeners(0, controller.signal);
  const timer = setTimeout(() => controller.abort(new Error('timeout')), options.timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let done = 0;
    const total = ws.files.length;
    options.onProgress?.(0, total);
    const results = await Promise.all(
      batches(ws.files).map(async (paths) => {
        const held = heldFiles(ws.memory, paths);
        const task = { root: ws.root, paths, ...(held ? { held } : {}), scannerModules: options.scannerModules, ...(options.collect ? { collect: options.collect } : {}) };
        const { collected, ...rest } = await options.pool.run(task, controller.signal);
        let result: ScanTaskResult = rest;
        if (collected) options.onCollected?.(collected);
        if (options.onFindings) {
          options.onFindings(result.findings);
          result = { ...result, findings: [] };
        }
        done += paths.length;
        options.onProgress?.(done, total);
        return result;
      }),
    );
    return summarise(results, options.scannerNames);
  } catch (error) {
    if (controller.signal.aborted && !options.signal?.aborted) {
      throw new AppError('internal', `Scan failed: it did not finish within the ${Math.round(options.timeoutMs / 1000)} s limit`, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function summarise(results: readonly ScanTaskResult[], names: readonly string[]): RunResult {
  const raw: RawFinding[] = [];
  const totals = new Map<string, ScannerTally>(names.map((n) => [n, { files: 0, findings: 0, failures: 0 }]));
  let unreadable = 0;
  let suppressed = 0;
  for (const result of results) {
    unreadable += result.unreadable;
    suppressed += result.suppressed;
    for (const f of result.findings) raw.push(f);
    for (const [name, t] of Object.entries(result.tallies)) {
      const total = totals.get(name) ?? { files: 0, findings: 0, failures: 0 };
      total.files += t.files;
      total.findings += t.findings;
      total.failures += t.failures;
      total.firstError ??= t.firstError;
      if (t.counts) {
        total.counts ??= {};
        for (const [key, value] of Object.entries(t.counts)) total.counts[key] = (total.counts[key] ?? 0) + value;
      }
      totals.set(name, total);
    }
  }
  const statuses: ScannerStatus[] = [];
  const warnings: string[] = [];
  for (const [name, t] of totals) {
    const state = t.failures > 0 ? 'failed' : t.files === 0 ? 'skipped' : 'ran';
    statuses.push({
      name,
      state,
      files: t.files,
      findings: t.findings,
      failures: t.failures,
      ...(t.firstError ? { error: t.firstError } : {}),
      ...(t.counts ? { counts: t.counts } : {}),
    });
    if (t.failures > 0) warnings.push(`The ${name} scanner failed on ${t.failures} file(s); results may be incomplete (first error: ${t.firstError ?? 'unknown'})`);
  }
  if (unreadable > 0) warnings.push(`${unreadable} file(s) could not be read and were not scanned`);
  return { raw, statuses, warnings, unreadable, suppressed };
}
