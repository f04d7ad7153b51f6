import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A private, read-only folder holding a source's files, as scanners consume it. */
export interface WorkspaceFile {
  /** POSIX path relative to root, without a leading "./". */
  readonly path: string;
  readonly size: number;
}

export interface SkipCounts {
  /** Files larger than maxFileBytes. */
  tooLarge: number;
  /** Files whose first bytes look binary (NUL byte or a known magic number). */
  binary: number;
  /** Symbolic and hard links. */
  links: number;
  /** Devices, FIFOs, sockets and unknown entry types. */
  special: number;
  /** Paths too long, too deep, duplicated or otherwise unwritable. */
  unsafe: number;
}

export interface WorkspaceStats {
  /** Files kept (written, or present for a local folder). */
  files: number;
  /** Sum of kept files' sizes. */
  bytes: number;
  skipped: SkipCounts;
  /**
   * Paths of the skipped binary files (the first MAX_BINARY_PATHS): no scanner reads them,
   * but repository checks look at their names (a committed PKCS#12 key store).
   */
  binaryPaths: string[];
}

/** Binary paths a workspace remembers. */
export const MAX_BINARY_PATHS = 10_000;

/** Counts a skipped binary file and remembers its path (bounded). */
export function skipBinary(stats: WorkspaceStats, path: string): void {
  stats.skipped.binary += 1;
  if (stats.binaryPaths.length < MAX_BINARY_PATHS) stats.binaryPaths.push(path);
}

export interface WorkspaceRepository {
  readonly owner: string;
  readonly repo: string;
  /** The ref that was downloaded (the default branch unless one was asked for). */
  readonly ref: string;
  readonly defaultBranch: string;
  readonly private: boolean;
  readonly archived: boolean;
  /** Full commit SHA, when the archive declares it (GitHub's pax global header). */
  readonly commitSha?: string;
}

export interface Workspace {
  /** The folder holding the files not held in memory; '' when there is none (every file is in `memory`). */
  readonly root: string;
  readonly files: readonly WorkspaceFile[];
  readonly stats: WorkspaceStats;
  readonly repository?: WorkspaceRepository;
  /** Files held in memory (an archive within the memory budget); the others are read from root. */
  readonly memory?: WorkspaceMemory;
  /** What the source could not read and the scan should say (a local folder that could not be listed). */
  readonly warnings?: readonly string[];
  /** Removes the folder when Vigil created it; idempotent. */
  dispose(): Promise<void>;
}

export function emptyStats(): WorkspaceStats {
  return { files: 0, bytes: 0, skipped: { tooLarge: 0, binary: 0, links: 0, special: 0, unsafe: 0 }, binaryPaths: [] };
}

/** Where a file held in memory lies: a slice of one of the workspace's arenas. */
export interface HeldBytes {
  readonly arena: number;
  readonly offset: number;
  readonly length: number;
}

/**
 * The files of an archive kept in memory instead of a folder (docs/architecture.md, "Repository scans"):
 * shared buffers the extraction thread filled, handed to the scan workers without a copy.
 */
export interface WorkspaceMemory {
  readonly arenas: readonly SharedArrayBuffer[];
  /** Files held in memory, by path; every other kept file is under the workspace's root. */
  readonly files: ReadonlyMap<string, HeldBytes>;
}

/** A held file's bytes (a view on the shared arena: no copy). */
export function heldBytes(arenas: readonly SharedArrayBuffer[], at: HeldBytes): Buffer {
  const arena = arenas[at.arena];
  if (arena === undefined) throw new RangeError('held file outside the workspace memory');
  return Buffer.from(arena, at.offset, at.length);
}

/**
 * A kept file's bytes, from memory or from the root folder; undefined when the path is not a kept file
 * or cannot be read. Never reads outside root.
 */
export async function readWorkspaceFile(ws: Pick<Workspace, 'root' | 'files' | 'memory'>, path: string): Promise<Buffer | undefined> {
  const at = ws.memory?.files.get(path);
  if (at !== undefined) return heldBytes(ws.memory?.arenas ?? [], at);
  if (ws.root === '' || !ws.files.some((f) => f.path === path)) return undefined;
  return readFile(join(ws.root, ...path.split('/'))).catch(() => undefined);
}
