/**
 * One repository scan over a Workspace: file scanners on the worker pool,
 * repository-level checks, then the pipeline. Used by the API and the CLI.
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Finding, RawFinding } from '../core/findings.js';
import { FILE_SCANNERS, type FileScannerEntry } from '../scanners/index.js';
import { scanRepositoryHygiene } from '../scanners/secrets/hygiene.js';
import type { Workspace } from '../sources/workspace.js';
import { runPipeline } from './pipeline/index.js';
import { IGNORE_FILE, parseIgnoreFile } from './pipeline/ignore-file.js';
import type { ScanPool } from './pool.js';
import { runFileScanners } from './run.js';
import type { ScannerStatus } from './types.js';

/** Small files the repository checks read on the main thread (manifests, .gitignore, .vigilignore). */
const MAX_AUXILIARY_BYTES = 1024 * 1024;

export interface ScanOptions {
  readonly pool: ScanPool;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly scanners?: readonly FileScannerEntry[];
  readonly onProgress?: (filesDone: number, filesTotal: number) => void;
  /** Today's date for ignore-file expiry, YYYY-MM-DD; defaults to the current UTC date. */
  readonly today?: string;
}

export interface ScanStats {
  readonly files: number;
  readonly bytes: number;
  readonly skipped: Workspace['stats']['skipped'];
  readonly unreadable: number;
  readonly suppressed_inline: number;
  readonly suppressed_ignore_file: number;
  readonly duration_ms: number;
  readonly scanners: readonly ScannerStatus[];
}

export interface ScanOutcome {
  readonly findings: Finding[];
  readonly warnings: string[];
  readonly stats: ScanStats;
}

async function readSmall(root: string, path: string): Promise<string | undefined> {
  try {
    const handle = await open(join(root, path), 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_AUXILIARY_BYTES) return undefined;
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

export async function scanWorkspace(ws: Workspace, target: string, options: ScanOptions): Promise<ScanOutcome> {
  const started = performance.now();
  const scanners = options.scanners ?? FILE_SCANNERS;
  const run = await runFileScanners(ws, {
    pool: options.pool,
    scannerModules: scanners.map((s) => s.module),
    scannerNames: scanners.map((s) => s.name),
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const paths = new Set(ws.files.map((f) => f.path));
  const read = (path: string) => (paths.has(path) ? readSmall(ws.root, path) : Promise.resolve(undefined));
  const raw: RawFinding[] = [...run.raw];
  const warnings = [...run.warnings];
  if (scanners.some((s) => s.name === 'secrets')) raw.push(...(await scanRepositoryHygiene({ paths: [...paths], read })));

  const ignoreText = await read(IGNORE_FILE);
  const ignore = ignoreText === undefined ? undefined : parseIgnoreFile(ignoreText, options.today ?? new Date().toISOString().slice(0, 10));
  if (ignore) warnings.push(...ignore.warnings);
  const { findings, ignored } = runPipeline(raw, { target, ...(ignore ? { ignore } : {}) });
  return {
    findings,
    warnings,
    stats: {
      files: ws.stats.files,
      bytes: ws.stats.bytes,
      skipped: ws.stats.skipped,
      unreadable: run.unreadable,
      suppressed_inline: run.suppressed,
      suppressed_ignore_file: ignored,
      duration_ms: Math.round(performance.now() - started),
      scanners: run.statuses,
    },
  };
}
