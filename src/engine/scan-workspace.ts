/**
 * One repository scan over a Workspace: the registry's file scanners on the
 * worker pool, then its repository scanners in registry order, then the
 * pipeline. Used by the API and the CLI; no scanner is named here.
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { heldBytes } from '../adapters/sources/workspace.js';
import type { Finding, RawFinding } from '../core/findings.js';
import type { RepositoryOutcome, RepositoryScannerModule, RepositoryView } from '../scanners/contract.js';
import type { AdvisoryCoverage } from '../scanners/advisories/coverage.js';
import type { AdvisorySource } from '../scanners/advisories/source.js';
import { REPOSITORY_SCANNERS, SCANNERS, type FileScannerEntry, type RepositoryScannerEntry } from '../scanners/index.js';
import type { Workspace } from '../adapters/sources/workspace.js';
import { droppedCount, FindingCollector } from './pipeline/index.js';
import type { FindingLimits } from './pipeline/limit.js';
import { IGNORE_FILE, parseIgnoreFile, type IgnoreFile } from './pipeline/ignore-file.js';
import { InlineSuppressions } from './pipeline/inline.js';
import { hiddenSecrets, type HiddenSecret } from './pipeline/redact.js';
import type { FactsGatherer, GatheredFacts } from './facts.js';
import type { ScanPool } from './pool.js';
import { heldFiles, runFileScanners, runFileScannersOnArrival, type ArrivingFiles, type RunResult } from './run.js';
import { importWithCodeCache } from './scanner-module.js';
import type { ScannerStatus } from './types.js';
import { applyVerification, type SecretToVerify, type VerifySecrets } from './verification.js';
import { companionIdentifiers, needsCompanions } from '../adapters/verify/providers.js';

/** Small files the repository checks read on the main thread (manifests, .gitignore, .vigilignore). */
const MAX_AUXILIARY_BYTES = 1024 * 1024;

export interface ScanOptions {
  readonly pool: ScanPool;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** The registry entries to run, of both kinds (default: all of SCANNERS). */
  readonly scanners?: readonly (FileScannerEntry | RepositoryScannerEntry)[];
  readonly onProgress?: (filesDone: number, filesTotal: number) => void;
  /** Today's date for ignore-file expiry, YYYY-MM-DD; defaults to the current UTC date. */
  readonly today?: string;
  /** Look the pinned dependency versions and the workflows' actions up for known vulnerabilities (needs `advisories`). */
  readonly checkCves?: boolean;
  readonly advisories?: AdvisorySource;
  /** Caps on the findings of one scan (default DEFAULT_FINDING_LIMITS). */
  readonly limits?: FindingLimits;
  /** Check found secrets with their providers (`verify`). */
  readonly verify?: VerifySecrets;
  /** Batches in flight per pool thread while files arrive (ArrivalOptions.inFlightPerThread). */
  readonly inFlightPerThread?: number;
}

export interface ScanStats {
  readonly files: number;
  readonly bytes: number;
  readonly skipped: Workspace['stats']['skipped'];
  readonly unreadable: number;
  readonly suppressed_inline: number;
  readonly suppressed_ignore_file: number;
  /** True when findings were left out by the limits; `findings_omitted` says how many. */
  readonly truncated: boolean;
  readonly findings_omitted: number;
  readonly duration_ms: number;
  readonly scanners: readonly ScannerStatus[];
  /** Present when the known-vulnerability check ran: per ecosystem, what was checked against what. */
  readonly advisories?: AdvisoryCoverage;
  /** History scans (engine/history.ts): what the history held and how fast it was read. */
  readonly history?: HistoryStats;
}

export interface HistoryStats {
  readonly commits: number;
  /** Distinct blobs of regular files reachable from the scanned commits. */
  readonly blobs: number;
  /** Of those, text blobs within the size limit that the rules read. */
  readonly blobs_scanned: number;
  readonly bytes_scanned: number;
  /** The commit `present_at_head` compares with (the branch tip, else HEAD); null in an empty repository. */
  readonly tip: string | null;
  readonly since: string | null;
  readonly branch: string | null;
  readonly commits_per_second: number;
  readonly megabytes_per_second: number;
}

export interface ScanOutcome {
  readonly findings: Finding[];
  readonly warnings: string[];
  readonly stats: ScanStats;
}

async function readSmall(ws: Pick<Workspace, 'root' | 'memory'>, path: string): Promise<string | undefined> {
  const at = ws.memory?.files.get(path);
  if (at !== undefined) return at.length > MAX_AUXILIARY_BYTES ? undefined : heldBytes(ws.memory?.arenas ?? [], at).toString('utf8');
  const root = ws.root;
  if (root === '') return undefined;
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
  const selected = options.scanners ?? SCANNERS;
  const scanners = selected.filter((s): s is FileScannerEntry => s.kind === 'file');
  const paths = new Set(ws.files.map((f) => f.path));
  const read = (path: string) => (paths.has(path) ? readSmall(ws, path) : Promise.resolve(undefined));
  // The ignore file is read first: findings it drops must not take room under the limits.
  const ignoreText = await read(IGNORE_FILE);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const ignore = ignoreText === undefined ? undefined : parseIgnoreFile(ignoreText, today);
  const collector = new FindingCollector({ target, ...(ignore ? { ignore } : {}), ...(options.limits ? { limits: options.limits } : {}) });
  // The repository scanners run meanwhile; the code scanner's waits for the facts of the files (facts()).
  const facts = factsOfRun();
  const repository = startRepositoryScanners(ws, [...paths], read, options, facts.promise, (hidden) => collector.remember(hidden));
  const run = await runFileScanners(ws, {
    pool: options.pool,
    scannerModules: scanners.map((s) => s.module),
    scannerNames: scanners.map((s) => s.name),
    timeoutMs: options.timeoutMs,
    onFindings: (raw) => collector.add(raw),
    // Workers identify, filter and limit their own batches: the main thread only merges bounded results.
    collect: { target, today, ...(ignoreText === undefined ? {} : { ignoreText }), ...(options.limits ? { limits: options.limits } : {}) },
    onCollected: (batch) => collector.addCollected(batch),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  }).catch((error: unknown) => {
    facts.reject(error);
    return repository.stop(error);
  });
  facts.resolve(run.facts);
  return finishScan(ws, options, { started, run, collector, ignore, read, repository: repository.outcomes });
}

/** The facts of a run's file scanners, promised to the repository scanners before the run ends. */
function factsOfRun(): { promise: Promise<FactsGatherer>; resolve: (facts: FactsGatherer) => void; reject: (error: unknown) => void } {
  let resolve: (facts: FactsGatherer) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<FactsGatherer>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A failed run rejects it; the scanners waiting on it stop with the scan.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** Repository scanners under way; `stop` cancels them, waits until they have stopped, and rethrows the error given. */
interface RepositoryRun {
  readonly outcomes: Promise<readonly RepositoryOutcome[]>;
  readonly stop: (error: unknown) => Promise<never>;
}

/**
 * Starts the repository scanners over a whole workspace, one after another in registry order,
 * while the file scanners still run; finishScan adds their outcomes after the file scanners'.
 */
function startRepositoryScanners(
  ws: Workspace,
  paths: readonly string[],
  read: (path: string) => Promise<string | undefined>,
  options: ScanOptions,
  facts: Promise<FactsGatherer>,
  remember: (hidden: readonly HiddenSecret[]) => void,
): RepositoryRun {
  const stopped = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopped.signal]) : stopped.signal;
  const scoped: ScanOptions = { ...options, signal };
  const outcomes = (async () => {
    const out: RepositoryOutcome[] = [];
    for (const entry of options.scanners ?? SCANNERS) {
      if (entry.kind !== 'repository') continue;
      signal.throwIfAborted();
      out.push(await runRepositoryScanner(entry, repositoryView(ws, paths, read, entry, scoped, () => facts.then((f) => f.of(entry.name)), remember)));
    }
    return out;
  })();
  // Awaited by finishScan, or by stop when the file scanners fail first.
  outcomes.catch(() => undefined);
  return {
    outcomes,
    stop: async (error: unknown) => {
      stopped.abort(error);
      await outcomes.catch(() => undefined);
      throw error;
    },
  };
}

/** After the file scanners: the repository scanners in registry order, then the pipeline's end. */
async function finishScan(
  ws: Workspace,
  options: ScanOptions,
  scan: {
    started: number;
    run: RunResult;
    collector: FindingCollector;
    ignore: IgnoreFile | undefined;
    read: (path: string) => Promise<string | undefined>;
    repository: Promise<readonly RepositoryOutcome[]>;
  },
): Promise<ScanOutcome> {
  const { started, run, collector, ignore, read } = scan;
  const warnings = [...run.warnings];
  const statuses = [...run.statuses];
  let advisories: AdvisoryCoverage | undefined;
  collector.add(run.raw);
  for (const outcome of await scan.repository) {
    collector.add([...outcome.raw]);
    warnings.push(...outcome.warnings);
    if (outcome.status) statuses.push(outcome.status);
    if (outcome.advisories) advisories = { mode: outcome.advisories.mode, ecosystems: { ...advisories?.ecosystems, ...outcome.advisories.ecosystems } };
  }
  if (ignore) warnings.push(...ignore.warnings);
  warnings.push(...(ws.warnings ?? []));
  const finished = collector.finish();
  const { ignored, truncation, warning } = finished;
  let findings = finished.findings;
  if (options.verify) findings = applyVerification(findings, await options.verify(await secretsToVerify(read, collector.keptSecrets()), options.signal));
  if (warning) warnings.push(warning);
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
      truncated: droppedCount(truncation) > 0,
      findings_omitted: droppedCount(truncation),
      duration_ms: Math.round(performance.now() - started),
      scanners: statuses,
      ...(advisories ? { advisories } : {}),
    },
  };
}

/** A workspace whose files are still arriving (a repository archive being downloaded and unpacked). */
export interface ArrivingWorkspace extends ArrivingFiles {
  /** The whole workspace once the archive is read; rejects with the download's error. */
  readonly workspace: Promise<Workspace>;
}

/**
 * scanWorkspace over an archive as it arrives: the file scanners start on the first batches while
 * the rest downloads, then the repository scanners run over the whole workspace. The ignore file
 * changes how workers collect their batches, so batches wait until it has arrived or cannot come
 * any more: GitHub's archives list paths in byte order (git's tree order), so once a path after
 * `.vigilignore` has arrived in an archive sorted so far, it is known to be absent. An archive out
 * of that order that brings it later still has it applied (to the findings gathered so far too).
 * Resolves with the workspace (the caller disposes it) once the scan is done; on failure the
 * caller awaits `arriving.workspace` and disposes it.
 */
export async function scanArrivingWorkspace(arriving: ArrivingWorkspace, target: string, options: ScanOptions): Promise<{ outcome: ScanOutcome; workspace: Workspace }> {
  const started = performance.now();
  const selected = options.scanners ?? SCANNERS;
  const scanners = selected.filter((s): s is FileScannerEntry => s.kind === 'file');
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const collector = new FindingCollector({ target, ...(options.limits ? { limits: options.limits } : {}) });
  let ignoreText: string | undefined;
  let ignore: IgnoreFile | undefined;
  let settled = false;
  let sorted = true;
  let previous = '';
  const arrived = async (path: string): Promise<string | undefined> => {
    const { root, memory } = arriving.source();
    return readSmall(memory === undefined ? { root } : { root, memory }, path);
  };
  const learn = (text: string | undefined): void => {
    if (text === undefined || ignore !== undefined) return;
    ignoreText = text;
    ignore = parseIgnoreFile(text, today);
    collector.useIgnore(ignore);
  };
  // Once the source has been read whole (every path known), the repository scanners start while batches still scan.
  let repository: RepositoryRun | undefined;
  let failed = false;
  const facts = factsOfRun();
  const whole = arriving.workspace.then((ws) => {
    const paths = new Set(ws.files.map((f) => f.path));
    const read = (path: string) => (paths.has(path) ? readSmall(ws, path) : Promise.resolve(undefined));
    // Not after the file scanners failed: nobody would wait for them.
    if (!failed) repository = startRepositoryScanners(ws, [...paths], read, options, facts.promise, (hidden) => collector.remember(hidden));
    return { ws, paths, read };
  });
  whole.catch(() => undefined);
  const run = await runFileScannersOnArrival(arriving, {
    pool: options.pool,
    scannerModules: scanners.map((s) => s.module),
    scannerNames: scanners.map((s) => s.name),
    timeoutMs: options.timeoutMs,
    onFindings: (raw) => collector.add(raw),
    onCollected: (batch) => collector.addCollected(batch),
    collectNow: () => ({ target, today, ...(ignoreText === undefined ? {} : { ignoreText }), ...(options.limits ? { limits: options.limits } : {}) }),
    ready: async (files) => {
      for (const { path } of files) {
        if (path === IGNORE_FILE) {
          learn(await arrived(path));
          settled = true;
        }
        if (path < previous) sorted = false;
        previous = path;
        if (sorted && path > IGNORE_FILE) settled = true;
      }
      // A local walk knows once the root folder is listed (and the ignore file, if any, has arrived).
      if (arriving.decided?.(IGNORE_FILE) === true) settled = true;
      return settled;
    },
    ...(options.inFlightPerThread === undefined ? {} : { inFlightPerThread: options.inFlightPerThread }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  }).catch((error: unknown) => {
    failed = true;
    facts.reject(error);
    if (repository === undefined) throw error;
    return repository.stop(error);
  });
  facts.resolve(run.facts);
  const { ws, paths, read } = await whole;
  if (ignore === undefined && paths.has(IGNORE_FILE)) learn(await read(IGNORE_FILE));
  const outcomes = repository?.outcomes ?? Promise.resolve([]);
  return { outcome: await finishScan(ws, options, { started, run, collector, ignore, read, repository: outcomes }), workspace: ws };
}

/** Kept secrets with the other secrets of their file (and the identifiers their checks need, such as a Twilio account SID) as companions. */
async function secretsToVerify(read: (path: string) => Promise<string | undefined>, kept: ReturnType<FindingCollector['keptSecrets']>): Promise<SecretToVerify[]> {
  const byPath = new Map<string, { ruleId: string; secret: string }[]>();
  for (const k of kept) byPath.set(k.path, [...(byPath.get(k.path) ?? []), { ruleId: k.ruleId, secret: k.secret }]);
  const out: SecretToVerify[] = [];
  for (const k of kept) {
    const companions = (byPath.get(k.path) ?? []).filter((c) => c.secret !== k.secret);
    if (needsCompanions(k.ruleId)) companions.push(...companionIdentifiers([k.ruleId], (await read(k.path)) ?? ''));
    out.push({ id: k.id, ruleId: k.ruleId, secret: k.secret, companions });
  }
  return out;
}

/**
 * Loads every repository scanner and what it imports lazily (the service calls this before it
 * listens): the first repository scan then compiles no module on the event loop.
 */
export async function warmRepositoryScanners(): Promise<void> {
  for (const entry of REPOSITORY_SCANNERS) {
    const { scanner } = (await importWithCodeCache(entry.module)) as RepositoryScannerModule;
    await scanner.warm?.();
  }
}

async function runRepositoryScanner(entry: RepositoryScannerEntry, view: RepositoryView): Promise<RepositoryOutcome> {
  // Through the loader, not an import() here: in the command line's CommonJS bundle an import() of a URL
  // would become a require() (scripts/bundle-scanners.ts); the loader stays an ES module.
  const { scanner } = (await importWithCodeCache(entry.module)) as RepositoryScannerModule;
  return scanner.scanRepository(view);
}

/** What a repository scanner sees of the workspace and of this scan. */
function repositoryView(
  ws: Workspace,
  paths: readonly string[],
  read: (path: string) => Promise<string | undefined>,
  entry: RepositoryScannerEntry,
  options: ScanOptions,
  facts: () => Promise<GatheredFacts>,
  remember: (hidden: readonly HiddenSecret[]) => void,
): RepositoryView {
  return {
    paths,
    binaryPaths: ws.stats.binaryPaths ?? [],
    facts,
    read,
    inWorker: <R>(subset: readonly string[], signal: AbortSignal) =>
      options.pool.runRepository(
        { module: entry.module, root: ws.root, paths: subset, allPaths: paths, ...optional('held', heldFiles(ws.memory, subset)) },
        signal,
      ) as Promise<R>,
    deadline: () => (options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]) : AbortSignal.timeout(options.timeoutMs)),
    cancelled: () => options.signal?.aborted === true,
    timeoutMs: options.timeoutMs,
    checkCves: options.checkCves === true,
    ...(options.advisories ? { advisories: options.advisories } : {}),
    unsuppressed: (findings, files) => {
      const texts = new Map(files.map((f) => [f.path, new InlineSuppressions(f.text)]));
      const kept: RawFinding[] = [];
      const dropped: RawFinding[] = [];
      for (const f of findings) (texts.get(f.path)?.isSuppressed(f.line, f.ruleId) === true ? dropped : kept).push(f);
      remember(hiddenSecrets(dropped));
      return kept;
    },
  };
}

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } => (value === undefined ? {} : ({ [key]: value } as { [P in K]: V }));
