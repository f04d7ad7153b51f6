import type { Dirent, Stats } from 'node:fs';
import { close, closeSync, constants, fstat, fstatSync, open, openSync, read, readSync } from 'node:fs';
import { access, lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../core/errors.js';
import { Arenas, memoryBudget } from './arenas.js';
import { ArrivalQueue } from './arrivals.js';
import { limitExceeded, resolveLimits, type SourceLimits } from './limits.js';
import { classifyEntryPath } from './paths.js';
import { looksBinary, SNIFF_BYTES } from './sniff.js';
import { emptyStats, skipBinary, type HeldBytes, type Workspace, type WorkspaceFile, type WorkspaceMemory, type WorkspaceStats } from './workspace.js';

/** Folders never scanned in a local tree. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

const PREFIX = 'Directory rejected';

/** File-system calls in flight at once during a walk (a readdir, or the open-stat-read-close of one file). */
export const WALK_CONCURRENCY = 16;

/** An inline examination of one file that takes longer than this is slow: the disk, not the page cache, may have answered. */
export const INLINE_FILE_MS = 5;
/**
 * This many slow files end inline reads for the walk. Not one: a single slow file is as often the
 * thread losing its core for a time slice to the scan's other threads as a disk answering.
 */
export const INLINE_SLOW_FILES = 3;

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Kept files handed on together: few enough that the scan starts early, enough that the hand-over costs nothing. */
const FLUSH_FILES = 64;

/** Called after each kept file with the kept files and bytes so far (in completion order, not path order). */
export type WalkProgress = (files: number, bytes: number) => void;

export interface LocalWalkOptions {
  readonly limits?: Partial<SourceLimits>;
  /** File-system calls in flight at once (default WALK_CONCURRENCY). */
  readonly concurrency?: number;
  /**
   * Bytes of file content the walk keeps in memory for the scanners (shared arenas, Workspace.memory);
   * past it a kept file is read again by whoever scans it. 0 (the default) keeps none: the walk then
   * reads only the first bytes of each file, to tell text from binary.
   */
  readonly memoryBytes?: number;
  readonly onProgress?: WalkProgress;
  /**
   * Examine files on the calling thread with synchronous calls until INLINE_SLOW_FILES of them
   * have each taken over INLINE_FILE_MS (the disk, not the page cache, answers), then go on
   * through the thread pool as usual. For a
   * command-line scan, whose thread has nothing else to do: on a warm cache one open-stat-read-close
   * inline costs a few microseconds, a round trip through the thread pool several times that. Never
   * for a service, whose event loop must stay free.
   */
  readonly inlineReads?: boolean;
}

/** A local folder being walked: its kept files arrive batch by batch (the same shape as an arriving archive). */
export interface ArrivingDirectory {
  /** Kept files in the order the walk finds them; ends with the walk, throws its error (a limit). */
  readonly batches: AsyncIterable<readonly WorkspaceFile[]>;
  /** Where the files that arrived lie: the folder, and the contents held in memory so far. */
  source(): { readonly root: string; readonly memory: WorkspaceMemory };
  /**
   * True once `path` has arrived in a batch or is known never to: its folder has been listed and
   * the file is not still being examined (the scan waits on this for the ignore file).
   */
  decided(path: string): boolean;
  /** Settles once the walk has ended, however it ended: every batch has arrived (some may not have been taken from `batches` yet). */
  readonly ended: Promise<void>;
  /** The whole workspace once the walk ends (files sorted by path); rejects with the walk's error. */
  readonly workspace: Promise<Workspace>;
}

/** Why an entry could not be opened, when that is not the walk's failure: a link swapped in, or no permission. */
const UNREADABLE = new Set(['EACCES', 'EPERM', 'ENOENT']);

/**
 * Walks a tree with up to `concurrency` file-system calls in flight: readdir for folders; open
 * (never following a symbolic link), fstat, one read and close for files. Within the memory budget
 * a file is read whole into a shared arena, so the scanners never read it again; past it only its
 * first bytes are read, to tell text from binary. Kept files are handed on in batches while the
 * walk goes on. Counts and limits do not depend on the order calls complete in (every entry is
 * counted once, the workspace's files are sorted by path at the end); when a tree exceeds both the
 * file-count and the unpacked-size limit, the one crossed first is reported.
 */
class Walker {
  readonly files: WorkspaceFile[] = [];
  readonly stats: WorkspaceStats = emptyStats();
  readonly memory: { arenas: SharedArrayBuffer[]; files: Map<string, HeldBytes> } = { arenas: [], files: new Map() };
  readonly arrivals = new ArrivalQueue();
  readonly unreadableFolders: string[] = [];
  private entries = 0;
  /** Tasks not started yet; popped last-in first-out, so the walk goes deep before wide and the queue stays short. */
  private readonly queue: (() => Promise<void>)[] = [];
  private active = 0;
  private failed = false;
  private ended = false;
  /** Folders whose entries are known (listed). */
  private readonly listed = new Set<string>();
  /** Files of listed folders still being examined, or kept and not handed on yet. */
  private readonly pending = new Set<string>();
  private out: WorkspaceFile[] = [];
  private flushScheduled = false;
  private readonly arenas: Arenas | undefined;
  /** Files whose inline examination took over INLINE_FILE_MS. */
  private slowInlineFiles = 0;

  constructor(
    private readonly root: string,
    private readonly limits: SourceLimits,
    private readonly concurrency: number,
    memoryBytes: number,
    private readonly onProgress?: WalkProgress,
    private inlineReads = false,
  ) {
    if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new RangeError('Walk concurrency must be a positive integer');
    if (!Number.isSafeInteger(memoryBytes) || memoryBytes < 0) throw new RangeError('memoryBytes must be a non-negative integer');
    this.arenas = memoryBytes > 0 ? new Arenas(memoryBudget(memoryBytes), (sab, index) => void (this.memory.arenas[index] = sab)) : undefined;
  }

  decided(path: string): boolean {
    if (this.ended) return true;
    const slash = path.lastIndexOf('/');
    return this.listed.has(slash < 0 ? '' : path.slice(0, slash)) && !this.pending.has(path);
  }

  /** Gives the arenas' memory back (the workspace was disposed). */
  release(): void {
    this.arenas?.release();
    this.memory.arenas.length = 0;
    this.memory.files.clear();
  }

  async walk(): Promise<void> {
    try {
      await new Promise<void>((resolve, reject) => {
        const pump = (): void => {
          while (!this.failed && this.active < this.concurrency) {
            const task = this.queue.pop();
            if (task === undefined) break;
            this.active += 1;
            task().then(
              () => {
                this.active -= 1;
                if (this.failed) return;
                if (this.active === 0 && this.queue.length === 0) resolve();
                else pump();
              },
              (error: unknown) => {
                this.active -= 1;
                if (this.failed) return;
                this.failed = true;
                this.queue.length = 0;
                reject(error instanceof Error ? error : new Error(String(error)));
              },
            );
          }
        };
        this.queue.push(() => this.directory(''));
        pump();
      });
    } catch (error) {
      this.ended = true;
      this.arrivals.fail(error);
      throw error;
    }
    this.flush();
    this.ended = true;
    this.arrivals.end();
    this.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    this.stats.binaryPaths.sort();
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.out.length === 0 || this.failed) return;
    const files = this.out;
    this.out = [];
    for (const f of files) this.pending.delete(f.path);
    this.arrivals.push(files);
  }

  private async directory(relative: string): Promise<void> {
    let dirents: Dirent[];
    try {
      dirents = await readdir(join(this.root, relative), { withFileTypes: true });
    } catch (error) {
      // A folder that cannot be listed (no permission, or gone since its parent was): reported, not fatal.
      if (relative === '' || !UNREADABLE.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      this.unreadableFolders.push(relative);
      return;
    }
    if (this.failed) return;
    for (const dirent of dirents) {
      const path = relative === '' ? dirent.name : `${relative}/${dirent.name}`;
      if (dirent.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(dirent.name)) this.queue.push(() => this.directory(path));
      } else {
        this.entry(dirent, path);
      }
    }
    this.listed.add(relative);
  }

  /** Counts one non-directory entry; a regular file with a usable path is queued to be read. */
  private entry(dirent: Dirent, path: string): void {
    this.entries += 1;
    if (this.entries > this.limits.maxFiles) throw limitExceeded('maxFiles', this.limits.maxFiles, PREFIX);
    const skipped = this.stats.skipped;
    if (dirent.isSymbolicLink()) return void (skipped.links += 1);
    if (!dirent.isFile()) return void (skipped.special += 1);
    if (classifyEntryPath(path, this.limits, false).kind !== 'ok') return void (skipped.unsafe += 1);
    this.pending.add(path);
    this.queue.push(() => this.file(path));
  }

  private async file(path: string): Promise<void> {
    const absolute = join(this.root, path);
    if (this.inlineReads) {
      const started = performance.now();
      let fd: number | undefined;
      try {
        fd = openSync(absolute, OPEN_FLAGS);
      } catch (error) {
        return this.unopened(path, absolute, error);
      }
      try {
        const info = fstatSync(fd);
        const target = this.target(path, info);
        if (target !== undefined) this.settle(path, info, target, readIntoSync(fd, target.view));
      } finally {
        closeSync(fd);
        if (performance.now() - started > INLINE_FILE_MS && ++this.slowInlineFiles >= INLINE_SLOW_FILES) this.inlineReads = false;
      }
      return;
    }
    let fd: number;
    try {
      // O_NOFOLLOW: a file replaced by a symbolic link since its folder was listed is not followed.
      fd = await openFd(absolute, OPEN_FLAGS);
    } catch (error) {
      return this.unopened(path, absolute, error);
    }
    try {
      const info = await fstatFd(fd);
      if (this.failed) return;
      const target = this.target(path, info);
      if (target === undefined) return;
      const read = await readInto(fd, target.view);
      if (!this.failed) this.settle(path, info, target, read);
    } finally {
      await closeFd(fd);
    }
  }

  /** An entry that could not be opened: a link swapped in is skipped; no permission keeps it, for the scanners to report unreadable. */
  private async unopened(path: string, absolute: string, error: unknown): Promise<void> {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ELOOP') {
      this.stats.skipped.links += 1;
      return this.done(path);
    }
    if (!UNREADABLE.has(code)) throw error;
    const size = await lstat(absolute).then(
      (s) => s.size,
      () => 0,
    );
    if (this.failed) return;
    if (size > this.limits.maxFileBytes) {
      this.stats.skipped.tooLarge += 1;
      return this.done(path);
    }
    this.keep({ path, size });
  }

  /** Where a file's bytes go (an arena slot, or a sniff buffer), or undefined when it is not read (counted as skipped). */
  private target(path: string, info: Stats): { view: Uint8Array; slot: ReturnType<Arenas['reserve']> } | undefined {
    const skipped = this.stats.skipped;
    if (!info.isFile()) {
      skipped.special += 1;
      return void this.done(path);
    }
    if (info.size > this.limits.maxFileBytes) {
      skipped.tooLarge += 1;
      return void this.done(path);
    }
    const slot = info.size > 0 ? this.arenas?.reserve(info.size) : undefined;
    return { view: slot?.view ?? new Uint8Array(Math.min(info.size, SNIFF_BYTES)), slot };
  }

  /** A file read into its target (readInto): skipped as binary, or kept (in memory when it has a slot). */
  private settle(path: string, info: Stats, { slot }: { view: Uint8Array; slot: ReturnType<Arenas['reserve']> }, { length, binary }: FileRead): void {
    if (binary) {
      if (slot !== undefined) this.arenas?.unreserve(slot.at);
      skipBinary(this.stats, path);
      return this.done(path);
    }
    // The size the file has now (it may have shrunk since the listing); a file held in memory is what was read.
    const size = slot === undefined ? info.size : length;
    if (slot !== undefined) {
      const at = { ...slot.at, length };
      this.arenas?.keep(at);
      this.memory.files.set(path, at);
    }
    this.keep({ path, size });
  }

  private keep(file: WorkspaceFile): void {
    if (this.stats.bytes + file.size > this.limits.maxUnpackedBytes) {
      throw limitExceeded('maxUnpackedBytes', this.limits.maxUnpackedBytes, PREFIX);
    }
    this.files.push(file);
    this.stats.files += 1;
    this.stats.bytes += file.size;
    this.onProgress?.(this.stats.files, this.stats.bytes);
    this.out.push(file);
    if (this.out.length >= FLUSH_FILES) this.flush();
    else if (!this.flushScheduled) {
      // Files finished in the same turn of the event loop go on together.
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** A file examined and not kept. */
  private done(path: string): void {
    this.pending.delete(path);
  }
}

/*
 * The walk's per-file calls through fs's callback API on plain descriptors, each wrapped in one
 * promise: fs/promises' FileHandle costs several promises and a tracked object per call, and on a
 * tree of small files that bookkeeping was most of the walk's CPU (about twice these calls' own).
 */
const openFd = (path: string, flags: number): Promise<number> =>
  new Promise((resolve, reject) => open(path, flags, (error, fd) => (error ? reject(error) : resolve(fd))));
const fstatFd = (fd: number): Promise<Stats> => new Promise((resolve, reject) => fstat(fd, (error, info) => (error ? reject(error) : resolve(info))));
const closeFd = (fd: number): Promise<void> => new Promise((resolve, reject) => close(fd, (error) => (error ? reject(error) : resolve())));
/** Reads into `view` from `offset` up to `end`, at the same offset of the file. */
const readFd = (fd: number, view: Uint8Array, offset: number, end: number): Promise<number> =>
  new Promise((resolve, reject) => read(fd, view, offset, end - offset, offset, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))));

/** Reads bytes `from`..`to` of the file into the same place of `view`, until `to` or the end of the file; where it stopped. */
function readRangeSync(fd: number, view: Uint8Array, from: number, to: number): number {
  let length = from;
  while (length < to) {
    const bytesRead = readSync(fd, view, length, to - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return length;
}

/** The same through the thread pool. */
async function readRange(fd: number, view: Uint8Array, from: number, to: number): Promise<number> {
  let length = from;
  while (length < to) {
    const bytesRead = await readFd(fd, view, length, to);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return length;
}

/** A file read into its slot: the bytes read, and whether its sniff window looks binary (then nothing after the window was read). */
export interface FileRead {
  readonly length: number;
  readonly binary: boolean;
}

/** Whether the first `head` bytes in `view`, the file's sniff window or all of a shorter file, look binary. */
const sniffed = (view: Uint8Array, head: number): boolean => looksBinary(Buffer.from(view.buffer, view.byteOffset, head));

/**
 * Whether reading goes on past the first `head` bytes: only when the whole sniff window came, more is
 * wanted, and it does not look binary (settle() skips a binary file, so the rest of an image or archive is
 * never read: in Juice Shop binary files are half the bytes of the tree).
 */
const readsOn = (view: Uint8Array, head: number, binary: boolean): boolean => !binary && head === SNIFF_BYTES && head < view.length;

/** Reads the file into `view`: the sniff window first, the rest only for a file that is not binary (readsOn). */
export function readIntoSync(fd: number, view: Uint8Array): FileRead {
  const head = readRangeSync(fd, view, 0, Math.min(view.length, SNIFF_BYTES));
  const binary = sniffed(view, head);
  return { length: readsOn(view, head, binary) ? readRangeSync(fd, view, head, view.length) : head, binary };
}

/** The same through the thread pool. */
export async function readInto(fd: number, view: Uint8Array): Promise<FileRead> {
  const head = await readRange(fd, view, 0, Math.min(view.length, SNIFF_BYTES));
  const binary = sniffed(view, head);
  return { length: readsOn(view, head, binary) ? await readRange(fd, view, head, view.length) : head, binary };
}

const ROOT_PROBLEMS: Readonly<Record<string, string>> = Object.freeze({
  ENOENT: 'does not exist',
  ENOTDIR: 'is not a directory',
  EACCES: 'cannot be read (permission denied)',
  EPERM: 'cannot be read (permission denied)',
});

/** The folder's real path, or an error that names it and says what is wrong. */
async function checkedRoot(dir: string): Promise<string> {
  try {
    const root = await realpath(dir);
    if (!(await stat(root)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    await access(root, constants.R_OK | constants.X_OK);
    return root;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const problem = Object.hasOwn(ROOT_PROBLEMS, code) ? ROOT_PROBLEMS[code] : 'cannot be opened';
    throw new AppError('bad_request', `Directory rejected: ${dir} ${problem}`);
  }
}

function folderWarning(folders: readonly string[]): string[] {
  if (folders.length === 0) return [];
  const sorted = [...folders].sort();
  const more = sorted.length > 1 ? ` and ${sorted.length - 1} more` : '';
  return [`${sorted.length} folder(s) could not be read and were not scanned (${sorted[0]}${more})`];
}

/**
 * Starts walking a folder in place (nothing is copied; dispose only gives the memory back) and
 * answers at once, once the folder is known to be usable: kept files then arrive through `batches`
 * while the walk goes on. Symlinks, .git, node_modules, special and binary files are skipped;
 * files that cannot be opened are kept (the scanners report them unreadable) and folders that
 * cannot be listed are named in the workspace's warnings. The caller must await `workspace` (or
 * its rejection).
 */
export async function walkLocalDirectory(dir: string, options: LocalWalkOptions = {}): Promise<ArrivingDirectory> {
  const root = await checkedRoot(dir);
  const walker = new Walker(root, resolveLimits(options.limits), options.concurrency ?? WALK_CONCURRENCY, options.memoryBytes ?? 0, options.onProgress, options.inlineReads ?? false);
  const workspace = walker.walk().then(
    (): Workspace => {
      const warnings = folderWarning(walker.unreadableFolders);
      return {
        root,
        files: walker.files,
        stats: walker.stats,
        ...(walker.memory.files.size > 0 ? { memory: walker.memory } : {}),
        ...(warnings.length > 0 ? { warnings } : {}),
        dispose: () => Promise.resolve(walker.release()),
      };
    },
    (error: unknown) => {
      walker.release();
      throw error;
    },
  );
  // The scan awaits it later; a rejection before then is not unhandled.
  workspace.catch(() => undefined);
  const ended = workspace.then(
    () => undefined,
    () => undefined,
  );
  return { batches: walker.arrivals, source: () => ({ root, memory: walker.memory }), decided: (path) => walker.decided(path), ended, workspace };
}

/**
 * A Workspace over an existing folder, without copying: root is the folder itself and
 * dispose does nothing. The whole walk of walkLocalDirectory, with nothing held in memory.
 * `onProgress` lets a caller act while the walk goes on.
 */
export async function openLocalDirectory(
  dir: string,
  limits: Partial<SourceLimits> = {},
  concurrency = WALK_CONCURRENCY,
  onProgress?: WalkProgress,
): Promise<Workspace> {
  const arriving = await walkLocalDirectory(dir, { limits, concurrency, ...(onProgress ? { onProgress } : {}) });
  return arriving.workspace;
}
