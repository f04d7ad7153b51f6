import { mkdir, open } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Extract } from 'tar-stream';
import { AppError } from '../../../core/errors.js';
import { limitExceeded, type SourceLimits } from '../limits.js';
import { classifyEntryPath } from '../paths.js';
import { looksBinary, SNIFF_BYTES } from '../sniff.js';
import { emptyStats, skipBinary, type WorkspaceFile, type WorkspaceStats } from '../workspace.js';

/** One archive entry as tar-stream yields it (its Source type is not exported). */
export type Entry = Extract extends AsyncIterable<infer S> ? S : never;

/** What extraction has kept and skipped so far. */
export class EntrySink {
  readonly files: WorkspaceFile[] = [];
  readonly stats: WorkspaceStats = emptyStats();
  private entries = 0;
  private readonly madeDirs = new Set<string>();
  /** Small files already read whole, being written in the background (bounded). */
  private readonly inFlight = new Set<Promise<void>>();
  private failure: Error | undefined;

  constructor(
    private readonly root: string,
    private readonly limits: SourceLimits,
  ) {}

  /** Consumes one archive entry completely. Throws AppError on hostile input or a hard limit. */
  async accept(entry: Entry): Promise<void> {
    const { header } = entry;
    const type = header.type ?? 'file';
    if (type === 'directory') return drain(entry);
    this.entries += 1;
    if (this.entries > this.limits.maxFiles) throw limitExceeded('maxFiles', this.limits.maxFiles);
    const verdict = classifyEntryPath(header.name, this.limits, true);
    if (verdict.kind === 'traversal') {
      throw new AppError('bad_request', `Archive download failed: unsafe path in archive (${verdict.reason})`);
    }
    const skipped = this.stats.skipped;
    if (type === 'symlink' || type === 'link') skipped.links += 1;
    else if (type !== 'file' && type !== 'contiguous-file') skipped.special += 1;
    else if (verdict.kind !== 'ok') skipped.unsafe += 1;
    else if ((header.size ?? 0) > this.limits.maxFileBytes) skipped.tooLarge += 1;
    else return this.write(entry, verdict.path);
    return drain(entry);
  }

  /** Waits for background writes; rethrows the first failure. Call before using the results. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    if (this.failure !== undefined) throw this.failure;
    this.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    this.stats.binaryPaths.sort();
  }

  private async write(entry: Entry, path: string): Promise<void> {
    const chunks = entry[Symbol.asyncIterator]() as Chunks;
    const head = await readHead(chunks);
    if (looksBinary(head.bytes)) {
      skipBinary(this.stats, path);
      return head.done ? undefined : drainIterator(chunks);
    }
    const target = join(this.root, ...path.split('/'));
    if (!target.startsWith(this.root + sep)) throw new AppError('internal', 'Workspace path escaped its root');
    if (head.done) return this.writeInBackground(target, path, head.bytes);
    const size = await this.writeFile(target, head.bytes, chunks);
    if (size === undefined) return drainIterator(chunks);
    this.kept(path, size);
  }

  /** Tiny files dominate real repositories; writing a few at once hides file-system latency. */
  private async writeInBackground(target: string, path: string, bytes: Buffer): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    while (this.inFlight.size >= MAX_IN_FLIGHT) await Promise.race(this.inFlight);
    const job = this.writeFile(target, bytes, undefined).then(
      (size) => (size === undefined ? undefined : this.kept(path, size)),
      (error: unknown) => void (this.failure ??= error instanceof Error ? error : new Error(String(error))),
    );
    const tracked = job.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** Bytes written, or undefined when the path was unusable (counted as unsafe). */
  private async writeFile(target: string, head: Buffer, rest: Chunks | undefined): Promise<number | undefined> {
    const handle = await this.create(target);
    if (handle === undefined) {
      this.stats.skipped.unsafe += 1;
      return undefined;
    }
    let size = head.length;
    try {
      await handle.write(head);
      for (let next = await rest?.next(); next !== undefined && next.done !== true; next = await rest?.next()) {
        size += next.value.length;
        await handle.write(next.value);
      }
    } catch (error) {
      throw isFileSystemError(error) ? writeFailure(error) : error;
    } finally {
      await handle.close();
    }
    return size;
  }

  private kept(path: string, size: number): void {
    this.files.push({ path, size });
    this.stats.files += 1;
    this.stats.bytes += size;
  }

  /** A new read-only file, or undefined when the path is taken (duplicate, or a file where a folder must be). */
  private async create(target: string): Promise<import('node:fs/promises').FileHandle | undefined> {
    const parent = dirname(target);
    try {
      if (!this.madeDirs.has(parent)) {
        await mkdir(parent, { recursive: true, mode: 0o700 });
        this.madeDirs.add(parent);
      }
      return await open(target, 'wx', 0o400);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENAMETOOLONG') return undefined;
      throw writeFailure(error);
    }
  }
}

type Chunks = AsyncIterator<Buffer>;

const MAX_IN_FLIGHT = 16;

async function readHead(chunks: Chunks): Promise<{ bytes: Buffer; done: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done === true) return { bytes: Buffer.concat(parts), done: true };
    parts.push(next.value);
    length += next.value.length;
  }
  return { bytes: Buffer.concat(parts), done: false };
}

async function drainIterator(chunks: Chunks): Promise<void> {
  for (let next = await chunks.next(); next.done !== true; next = await chunks.next()) {
    // discard
  }
}

function drain(entry: Entry): Promise<void> {
  return drainIterator(entry[Symbol.asyncIterator]() as Chunks);
}

function isFileSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

function writeFailure(error: unknown): AppError {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  return new AppError('internal', `Could not write the workspace (${code})`, { cause: error });
}
