import { setMaxListeners } from 'node:events';
import { AppError } from '../core/errors.js';
import type { RawFinding } from '../core/findings.js';
import type { ScanPool } from './pool.js';
import type { CollectedBatch } from './pipeline/index.js';
import type { WorkspaceMemory } from '../adapters/sources/workspace.js';
import { FactsGatherer } from './facts.js';
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
  /** What the file scanners reported about the files (FileScanner.takeFacts), for the repository scanners. */
  readonly facts: FactsGatherer;
  readonly statuses: ScannerStatus[];
  readonly warnings: string[];
  readonly unreadable: number;
  /** Findings dropped by inline suppressions in the workers. */
  readonly suppressed: number;
}

/**
 * Small batches: workers take the next batch as they finish one, so the last batches decide how
 * long the slowest worker runs on after the others are idle. Code costs about a CPU-second per MB
 * in a fresh code scanner, so with 4 MB batches one worker sat idle for 0.3–0.45 s at the end of
 * a Juice Shop scan while the other finished; at 256 KB the tail is a quarter of that at most and
 * the per-batch cost (one message each way) stays negligible.
 */
export const BATCH_BYTES = 256 * 1024;
/**
 * The end of an arriving scan (runFileScannersOnArrival) is cut by cost: a file's bytes plus
 * FILE_COST_BYTES (the code scanner's fixed work per file of code was about a quarter of a
 * millisecond on a warm thread for a 1–4 KB file, the time of several KB of its bytes), and no
 * batch below TAIL_BATCH_COST.
 */
export const FILE_COST_BYTES = 2 * 1024;
export const TAIL_BATCH_COST = 16 * 1024;
export const BATCH_FILES = 100;

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
    const facts = new FactsGatherer();
    options.onProgress?.(0, total);
    const results = await Promise.all(
      batches(ws.files).map(async (paths) => {
        const held = heldFiles(ws.memory, paths);
        const task = { root: ws.root, paths, ...(held ? { held } : {}), scannerModules: options.scannerModules, ...(options.collect ? { collect: options.collect } : {}) };
        const { collected, facts: found, ...rest } = await options.pool.run(task, controller.signal);
        facts.add(found);
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
    return summarise(results, options.scannerNames, facts);
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

/** Files that arrive while an archive is still being read (see scanArrivingWorkspace). */
export interface ArrivingFiles {
  /** Kept files, batch by batch in archive order; ends once the archive is read, throws its error. */
  readonly batches: AsyncIterable<readonly { readonly path: string; readonly size: number }[]>;
  /** Where the files that arrived lie (memory and spill folder; both grow as files arrive). */
  readonly source: () => { readonly root: string; readonly memory?: WorkspaceMemory };
  /** When the source can tell: true once `path` has arrived or is known never to (a local walk listed its folder). */
  readonly decided?: (path: string) => boolean;
  /**
   * When the source can tell: settles once every batch has arrived (a local walk has ended; some may not
   * have been taken from `batches` yet). Dispatching then no longer waits for room, as nothing is read
   * further meanwhile: what has not been dispatched yet goes out at once as the tail. An archive being
   * downloaded does not say: the service's pool serves several scans, and the room kept per scan is each
   * scan's share of it.
   */
  readonly ended?: Promise<void>;
}

export interface ArrivalOptions extends Omit<RunOptions, 'collect'> {
  /**
   * Called with each batch of arrivals before any of it is dispatched; resolves to whether
   * dispatching may begin (the caller waits for what changes how batches are collected: the
   * ignore file). Asked about every batch, also once dispatching began.
   */
  readonly ready: (files: readonly { readonly path: string; readonly size: number }[]) => Promise<boolean>;
  /** How the workers collect a batch dispatched now. */
  readonly collectNow: () => WorkerCollect | undefined;
  /**
   * Batches in flight per thread of the pool (default 2): while they run, the source is not read
   * further. A caller whose thread may be busy for a while between completions (the CLI runs the
   * dependency check on it) asks for more, so the workers do not run dry meanwhile.
   */
  readonly inFlightPerThread?: number;
}

/**
 * runFileScanners over files as they arrive: batches of bounded bytes and count go to the pool
 * while the archive is still downloading and unpacking (or a local folder is being walked), at
 * most two per worker in flight (the reading of the source waits meanwhile), so scanning overlaps
 * the download or the walk. The pool may grow meanwhile (the CLI's does): its size is read anew
 * for every batch.
 */
export async function runFileScannersOnArrival(arriving: ArrivingFiles, options: ArrivalOptions): Promise<RunResult> {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const timer = setTimeout(() => controller.abort(new Error('timeout')), options.timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const results: ScanTaskResult[] = [];
  const facts = new FactsGatherer();
  const inFlight = new Set<Promise<void>>();
  let failure: Error | undefined;
  let done = 0;
  let total = 0;
  let ready = false;
  let queue: { path: string; size: number }[] = [];
  /** Where the queue starts (files before it were dispatched). */
  let head = 0;
  let queuedBytes = 0;
  const dispatch = (paths: string[]): void => {
    const { root, memory } = arriving.source();
    const held = heldFiles(memory, paths);
    const collect = options.collectNow();
    const task = { root, paths, ...(held ? { held } : {}), scannerModules: options.scannerModules, ...(collect ? { collect } : {}) };
    const job: Promise<void> = options.pool
      .run(task, controller.signal)
      .then(({ collected, facts: found, ...rest }) => {
        if (collected) options.onCollected?.(collected);
        facts.add(found);
        let result: ScanTaskResult = rest;
        if (options.onFindings) {
          options.onFindings(result.findings);
          result = { ...result, findings: [] };
        }
        results.push(result);
        done += paths.length;
        options.onProgress?.(done, total);
      })
      .catch((error: unknown) => void (failure ??= error instanceof Error ? error : new Error(String(error))))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  };
  /**
   * Dispatches the first files of the queue (at least one): up to BATCH_FILES files and BATCH_BYTES bytes,
   * and up to `maxCost` where a file costs its size plus `perFile`.
   */
  const cutOne = (maxCost: number, perFile: number): void => {
    let bytes = 0;
    let cost = 0;
    let n = 0;
    for (; head + n < queue.length && n < BATCH_FILES; n++) {
      const size = queue[head + n]?.size ?? 0;
      if (n > 0 && (bytes + size > BATCH_BYTES || cost + size + perFile > maxCost)) break;
      bytes += size;
      cost += size + perFile;
    }
    dispatch(queue.slice(head, head + n).map((f) => f.path));
    head += n;
    queuedBytes -= bytes;
  };
  /** Files still queued. */
  const queued = (): number => queue.length - head;
  const perThread = options.inFlightPerThread ?? 2;
  const maxInFlight = (): number => Math.max(2, options.pool.size * perThread);
  let arrived = false;
  const ended = arriving.ended?.then(() => void (arrived = true));
  const waitForRoom = async (): Promise<void> => {
    while (inFlight.size >= maxInFlight() && !arrived) await Promise.race(ended === undefined ? inFlight : [...inFlight, ended]);
  };
  try {
    options.onProgress?.(0, 0);
    for await (const files of arriving.batches) {
      if (failure !== undefined) throw failure;
      controller.signal.throwIfAborted();
      total += files.length;
      for (const f of files) {
        queue.push({ path: f.path, size: f.size });
        queuedBytes += f.size;
      }
      // Asked about every batch: it also watches what arrives after dispatching began.
      ready = (await options.ready(files)) || ready;
      // A source read to its end holds nothing back by waiting: what is left is cut as the tail below.
      if (!ready || arrived) continue;
      while (queued() > 0 && (queuedBytes >= BATCH_BYTES || queued() >= BATCH_FILES)) cutOne(BATCH_BYTES, 0);
      if (head > 0) {
        queue = queue.slice(head);
        head = 0;
      }
      await waitForRoom();
    }
    // Everything has arrived: the rest goes out at once (the pool queues it; nothing waits for this
    // thread to cut the next batch), largest files first, in batches that shrink with what is left:
    // each is at most a quarter of one thread's share of the rest, counting a fixed cost per file (a
    // small file of code costs a scanner far more than its bytes). The last batches are a few small
    // files, so no thread is left with a long one while the others have finished.
    queue = queue.slice(head).sort((a, b) => b.size - a.size);
    head = 0;
    while (queued() > 0) {
      const left = queuedBytes + queued() * FILE_COST_BYTES;
      cutOne(Math.max(TAIL_BATCH_COST, Math.ceil(left / (4 * options.pool.size))), FILE_COST_BYTES);
    }
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure;
    return summarise(results, options.scannerNames, facts);
  } catch (error) {
    controller.abort(error);
    await Promise.allSettled(inFlight);
    if (controller.signal.reason instanceof Error && controller.signal.reason.message === 'timeout' && !options.signal?.aborted) {
      throw new AppError('internal', `Scan failed: it did not finish within the ${Math.round(options.timeoutMs / 1000)} s limit`, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function summarise(results: readonly ScanTaskResult[], names: readonly string[], facts: FactsGatherer): RunResult {
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
  return { raw, facts, statuses, warnings, unreadable, suppressed };
}
