import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { backgroundThreadData } from '../../../core/thread-priority.js';
import { threadScript } from '../../../core/thread-script.js';
import type { SourceLimits } from '../limits.js';
import type { HeldBytes, WorkspaceFile, WorkspaceMemory } from '../workspace.js';
import type { ExtractResult } from './extract.js';
import { fromWire, toWire } from '../../../core/wire-error.js';
import type { FromExtractor, ToExtractor, WireFile } from './thread-messages.js';

/** The files of one archive as the extraction thread kept them. */
export interface ExtractedArchive extends ExtractResult {
  /** Sorted by path. */
  readonly files: readonly WorkspaceFile[];
  readonly memory: WorkspaceMemory;
  /** The folder of the files past the memory budget; undefined when every file is in memory. */
  readonly spillRoot?: string;
  /** Gives the archive's memory back to the budget and removes its spill folder; idempotent. */
  release(): Promise<void>;
}

/** Files as they arrive, with where they lie so far (the memory and folder grow as more arrive). */
export type OnArrival = (files: readonly WorkspaceFile[], memory: WorkspaceMemory, spillRoot: string | undefined) => void;

interface Pending {
  readonly body: Readable;
  readonly files: WireFile[];
  readonly arenas: SharedArrayBuffer[];
  readonly held: Map<string, HeldBytes>;
  readonly onArrival?: OnArrival;
  spillRoot?: string;
  resolve(result: ExtractResult): void;
  reject(error: Error): void;
}

/**
 * The extraction thread's young generation, in MB (V8 gives each of its two semi-spaces a third): 24 MB,
 * 8 MB semi-spaces, as the scan threads have (src/engine/thread-limits.ts). With V8's default (up to
 * 48 MB) the thread, which lives as long as the service, reached 8 MB semi-spaces in its first scans and
 * doubled them once more after about 400 scans of a 4 MB repository: the service's resident set rose
 * 16–24 MB in one step there (`npm run bench:memory -- --scans 800`, docs/benchmarks.md). Its heap after
 * a full collection is about 5 MB: the archives' bytes live in arenas outside V8's heap.
 */
export const EXTRACTION_THREAD_YOUNG_GENERATION_MB = 24;

/**
 * The one extraction thread of the process, started on the first archive and kept (issue 21: a
 * thread per archive cost about 0.2 s and a compile each). Any number of archives share it, each
 * with its own id; a broken archive fails alone, and a thread that dies fails the archives it
 * had and is started again for the next one. It does not keep the process alive when idle.
 */
class ExtractionThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  get threadId(): number {
    return this.worker?.threadId ?? 0;
  }

  private send(message: ToExtractor): void {
    this.worker?.postMessage(message);
  }

  private start(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(threadScript(import.meta.url, 'extract-worker').bootstrap, {
      eval: true,
      workerData: backgroundThreadData(),
      resourceLimits: { maxYoungGenerationSizeMb: EXTRACTION_THREAD_YOUNG_GENERATION_MB },
    });
    worker.on('message', (message: FromExtractor) => this.receive(message));
    const lost = (error: Error): void => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const [id, job] of this.pending) {
        this.pending.delete(id);
        job.reject(error);
      }
    };
    worker.once('error', lost);
    worker.once('exit', (code) => lost(new Error(`the extraction thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private receive(message: FromExtractor): void {
    const job = this.pending.get(message.id);
    if (job === undefined) return;
    if (message.kind === 'pull') job.body.resume();
    else if (message.kind === 'files') {
      for (const { index, sab } of message.arenas) job.arenas[index] = sab;
      for (const file of message.files) {
        job.files.push(file);
        if (file.at !== undefined) job.held.set(file.path, file.at);
      }
      job.onArrival?.(
        message.files.map(({ path, size }) => ({ path, size })),
        { arenas: job.arenas, files: job.held },
        job.spillRoot,
      );
    } else if (message.kind === 'spill') job.spillRoot = message.root;
    else {
      this.pending.delete(message.id);
      this.idle();
      if (message.kind === 'done') job.resolve(message.result);
      else job.reject(fromWire(message.error));
    }
  }

  /** An idle thread does not keep the process alive; a busy one does, like the download it serves. */
  private idle(): void {
    if (this.pending.size === 0) this.worker?.unref();
  }

  /** Starts the thread now rather than with the first archive (idle, it keeps no process alive). */
  warm(): void {
    this.start();
  }

  /** Extracts one archive; rejects with the same errors extractTarball gives (AppErrors keep code and message). */
  async extract(body: Readable, limits: SourceLimits, memoryBytes: number, signal?: AbortSignal, onArrival?: OnArrival): Promise<ExtractedArchive> {
    const worker = this.start();
    worker.ref();
    const id = this.nextId++;
    const files: WireFile[] = [];
    const arenas: SharedArrayBuffer[] = [];
    const held = new Map<string, HeldBytes>();
    let job: Pending | undefined;
    const outcome = new Promise<ExtractResult>((resolve, reject) => {
      job = { body, files, arenas, held, resolve, reject, ...(onArrival ? { onArrival } : {}) };
      this.pending.set(id, job);
    });
    this.send({ kind: 'start', id, limits, memoryBytes, spillParent: tmpdir() });
    feedOnPull(body, (message) => this.send({ ...message, id }));
    const abort = (): void => this.send({ kind: 'abort', id });
    if (signal?.aborted === true) abort();
    else signal?.addEventListener('abort', abort, { once: true });
    let result: ExtractResult;
    try {
      result = await outcome;
    } catch (error) {
      // The thread removed its spill folder; this covers a thread that died first.
      if (job?.spillRoot !== undefined) await rm(job.spillRoot, { recursive: true, force: true });
      throw error;
    } finally {
      signal?.removeEventListener('abort', abort);
      body.destroy();
    }
    const spillRoot = job?.spillRoot;
    const sorted = files.map(({ path, size }) => ({ path, size })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    let released = false;
    const sender = this.worker;
    return {
      ...result,
      files: sorted,
      memory: { arenas, files: held },
      ...(spillRoot === undefined ? {} : { spillRoot }),
      release: async () => {
        if (released) return;
        released = true;
        // Only the thread that accounted for the memory can give it back.
        if (sender !== undefined && sender === this.worker) this.send({ kind: 'release', id });
        if (spillRoot !== undefined) await rm(spillRoot, { recursive: true, force: true });
      },
    };
  }
}

type Feed = { readonly kind: 'chunk'; readonly bytes: Uint8Array } | { readonly kind: 'end' } | { readonly kind: 'fail'; readonly error: ReturnType<typeof toWire> };

/** One chunk per pull: the body stays paused in between, so unread bytes wait in the socket. */
function feedOnPull(body: Readable, send: (message: Feed) => void): void {
  body.pause();
  body.on('data', (bytes: Buffer) => {
    body.pause();
    send({ kind: 'chunk', bytes });
  });
  body.once('end', () => send({ kind: 'end' }));
  body.on('error', (error) => send({ kind: 'fail', error: toWire(error) }));
}

let shared: ExtractionThread | undefined;

/**
 * Extracts a gzipped tarball on the process's extraction thread: this thread only reads the
 * archive's bytes from the network and hands them over when the extractor asks for more, so
 * gunzip and tar parsing never occupy the event loop. Files within `memoryBytes` (shared by
 * every archive being extracted or scanned) stay in memory; the rest go to a spill folder.
 */
export function extractTarballInThread(body: Readable, limits: SourceLimits, memoryBytes: number, signal?: AbortSignal, onArrival?: OnArrival): Promise<ExtractedArchive> {
  shared ??= new ExtractionThread();
  return shared.extract(body, limits, memoryBytes, signal, onArrival);
}

/** Starts the process's extraction thread before the first archive (a service at start). */
export function warmExtractionThread(): void {
  shared ??= new ExtractionThread();
  shared.warm();
}

/** The extraction thread's id while it runs, else 0 (tests check that one thread serves every archive). */
export function extractionThreadId(): number {
  return shared?.threadId ?? 0;
}
