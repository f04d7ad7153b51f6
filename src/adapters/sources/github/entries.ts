import { chmod, mkdir, mkdtemp, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import type { Extract } from 'tar-stream';
import { AppError } from '../../../core/errors.js';
import { limitExceeded, type SourceLimits } from '../limits.js';
import { classifyEntryPath } from '../paths.js';
import { looksBinary, SNIFF_BYTES } from '../sniff.js';
import { Arenas, type MemoryBudget } from '../arenas.js';
import { emptyStats, skipBinary, type HeldBytes, type WorkspaceFile, type WorkspaceStats } from '../workspace.js';

/** One archive entry as tar-stream yields it (its Source type is not exported). */
export type Entry = Extract extends AsyncIterable<infer S> ? S : never;

export { ARENA_BYTES, type MemoryBudget } from '../arenas.js';

/** A file kept: in memory (`at`) or written under the spill folder. */
export interface KeptFile extends WorkspaceFile {
  readonly at?: HeldBytes;
}

/** What the sink tells its owner as it goes (the extraction thread batches these to the main thread). */
export interface SinkEvents {
  /** A new arena: files kept after this may lie in it. */
  onArena(arena: SharedArrayBuffer, index: number): void;
  onFile(file: KeptFile): void;
  /** The spill folder was created (before anything is written into it). */
  onSpill(root: string): void;
}

/**
 * Where kept files' bytes go: shared arenas while the budget allows (the scan workers read them
 * without a copy), else a private temporary folder (0700, files 0400), created on the first spill.
 */
class Store {
  readonly arenas: Arenas;
  spillRoot: string | undefined;
  private spilling: Promise<string> | undefined;

  constructor(
    budget: MemoryBudget,
    private readonly events: SinkEvents,
    private readonly spillParent: string,
  ) {
    this.arenas = new Arenas(budget, (sab, index) => events.onArena(sab, index));
  }

  spillFolder(): Promise<string> {
    this.spilling ??= (async () => {
      const root = await mkdtemp(join(this.spillParent, 'vigil-src-'));
      await chmod(root, 0o700);
      this.spillRoot = root;
      this.events.onSpill(root);
      return root;
    })();
    return this.spilling;
  }
}

/** What extraction has kept and skipped so far. */
export class EntrySink {
  readonly stats: WorkspaceStats = emptyStats();
  private entries = 0;
  private readonly store: Store;
  /** Kept file paths and the folders they imply: a second file at either path is unsafe (as on disk). */
  private readonly taken = new Set<string>();
  private readonly folders = new Set<string>();
  private readonly madeDirs = new Set<string>();
  /** Small spilled files already read whole, being written in the background (bounded). */
  private readonly inFlight = new Set<Promise<void>>();
  private failure: Error | undefined;

  constructor(
    private readonly limits: SourceLimits,
    budget: MemoryBudget,
    private readonly events: SinkEvents,
    spillParent: string = tmpdir(),
  ) {
    this.store = new Store(budget, events, spillParent);
  }

  /** Budget bytes this archive holds (to give back once its workspace is disposed). */
  get memoryTaken(): number {
    return this.store.arenas.taken;
  }

  get spillRoot(): string | undefined {
    return this.store.spillRoot;
  }

  /** The arenas this archive's files lie in (SpareArenas takes them back once the workspace is disposed). */
  get arenaBuffers(): SharedArrayBuffer[] {
    return this.store.arenas.buffers();
  }

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
    else return this.keep(entry, verdict.path, header.size ?? 0);
    return drain(entry);
  }

  /** Waits for background writes; rethrows the first failure. Call before using the results. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    if (this.failure !== undefined) throw this.failure;
    this.stats.binaryPaths.sort();
  }

  /** False when the path collides with a kept file or folder (a duplicate, or a file where a folder must be). */
  private claim(path: string): boolean {
    if (this.taken.has(path) || this.folders.has(path)) return false;
    const parents: string[] = [];
    for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) parents.push(path.slice(0, i));
    if (parents.some((p) => this.taken.has(p))) return false;
    this.taken.add(path);
    for (const p of parents) this.folders.add(p);
    return true;
  }

  private async keep(entry: Entry, path: string, size: number): Promise<void> {
    const chunks = entry[Symbol.asyncIterator]() as Chunks;
    if (!this.claim(path)) {
      this.stats.skipped.unsafe += 1;
      return drainIterator(chunks);
    }
    const slot = this.store.arenas.reserve(size);
    if (slot !== undefined) return this.hold(chunks, path, slot);
    return this.spill(chunks, path);
  }

  /** Into memory: the bytes land in the arena as they arrive; a binary file gives its room back. */
  private async hold(chunks: Chunks, path: string, slot: { at: HeldBytes; view: Uint8Array }): Promise<void> {
    const { at, view } = slot;
    let written = 0;
    let sniffed = false;
    for (let next = await chunks.next(); next.done !== true; next = await chunks.next()) {
      const bytes = next.value;
      if (written + bytes.length > view.length) throw new Error('an entry is longer than its header says');
      view.set(bytes, written);
      written += bytes.length;
      if (!sniffed && written >= Math.min(SNIFF_BYTES, view.length)) {
        sniffed = true;
        if (looksBinary(Buffer.from(view.buffer, view.byteOffset, Math.min(written, SNIFF_BYTES)))) return this.binary(chunks, path, at);
      }
    }
    if (written !== view.length) throw new Error('an entry is shorter than its header says');
    if (!sniffed && looksBinary(Buffer.from(view.buffer, view.byteOffset, written))) return this.binary(undefined, path, at);
    this.store.arenas.keep(at);
    this.kept({ path, size: written, at });
  }

  private async binary(chunks: Chunks | undefined, path: string, at: HeldBytes): Promise<void> {
    this.store.arenas.unreserve(at);
    skipBinary(this.stats, path);
    if (chunks !== undefined) await drainIterator(chunks);
  }

  /** Past the memory budget: into the spill folder, as every file was before the budget existed. */
  private async spill(chunks: Chunks, path: string): Promise<void> {
    const head = await readHead(chunks);
    if (looksBinary(head.bytes)) {
      skipBinary(this.stats, path);
      return head.done ? undefined : drainIterator(chunks);
    }
    const root = await this.store.spillFolder();
    const target = join(root, ...path.split('/'));
    if (!target.startsWith(root + sep)) throw new AppError('internal', 'Workspace path escaped its root');
    if (head.done) return this.writeInBackground(target, path, head.bytes);
    const size = await this.writeFile(target, head.bytes, chunks);
    if (size === undefined) return drainIterator(chunks);
    this.kept({ path, size });
  }

  /** Tiny files dominate real repositories; writing a few at once hides file-system latency. */
  private async writeInBackground(target: string, path: string, bytes: Buffer): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    while (this.inFlight.size >= MAX_IN_FLIGHT) await Promise.race(this.inFlight);
    const job = this.writeFile(target, bytes, undefined).then(
      (size) => (size === undefined ? undefined : this.kept({ path, size })),
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

  private kept(file: KeptFile): void {
    this.stats.files += 1;
    this.stats.bytes += file.size;
    this.events.onFile(file);
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
