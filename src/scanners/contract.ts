/**
 * The one scanner contract. A scanner module exports `scanner`, of one of two kinds:
 * - a file scanner sees one file at a time (secrets, code, CI/CD workflows); worker threads
 *   import it by module URL and call it on every file of a workspace or a history;
 * - a repository scanner sees a workspace once, on the main thread (the secrets scanner's `.env`
 *   and key-store hygiene, the dependency scanner, the workflows' known-vulnerable actions); what
 *   it reads, it reads through the view the engine hands it, and a heavy part may run in a
 *   worker thread through `RepositoryView.inWorker`.
 * Both kinds are pure: no network, no disk except through the view. The registry of both kinds
 * is `index.ts`; the engine iterates it and knows no scanner by name.
 */
import type { RawFinding, ScannerName } from '../core/findings.js';
import type { AdvisoryCoverage } from './advisories/coverage.js';
import type { AdvisorySource } from './advisories/source.js';

/** Files with facts a scan keeps per scanner (the first by path); each file's facts are bounded by its scanner. */
export const MAX_SCAN_FACTS = 5_000;

/**
 * What a file scanner learned about one file for the repository scanner of the same name (the code
 * scanner's function summaries and the findings that wait on them). Plain data: it crosses threads.
 */
export interface FileFacts {
  readonly path: string;
  readonly facts: unknown;
}

/** A scanner that looks at one file at a time. Pure: no I/O, no shared state. */
export interface FileScanner {
  readonly name: ScannerName;
  readonly version: string;
  scanFile(file: { readonly path: string; readonly text: string }): RawFinding[];
  /**
   * Whether `scanFile` can report anything in a file at this path, judged from the path alone (cheaply):
   * false only where it would return nothing whatever the text. The engine neither reads nor decodes a
   * file that no scanner of its batch wants, and counts it as scanned with nothing found. Absent: every file.
   */
  wants?(path: string): boolean;
  /**
   * A file the engine will pass to `scanFile` soon: the engine reads a few files ahead and names
   * each here, in the order it scans them, so that work on it can start elsewhere meanwhile (the
   * code scanner's parse, on the native parser's helper thread). `scanFile` must return the same
   * whether or not it was; a file named here and never scanned is forgotten a few files later.
   */
  lookAhead?(file: { readonly path: string; readonly text: string }): void;
  /** Asynchronous set-up (loading parsers, grammars), awaited once per worker thread before the first file. */
  init?(): Promise<void>;
  /**
   * The set-up only the files at these paths need (the grammars of their languages), awaited by
   * the engine before it scans them. The engine calls `init` only on a scanner without `prepare`:
   * a scan then loads nothing for languages it does not meet; `init` (everything) stays for
   * callers that scan files without saying which beforehand.
   */
  prepare?(paths: readonly string[]): Promise<void>;
  /** Counters since the last call (files skipped as unparsable …), reported in the scanner's status; resets them. */
  takeCounts?(): Readonly<Record<string, number>>;
  /**
   * Facts about the files scanned since the last call, for the repository scanner of the same name
   * (RepositoryView.facts); resets them. Each file's facts are bounded by the scanner.
   */
  takeFacts?(): readonly FileFacts[];
}

export type ScannerState = 'ran' | 'skipped' | 'failed';

export interface ScannerStatus {
  readonly name: string;
  readonly state: ScannerState;
  readonly files: number;
  readonly findings: number;
  readonly failures: number;
  readonly error?: string;
  /** Scanner-specific counts (for the code scanner: files parsed, skipped, unparsable). */
  readonly counts?: Readonly<Record<string, number>>;
}

/** The files a repository scanner's worker half reads, and how to read them (the worker reads from the workspace). */
export interface WorkerFiles {
  /** The files the main half asked for. */
  readonly paths: readonly string[];
  /** Every file path of the workspace. */
  readonly allPaths: readonly string[];
  /** A file's text, or undefined when it cannot be read. */
  read(path: string): Promise<string | undefined>;
}

/** What a repository scanner sees of a workspace and of the scan it is part of. */
export interface RepositoryView {
  /** Every file path of the workspace, relative to its root, `/`-separated. */
  readonly paths: readonly string[];
  /** The binary files among them (never read; key stores are known by name). */
  readonly binaryPaths: readonly string[];
  /** A small file's text (manifests, .gitignore, workflows); undefined when absent, unreadable or too large. */
  read(path: string): Promise<string | undefined>;
  /** Runs this scanner's `inWorker` half on the scan's worker pool; rejects when the worker fails. */
  inWorker<R>(paths: readonly string[], signal: AbortSignal): Promise<R>;
  /** A new signal for a step of this scanner: the caller's cancellation or the scan's time limit. */
  deadline(): AbortSignal;
  /** True once the caller cancelled the scan: a failure then is the cancellation, to be rethrown. */
  cancelled(): boolean;
  /** The scan's time limit, for warnings that name it. */
  readonly timeoutMs: number;
  /** `check_cves`: look packages and actions up for known vulnerabilities in `advisories`. */
  readonly checkCves: boolean;
  readonly advisories?: AdvisorySource;
  /**
   * What the file scanner of the same name reported with takeFacts over this workspace, sorted by
   * path, once every file scanner has finished (repository scanners start while they still run;
   * rejects when they fail): at most MAX_SCAN_FACTS files, the first by path, `truncated` when more had some.
   */
  facts(): Promise<{ readonly facts: readonly FileFacts[]; readonly truncated: boolean }>;
  /** The findings without those an inline `vigil-ignore` comment in their file suppresses. */
  unsuppressed(findings: readonly RawFinding[], files: readonly { readonly path: string; readonly text: string }[]): RawFinding[];
}

export interface RepositoryOutcome {
  readonly raw: readonly RawFinding[];
  readonly warnings: readonly string[];
  /** A status line of its own in the scan's statistics (the dependency scanner's). */
  readonly status?: ScannerStatus;
  /** What the known-vulnerability lookups covered, per ecosystem; merged over the scanners. */
  readonly advisories?: AdvisoryCoverage;
}

/** A scanner that looks at a workspace once. */
export interface RepositoryScanner {
  /** The scanner whose findings it reports (the `.env` hygiene check reports the secrets scanner's). */
  readonly name: ScannerName;
  scanRepository(repo: RepositoryView): Promise<RepositoryOutcome>;
  /** The part that runs in a worker thread (reading and parsing many files); `repo.inWorker` calls it. */
  inWorker?(files: WorkerFiles): Promise<unknown>;
  /**
   * Loads what scanRepository imports only when needed, so that a long-running service compiles
   * those modules once at start-up instead of on its event loop during the first scan.
   */
  warm?(): Promise<void>;
}

/** What a scanner module exports, for each kind. */
export interface FileScannerModule {
  readonly scanner: FileScanner;
}
export interface RepositoryScannerModule {
  readonly scanner: RepositoryScanner;
}
