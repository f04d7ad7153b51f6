import type { RawFinding } from '../core/findings.js';
import type { FindingLimits } from './pipeline/limit.js';
import type { CollectedBatch } from './pipeline/index.js';
import type { HiddenSecret } from './pipeline/redact.js';
import type { HeldBytes } from '../adapters/sources/workspace.js';
import type { FileFacts } from '../scanners/contract.js';

export type { ScannerState, ScannerStatus } from '../scanners/contract.js';

/**
 * Files of a task that the workspace holds in memory (an archive within its memory budget): the
 * workspace's shared arenas (shared with the worker, not copied) and, per path of the task in the
 * same order, its slice, or null for a file read from the root folder.
 */
export interface HeldFiles {
  readonly arenas: readonly SharedArrayBuffer[];
  readonly at: readonly (HeldBytes | null)[];
}

/** One unit of work for a worker: files of a workspace, scanners by module URL. */
export interface ScanTask {
  /** The folder of the files not held in memory ('' when there is none). */
  readonly root: string;
  readonly paths: readonly string[];
  readonly held?: HeldFiles;
  readonly scannerModules: readonly string[];
  /**
   * When set, the worker identifies, filters (ignore file), redacts and limits
   * its batch's findings itself and returns them as `collected`: a batch of a
   * thousand generated files then crosses to the main thread as a few hundred
   * findings instead of a hundred thousand.
   */
  readonly collect?: WorkerCollect;
  /**
   * Whether the worker names files to the scanners ahead of their scan (FileScanner.lookAhead), so that
   * the code scanner parses them on the native parser's helper thread meanwhile: set by the pool, true
   * when the scan's threads leave a core free for the helpers (sparesACore).
   */
  readonly lookAhead?: boolean;
}

/** What a worker needs to run the first pipeline steps on its batch (plain data: it crosses threads). */
export interface WorkerCollect {
  readonly target: string;
  /** Text of the ignore file, parsed again in the worker (its matchers are functions, which cannot cross). */
  readonly ignoreText?: string;
  readonly today: string;
  readonly limits?: FindingLimits;
}

export interface ScannerTally {
  files: number;
  findings: number;
  failures: number;
  firstError?: string;
  counts?: Record<string, number>;
}

export interface ScanTaskResult {
  /** Raw findings; empty when the task asked for `collect`. */
  readonly findings: RawFinding[];
  /** The batch's findings after the worker-side pipeline steps (ScanTask.collect). */
  readonly collected?: CollectedBatch;
  readonly tallies: Record<string, ScannerTally>;
  readonly unreadable: number;
  /** Findings dropped by inline `vigil-ignore` comments. */
  readonly suppressed: number;
  /** Facts the file scanners reported about this batch's files (FileScanner.takeFacts), by scanner name; absent when none. */
  readonly facts?: Readonly<Record<string, readonly FileFacts[]>>;
}

/** A repository scanner's worker half over some files of a workspace (RepositoryScanner.inWorker). */
export interface RepositoryTask {
  /** URL of the repository scanner's module (its registry entry). */
  readonly module: string;
  readonly root: string;
  /** The files the scanner asked for. */
  readonly paths: readonly string[];
  /** Those of them held in memory (same order as paths). */
  readonly held?: HeldFiles;
  /** Every file path of the workspace (for checks such as "is there a lockfile next to it"). */
  readonly allPaths: readonly string[];
}

/** One blob of a history scan, its text already read (git cat-file) on the main thread. */
export interface TextFile {
  /** The blob's position in the scan's order of first appearance; findings carry it back. */
  readonly key: number;
  readonly path: string;
  readonly text: string;
}

/** A batch of texts for the file scanners (history scans: there is no folder to read from). */
export interface TextTask {
  readonly files: readonly TextFile[];
  readonly scannerModules: readonly string[];
  /** As ScanTask.lookAhead. */
  readonly lookAhead?: boolean;
}

export interface TextTaskResult {
  /** Findings per blob key, inline `vigil-ignore` comments already applied. */
  readonly findings: readonly {
    readonly key: number;
    readonly findings: RawFinding[];
    /** Identifiers in the same text that a validity check pairs with a secret (a Twilio account SID). */
    readonly identifiers?: readonly { readonly ruleId: string; readonly secret: string }[];
  }[];
  readonly tallies: Record<string, ScannerTally>;
  readonly suppressed: number;
  /** Secrets of the suppressed findings, redacted from the other findings of their path (other versions of the file too). */
  readonly hidden?: readonly HiddenSecret[];
}
