import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';
import { enterBackground } from '../core/thread-priority.js';
import type { RawFinding } from '../core/findings.js';
import { FindingCollector } from './pipeline/index.js';
import { parseIgnoreFile } from './pipeline/ignore-file.js';
import { InlineSuppressions } from './pipeline/inline.js';
import { hiddenSecrets, redactWith, type HiddenSecret } from './pipeline/redact.js';
import { importWithCodeCache } from './scanner-module.js';
import { companionIdentifiers } from '../adapters/verify/providers.js';
import type { FileFacts, FileScanner, FileScannerModule, RepositoryScannerModule } from '../scanners/contract.js';
import { heldBytes } from '../adapters/sources/workspace.js';
import type {
  HeldFiles,
  RepositoryTask,
  ScannerTally,
  ScanTask,
  ScanTaskResult,
  TextTask,
  TextTaskResult,
  WorkerCollect,
} from './types.js';

/**
 * Worker-thread entry: reads a batch of files from the workspace and runs every
 * file scanner over each. A scanner that throws on a file is tallied as a
 * failure for that scanner; the others go on.
 */
const loaded = new Map<string, Promise<FileScanner>>();

// A scanner thread of the service yields the cores to the thread that answers requests (core/thread-priority.ts).
if (!isMainThread) enterBackground(workerData);

// Running from TypeScript sources (tests, `tsx`): teach this thread to import
// .ts scanner modules too. Built code (dist/) never takes this branch.
const ready: Promise<void> = import.meta.url.endsWith('.ts')
  ? import('tsx/esm/api').then((tsx) => {
      tsx.register();
    })
  : Promise.resolve();

function load(moduleUrl: string): Promise<FileScanner> {
  let scanner = loaded.get(moduleUrl);
  if (!scanner) {
    scanner = importWithCodeCache(moduleUrl).then(async (module) => {
      const m = module as FileScannerModule;
      // A scanner that prepares per batch (FileScanner.prepare) loads only what its files need.
      if (m.scanner.prepare === undefined) await m.scanner.init?.();
      return m.scanner;
    });
    loaded.set(moduleUrl, scanner);
  }
  return scanner;
}

export default async function scanBatch(task: ScanTask): Promise<ScanTaskResult> {
  await ready;
  const scanners = await Promise.all(task.scannerModules.map(load));
  for (const s of scanners) await s.prepare?.(task.paths);
  const tallies: Record<string, ScannerTally> = {};
  for (const s of scanners) tallies[s.name] = { files: 0, findings: 0, failures: 0 };
  // Facts a batch that failed midway left behind belong to another scan (threads serve every scan).
  for (const s of scanners) s.takeFacts?.();
  const findings: RawFinding[] = [];
  const collector = task.collect ? workerCollector(task.collect) : undefined;
  let unreadable = 0;
  let suppressed = 0;
  // Per file, the scanners that want it (FileScanner.wants); a file none wants is neither read nor decoded.
  const wanting = task.paths.map((path) => scanners.filter((s) => s.wants?.(path) ?? true));
  const ahead = readAhead(
    task.paths,
    (index) => ((wanting[index] as FileScanner[]).length > 0 ? textOf(task.root, task.paths[index] as string, task.held, index) : undefined),
    task.lookAhead === true ? scanners : [],
  );
  for (const [index, path] of task.paths.entries()) {
    const text = ahead.text(index);
    const wanted = wanting[index] as FileScanner[];
    if (wanted.length === 0) {
      // Scanned with nothing found, as scanFile would have said.
      for (const scanner of scanners) (tallies[scanner.name] as ScannerTally).files++;
      continue;
    }
    if (text === undefined) {
      unreadable++;
      continue;
    }
    const inline = new InlineSuppressions(text);
    const kept: RawFinding[] = [];
    const dropped: RawFinding[] = [];
    for (const scanner of scanners) {
      const tally = tallies[scanner.name] as ScannerTally;
      tally.files++;
      if (wanted.length < scanners.length && !wanted.includes(scanner)) continue;
      try {
        const found = scanner.scanFile({ path, text });
        tally.findings += found.length;
        for (const f of found) (inline.isSuppressed(f.line, f.ruleId) ? dropped : kept).push(f);
      } catch (error) {
        tally.failures++;
        tally.firstError ??= `${path}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    suppressed += dropped.length;
    const hidden = hiddenSecrets(dropped);
    // A suppressed secret stays out of the file's other findings (the same line may be their evidence).
    for (const f of hidden.length > 0 ? redactWith(kept, hidden.map((h) => h.secret)) : kept) findings.push(f);
    if (hidden.length > 0) collector?.remember(hidden);
    // File by file, so the collector's early limits bound what a batch holds.
    if (collector && findings.length > 0) collector.add(findings.splice(0));
  }
  const facts: Record<string, readonly FileFacts[]> = {};
  for (const scanner of scanners) {
    const counts = scanner.takeCounts?.();
    if (counts) addCounts(((tallies[scanner.name] as ScannerTally).counts ??= {}), counts);
    const found = scanner.takeFacts?.();
    if (found && found.length > 0) facts[scanner.name] = found;
  }
  return { findings, ...(collector ? { collected: collector.drain() } : {}), tallies, unreadable, suppressed, ...(Object.keys(facts).length > 0 ? { facts } : {}) };
}

/** Files a batch reads before it scans them, each named to the scanners' `lookAhead`. */
export const READ_AHEAD_FILES = 16;

/**
 * The texts of a batch's files (`read(index)`), asked for in order: READ_AHEAD_FILES texts read ahead of
 * the one asked for when one of `scanners` looks ahead (else one at a time; the task's `lookAhead`
 * decides whether they are given), each named to their `lookAhead` when read and held only until asked
 * for. A file `read` gives nothing for (unreadable, or wanted by no scanner) does not count among them.
 */
function readAhead(
  paths: readonly string[],
  read: (index: number) => string | undefined,
  scanners: readonly FileScanner[],
): { text(index: number): string | undefined } {
  const lookers = scanners.filter((s) => s.lookAhead !== undefined);
  const distance = lookers.length > 0 ? READ_AHEAD_FILES : 0;
  // Texts read and not yet asked for (a file not read is not held: it takes no place in the window).
  const held = new Map<number, string>();
  let next = 0;
  const beyond = (index: number): number => held.size - (held.has(index) ? 1 : 0);
  return {
    text(index) {
      for (; next < paths.length && (next <= index || beyond(index) < distance); next++) {
        const path = paths[next] as string;
        const text = read(next);
        if (text === undefined) continue;
        held.set(next, text);
        if (next === index) continue;
        for (const s of lookers) {
          try {
            s.lookAhead?.({ path, text });
          } catch {
            // scanFile does the work itself, and reports what fails.
          }
        }
      }
      const text = held.get(index);
      held.delete(index);
      return text;
    },
  };
}

/** A file's text: from the workspace's memory when it holds the file, else read from its folder. */
function textOf(root: string, path: string, held: HeldFiles | undefined, index: number): string | undefined {
  const at = held?.at[index];
  if (held !== undefined && at !== undefined && at !== null) return heldBytes(held.arenas, at).toString('utf8');
  if (root === '') return undefined;
  try {
    // Synchronous on purpose: this thread has nothing else to do meanwhile, and a
    // synchronous read is many times faster than the promise API's chunked one.
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined;
  }
}

function workerCollector(collect: WorkerCollect): FindingCollector {
  const ignore = collect.ignoreText === undefined ? undefined : parseIgnoreFile(collect.ignoreText, collect.today);
  return new FindingCollector({ target: collect.target, ...(ignore ? { ignore } : {}), ...(collect.limits ? { limits: collect.limits } : {}) });
}

export function addCounts(into: Record<string, number>, counts: Readonly<Record<string, number>>): void {
  for (const [key, value] of Object.entries(counts)) into[key] = (into[key] ?? 0) + value;
}

/** Worker entry for a repository scanner's worker half: the files it asked for, read from the workspace. */
export async function scanRepository(task: RepositoryTask): Promise<unknown> {
  await ready;
  const { scanner } = (await importWithCodeCache(task.module)) as RepositoryScannerModule;
  if (!scanner.inWorker) throw new Error(`the ${scanner.name} repository scanner has no worker half`);
  const index = new Map(task.paths.map((path, i) => [path, i]));
  const read = async (path: string): Promise<string | undefined> => {
    const i = index.get(path);
    const at = i === undefined ? undefined : task.held?.at[i];
    if (task.held !== undefined && at !== undefined && at !== null) return heldBytes(task.held.arenas, at).toString('utf8');
    if (task.root === '') return undefined;
    return readFile(join(task.root, path), 'utf8').catch(() => undefined);
  };
  return scanner.inWorker({ paths: task.paths, allPaths: task.allPaths, read });
}

/**
 * Worker entry for history scans: the file scanners over texts the main thread
 * read from git, inline suppressions applied per text. Findings keep their
 * secret (the main thread dedupes by it, then the pipeline redacts and drops it).
 */
export async function scanTexts(task: TextTask): Promise<TextTaskResult> {
  await ready;
  const scanners = await Promise.all(task.scannerModules.map(load));
  for (const s of scanners) await s.prepare?.(task.files.map((f) => f.path));
  const tallies: Record<string, ScannerTally> = {};
  for (const s of scanners) tallies[s.name] = { files: 0, findings: 0, failures: 0 };
  const out: { key: number; findings: RawFinding[]; identifiers?: { ruleId: string; secret: string }[] }[] = [];
  const hidden: HiddenSecret[] = [];
  let suppressed = 0;
  const ahead = readAhead(
    task.files.map((f) => f.path),
    (index) => task.files[index]?.text,
    task.lookAhead === true ? scanners : [],
  );
  for (const [index, file] of task.files.entries()) {
    // The texts are in the task already: this only names the next ones to the scanners that look ahead.
    ahead.text(index);
    const inline = new InlineSuppressions(file.text);
    const kept: RawFinding[] = [];
    const dropped: RawFinding[] = [];
    for (const scanner of scanners) {
      const tally = tallies[scanner.name] as ScannerTally;
      tally.files++;
      try {
        for (const f of scanner.scanFile({ path: file.path, text: file.text })) {
          tally.findings++;
          (inline.isSuppressed(f.line, f.ruleId) ? dropped : kept).push(f);
        }
      } catch (error) {
        tally.failures++;
        tally.firstError ??= `${file.path}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    suppressed += dropped.length;
    const fileHidden = hiddenSecrets(dropped);
    for (const h of fileHidden) hidden.push(h);
    const findings = fileHidden.length > 0 ? redactWith(kept, fileHidden.map((h) => h.secret)) : kept;
    if (findings.length === 0) continue;
    const identifiers = companionIdentifiers(findings.map((f) => f.ruleId), file.text);
    out.push({ key: file.key, findings, ...(identifiers.length > 0 ? { identifiers } : {}) });
  }
  for (const scanner of scanners) {
    const counts = scanner.takeCounts?.();
    if (counts) addCounts(((tallies[scanner.name] as ScannerTally).counts ??= {}), counts);
    // A history has no repository pass: facts about its blobs are dropped.
    scanner.takeFacts?.();
  }
  return { findings: out, tallies, suppressed, ...(hidden.length > 0 ? { hidden } : {}) };
}
