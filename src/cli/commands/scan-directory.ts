import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { IGNORE_FILE } from '../../engine/pipeline/ignore-file.js';
import { loadConfig, type Config } from '../../config/index.js';
import type { ScannerName } from '../../core/findings.js';
import { newId } from '../../core/ids.js';
import { VERSION } from '../../core/version.js';
import { breachesThreshold, parseFailOn } from '../../outputs/fail-on.js';
import { buildScanResponse, type ScanReport } from '../../outputs/scan-response.js';
import { toSarif } from '../../outputs/sarif.js';
import { renderTable } from '../../outputs/table.js';
import type { ScanEngine } from '../../engine/runtime.js';
import type { AdaptiveLimits } from '../../engine/pool.js';
import type { ScanService } from '../../services/scans/service.js';
import type { VerifySecrets } from '../../engine/verification.js';
import { walkLocalDirectory } from '../../adapters/sources/local.js';
import { pollEarlyScanThread } from '../../engine/early-thread.js';
import type { Workspace } from '../../adapters/sources/workspace.js';
import type { CliIo } from '../program.js';
import { EXIT_FINDINGS } from '../exit-codes.js';

export const FORMATS = ['table', 'json', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

export interface OutputOptions {
  format: Format;
  output?: string;
  failOn: string;
}

export function render(scan: ScanReport, format: Format): string {
  if (format === 'json') return `${JSON.stringify(scan, null, 2)}\n`;
  if (format === 'sarif') return `${JSON.stringify(toSarif(scan.findings), null, 2)}\n`;
  return renderTable(scan);
}

/** Writes beside the target and renames, so a failed run never leaves half a report. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, text, { mode: 0o644 });
  await rename(temporary, path);
}

/** Progress on stderr, only when it is a terminal; one line rewritten in place. */
export function progress(io: CliIo): (text: string) => void {
  if (!io.isTTY) return () => undefined;
  return (text) => io.err(`\r\x1b[2K${text}`);
}

export async function finish(io: CliIo, scan: ScanReport, opts: OutputOptions, clear: () => void): Promise<number> {
  clear();
  const threshold = parseFailOn(opts.failOn);
  const text = render(scan, opts.format);
  if (opts.output) {
    await writeAtomically(resolve(io.cwd, opts.output), text);
    io.err(`Wrote ${scan.finding_count} finding(s) to ${opts.output}\n`);
  } else {
    io.out(text);
  }
  return breachesThreshold(scan.findings, threshold) ? EXIT_FINDINGS : 0;
}

/** A scan engine for one command; with --check-cves, the vulnerability source too (offline mode opens the database). */
async function withEngine<T>(config: Config, checkCves: boolean, work: (engine: ScanEngine) => Promise<T>): Promise<T> {
  // Loaded here, not at the top: `vigil --version` and the other commands need none of it; the
  // database and the advisory sources only with --check-cves.
  const { createScanEngine } = await import('../../engine/runtime.js');
  let storage: Awaited<ReturnType<typeof import('../../adapters/storage/index.js').openStorage>> | undefined;
  let advisories: ReturnType<typeof import('../../services/scans/advisories.js').createAdvisorySource> | undefined;
  if (checkCves) {
    const [{ createAdvisorySource }, { openStorage }] = await Promise.all([import('../../services/scans/advisories.js'), import('../../adapters/storage/index.js')]);
    if (config.osvMode === 'offline') storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    advisories = createAdvisorySource(config, `vigil-cli/${VERSION}`, storage);
  }
  const engine = createScanEngine({
    workers: config.scanWorkers,
    timeoutMs: config.scanTimeoutMs,
    findingLimits: config.findingLimits,
    ...(advisories ? { advisories } : {}),
  });
  try {
    return await work(engine);
  } finally {
    await engine.close();
    await storage?.close();
  }
}

/** The secret verifier (--verify), loaded only when asked for. */
export async function verifier(): Promise<VerifySecrets> {
  return (await import('../../adapters/verify/verifier.js')).createVerifier();
}

/**
 * Trees up to this size are scanned on the main thread once walked (see createAdaptiveScanPool);
 * past it, worker threads start during the walk and files reach them as they are found.
 */
export const INLINE_SCAN_BYTES = 2 * 1024 * 1024;
export const INLINE_SCAN_FILES = 2_000;

/**
 * The same, where the decision starts a single scan thread (two threads or fewer: the last waits for
 * LAST_THREAD_BYTES). That thread scans nothing in parallel with another; it only overlaps the scan with
 * the walk, and pays its own start, cold compiler and heap for it. On trees of 2.8 to 13 MB the main
 * thread alone was 5–8 % faster and used 10 % less CPU; at 22 MB the two were even (docs/benchmarks.md).
 */
export const INLINE_SCAN_BYTES_ONE_THREAD = 16 * 1024 * 1024;

/**
 * Kept bytes past which a command-line scan starts its last scan thread (createAdaptiveScanPool). The
 * walk keeps the main thread busy on one core, so on two cores a second scan thread only shared that
 * core: on Juice Shop (14 MB), typescript-eslint (23 MB) and webpack (33 MB) one thread was as fast or
 * faster and used a quarter less CPU; on the 87 MB ten-repository mix two were faster (docs/benchmarks.md).
 */
export const LAST_THREAD_BYTES = 48 * 1024 * 1024;

/**
 * Kept bytes past which a tree that may yet be scanned on the main thread starts one thread for the
 * OFFLOADED_SCANNERS (the code scanner): each batch then runs in two halves at once, theirs there and the
 * secrets and CI scanners' here. 256 KB since that thread is the one `vigil scan` starts before its V8
 * flags (src/engine/early-thread.ts), ready after about 40 ms: with a thread started at the decision, under
 * the scan's flags (about 120 ms to its first file on a busy machine), the limit was 1 MB; DVWA (1.0 MB)
 * now takes 346 against 406 ms, a 368 KB tree the same time as on the main thread alone (docs/benchmarks.md).
 */
export const OFFLOAD_BYTES = 256 * 1024;

/** The file scanners that run on a thread of their own beside a scan on the main thread (createAdaptiveScanPool). */
export const OFFLOADED_SCANNERS: readonly ScannerName[] = ['code'];

/** When a command-line scan leaves its own thread, and when it starts its last scan thread. */
export const SCAN_LIMITS: AdaptiveLimits = Object.freeze({
  bytes: INLINE_SCAN_BYTES,
  bytesWithOneThread: INLINE_SCAN_BYTES_ONE_THREAD,
  files: INLINE_SCAN_FILES,
  lastThreadBytes: LAST_THREAD_BYTES,
  offloadBytes: OFFLOAD_BYTES,
});

/** Batches queued per scan thread: the dependency check runs on the main thread meanwhile, for a few hundred ms. */
const BATCHES_PER_THREAD = 4;

/** A scan service for one command: the embedded queue, one scan at a time, nothing stored. */
export function withScans<T>(config: Config, checkCves: boolean, work: (scans: ScanService) => Promise<T>, verify?: VerifySecrets): Promise<T> {
  return withEngine(config, checkCves, async (engine) => {
    const { createLocalScanService, SINGLE_SCAN } = await import('../../services/scans/setup.js');
    const scans = createLocalScanService({
      config,
      engine,
      userAgent: `vigil-cli/${VERSION}`,
      limits: SINGLE_SCAN,
      waitMs: CLI_WAIT_MS,
      ...(verify ? { verifier: verify } : {}),
    });
    try {
      return await work(scans);
    } finally {
      await scans.close();
    }
  });
}

/** A command waits as long as its scan runs (the scan's own time limits end it). */
export const CLI_WAIT_MS = 24 * 60 * 60 * 1000;

/** Options of `vigil scan <dir>` (commander's, or the fast path's in ../fast-scan.ts). */
export type ScanDirectoryOptions = OutputOptions & { target?: string; checkCves: boolean; history: boolean; since?: string; branch?: string; verify: boolean };

/** `vigil scan <dir>`: scans a local directory (or its git history) and reports. */
export async function scanDirectory(io: CliIo, setExitCode: (code: number) => void, dir: string, opts: ScanDirectoryOptions): Promise<void> {
  parseFailOn(opts.failOn);
  const config = loadConfig(io.env, io.cwd);
  const show = progress(io);
  const started = new Date();
  if (!opts.history && (opts.since !== undefined || opts.branch !== undefined)) throw new Error('--since and --branch go with --history');
  if (opts.history) {
    if (opts.checkCves) throw new Error('--check-cves does not go with --history: only secrets rules run over the history');
    const root = resolve(io.cwd, dir);
    const target = opts.target ?? basename(root);
    const ignoreText = await readFile(join(root, IGNORE_FILE), 'utf8').catch(() => undefined);
    const { scanHistory } = await import('../../engine/history.js');
    const verify = opts.verify ? await verifier() : undefined;
    const outcome = await withEngine(config, false, (engine) =>
      scanHistory(root, target, {
        pool: engine.pool,
        timeoutMs: engine.timeoutMs,
        limits: engine.findingLimits,
        maxFileBytes: config.sourceLimits.maxFileBytes,
        ...(opts.since === undefined ? {} : { since: opts.since }),
        ...(opts.branch === undefined ? {} : { branch: opts.branch }),
        ...(ignoreText === undefined ? {} : { ignoreText }),
        ...(verify ? { verify } : {}),
        onProgress: (done, total) => show(`Scanning history: ${done}/${total} blobs…`),
      }),
    );
    const result = buildScanResponse({ scanId: newId(), targetType: 'directory', target, startedAt: started, completedAt: new Date(), outcome });
    setExitCode(await finish(io, result, opts, () => show('')));
    return;
  }
  const [{ scanArrivingWorkspace }, { createAdaptiveScanPool }, { FILE_SCANNERS }] = await Promise.all([
    import('../../engine/scan-workspace.js'),
    import('../../engine/pool.js'),
    import('../../scanners/index.js'),
  ]);
  const root = resolve(io.cwd, dir);
  const target = opts.target ?? basename(root);
  const verify = opts.verify ? await verifier() : undefined;
  const outcome = await withEngine(config, opts.checkCves, async (engine) => {
    // A small tree is scanned on this thread once walked; a larger one on worker threads that
    // start (and load every scanner) as soon as the walk has found that much, and that receive
    // files in batches while the walk goes on.
    const offload = FILE_SCANNERS.filter((s) => OFFLOADED_SCANNERS.includes(s.name)).map((s) => s.module);
    const pool = createAdaptiveScanPool(config.scanWorkers, SCAN_LIMITS, { root, paths: [], scannerModules: FILE_SCANNERS.map((s) => s.module) }, undefined, offload);
    try {
      const arriving = await walkLocalDirectory(root, {
        limits: config.sourceLimits,
        memoryBytes: config.archiveMemoryBytes,
        onProgress: (files, bytes) => {
          // The scan's V8 flags, once its first thread has started (src/engine/early-thread.ts).
          pollEarlyScanThread();
          pool.observe(files, bytes);
        },
        // This thread only walks and hands batches on: files are examined inline while the page cache answers.
        inlineReads: true,
      });
      // Whatever the outcome of the walk, batches stop waiting for it.
      void arriving.workspace.finally(() => pool.walked()).catch(() => undefined);
      let workspace: Workspace | undefined;
      try {
        const scanned = await scanArrivingWorkspace(arriving, target, {
          pool,
          timeoutMs: engine.timeoutMs,
          limits: engine.findingLimits,
          checkCves: opts.checkCves,
          inFlightPerThread: BATCHES_PER_THREAD,
          ...(verify ? { verify } : {}),
          ...(engine.advisories ? { advisories: engine.advisories } : {}),
          onProgress: (done, total) => show(`Scanning ${done}/${total} files…`),
        });
        workspace = scanned.workspace;
        return scanned.outcome;
      } finally {
        await (workspace ?? (await arriving.workspace.catch(() => undefined)))?.dispose();
      }
    } finally {
      await pool.close();
    }
  });
  const result = buildScanResponse({ scanId: newId(), targetType: 'directory', target, startedAt: started, completedAt: new Date(), outcome });
  setExitCode(await finish(io, result, opts, () => show('')));
}
