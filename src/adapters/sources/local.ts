import type { Dirent } from 'node:fs';
import { constants } from 'node:fs';
import { access, lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../core/errors.js';
import { limitExceeded, resolveLimits, type SourceLimits } from './limits.js';
import { classifyEntryPath } from './paths.js';
import { looksBinary, SNIFF_BYTES } from './sniff.js';
import { emptyStats, skipBinary, type Workspace, type WorkspaceFile, type WorkspaceStats } from './workspace.js';

/** Folders never scanned in a local tree. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

const PREFIX = 'Directory rejected';

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** File-system calls in flight at once during a walk (readdir, or lstat + sniff of one file). */
export const WALK_CONCURRENCY = 16;

/** Called after each kept file with the kept files and bytes so far (in completion order, not path order). */
export type WalkProgress = (files: number, bytes: number) => void;

/**
 * Walks a tree with up to WALK_CONCURRENCY readdir/lstat/sniff calls in flight. Counts and limits do not depend
 * on the order calls complete in (every entry is counted once, kept files are sorted by path at the end); when a
 * tree exceeds both the file-count and the unpacked-size limit, the one crossed first is reported.
 */
class Walker {
  readonly files: WorkspaceFile[] = [];
  readonly stats: WorkspaceStats = emptyStats();
  private entries = 0;
  /** Tasks not started yet; popped last-in first-out, so the walk goes deep before wide and the queue stays short. */
  private readonly queue: (() => Promise<void>)[] = [];
  private active = 0;
  private failed = false;

  constructor(
    private readonly root: string,
    private readonly limits: SourceLimits,
    private readonly concurrency = WALK_CONCURRENCY,
    private readonly onProgress?: WalkProgress,
  ) {
    if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new RangeError('Walk concurrency must be a positive integer');
  }

  async walk(): Promise<void> {
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
    this.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    this.stats.binaryPaths.sort();
  }

  private async directory(relative: string): Promise<void> {
    const dirents = await readdir(join(this.root, relative), { withFileTypes: true });
    if (this.failed) return;
    for (const dirent of dirents) {
      const path = relative === '' ? dirent.name : `${relative}/${dirent.name}`;
      if (dirent.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(dirent.name)) this.queue.push(() => this.directory(path));
      } else {
        this.entry(dirent, path);
      }
    }
  }

  /** Counts one non-directory entry; a regular file with a usable path is queued for lstat and sniffing. */
  private entry(dirent: Dirent, path: string): void {
    this.entries += 1;
    if (this.entries > this.limits.maxFiles) throw limitExceeded('maxFiles', this.limits.maxFiles, PREFIX);
    const skipped = this.stats.skipped;
    if (dirent.isSymbolicLink()) return void (skipped.links += 1);
    if (!dirent.isFile()) return void (skipped.special += 1);
    if (classifyEntryPath(path, this.limits, false).kind !== 'ok') return void (skipped.unsafe += 1);
    this.queue.push(() => this.file(path));
  }

  private async file(path: string): Promise<void> {
    const absolute = join(this.root, path);
    const { size } = await lstat(absolute);
    if (this.failed) return;
    const skipped = this.stats.skipped;
    if (size > this.limits.maxFileBytes) return void (skipped.tooLarge += 1);
    const head = await readHead(absolute);
    if (this.failed) return;
    if (looksBinary(head)) return skipBinary(this.stats, path);
    if (this.stats.bytes + size > this.limits.maxUnpackedBytes) {
      throw limitExceeded('maxUnpackedBytes', this.limits.maxUnpackedBytes, PREFIX);
    }
    this.files.push({ path, size });
    this.stats.files += 1;
    this.stats.bytes += size;
    this.onProgress?.(this.stats.files, this.stats.bytes);
  }
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

/**
 * A Workspace over an existing folder, without copying: root is the folder itself and
 * dispose does nothing. Symlinks, .git, node_modules, special and binary files are skipped.
 * `onProgress` lets a caller act while the walk goes on (the CLI starts its scan workers
 * once the tree is known to be too large for a scan on its own thread).
 */
export async function openLocalDirectory(
  dir: string,
  limits: Partial<SourceLimits> = {},
  concurrency = WALK_CONCURRENCY,
  onProgress?: WalkProgress,
): Promise<Workspace> {
  const root = await checkedRoot(dir);
  const walker = new Walker(root, resolveLimits(limits), concurrency, onProgress);
  await walker.walk();
  return { root, files: walker.files, stats: walker.stats, dispose: () => Promise.resolve() };
}
