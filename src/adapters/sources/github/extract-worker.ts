/**
 * Worker-thread entry: gunzip, tar parsing and the keeping of files for every archive of the
 * process, off the service's event loop. One long-lived thread serves any number of archives at
 * once (messages carry the archive's id); each archive's bytes arrive from the main thread one
 * chunk per pull (the download itself stays on the main thread's SSRF-safe client). Kept files
 * go into shared arenas within the process's memory budget, past it into a spill folder; they
 * cross to the main thread in batches as they are parsed. See extract-thread.ts.
 */
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { enterBackground } from '../../../core/thread-priority.js';
import { memoryBudget, SpareArenas, type BudgetPool } from '../arenas.js';
import type { EntrySink } from './entries.js';
import { extractTarball } from './extract.js';
import { fromWire, toWire } from '../../../core/wire-error.js';
import type { FromExtractor, ToExtractor, WireFile } from './thread-messages.js';

// Gunzip and tar parsing are background work: the request thread comes first (core/thread-priority.ts).
enterBackground(workerData);
const port = parentPort;
if (port === null) throw new Error('extract-worker runs only as a worker thread');
const post = (message: FromExtractor): void => port.postMessage(message);

/** Budget bytes held by every archive of the process, as the thread accounts them. */
const pool: BudgetPool = { used: 0 };
/** Gives bytes back to the shared pool (an archive that failed, or whose workspace was disposed). */
const release = (bytes: number): void => void (pool.used = Math.max(0, pool.used - bytes));
/** Budget and arenas still held by archives that finished, until their workspaces are disposed. */
const held = new Map<number, { readonly bytes: number; readonly buffers: readonly SharedArrayBuffer[] }>();
/** At most this much arena memory is kept for reuse between archives. */
const SPARE_ARENA_BYTES = 64 * 1024 * 1024;

/** Arenas of disposed workspaces, reused by the next archives (arenas.ts says why). */
const spare = new SpareArenas(SPARE_ARENA_BYTES);

interface Job {
  readonly source: Readable;
  readonly aborter: AbortController;
}
const jobs = new Map<number, Job>();

/** Files per batch sent to the main thread: few messages, each small enough not to stall its event loop. */
const BATCH_FILES = 512;

function start({ id, limits, memoryBytes, spillParent }: Extract<ToExtractor, { kind: 'start' }>): void {
  const source = new Readable({ read: () => post({ kind: 'pull', id }) });
  const aborter = new AbortController();
  jobs.set(id, { source, aborter });
  let arenas: { index: number; sab: SharedArrayBuffer }[] = [];
  let files: WireFile[] = [];
  const flush = (): void => {
    if (files.length === 0 && arenas.length === 0) return;
    post({ kind: 'files', id, arenas, files });
    arenas = [];
    files = [];
  };
  let sink: EntrySink | undefined;
  extractTarball(
    source,
    limits,
    {
      budget: memoryBudget(memoryBytes, pool, spare),
      spillParent,
      events: {
        onArena: (sab, index) => arenas.push({ index, sab }),
        onFile: (file) => {
          files.push(file);
          if (files.length >= BATCH_FILES) flush();
        },
        onSpill: (root) => post({ kind: 'spill', id, root }),
      },
      onSink: (created) => (sink = created),
    },
    aborter.signal,
  ).then(
    (result) => {
      flush();
      held.set(id, { bytes: sink?.memoryTaken ?? 0, buffers: sink?.arenaBuffers ?? [] });
      jobs.delete(id);
      post({ kind: 'done', id, result });
    },
    async (error: unknown) => {
      jobs.delete(id);
      release(sink?.memoryTaken ?? 0);
      const spill = sink?.spillRoot;
      if (spill !== undefined) await rm(spill, { recursive: true, force: true }).catch(() => undefined);
      post({ kind: 'failed', id, error: toWire(error) });
    },
  );
}

port.on('message', (message: ToExtractor) => {
  if (message.kind === 'start') return start(message);
  if (message.kind === 'release') {
    const archive = held.get(message.id);
    held.delete(message.id);
    if (archive === undefined) return;
    release(archive.bytes);
    // Nothing reads the disposed workspace's arenas any more: the next archives reuse them.
    spare.give(archive.buffers);
    return;
  }
  const job = jobs.get(message.id);
  if (job === undefined) return;
  if (message.kind === 'chunk') job.source.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
  else if (message.kind === 'end') job.source.push(null);
  else if (message.kind === 'fail') job.source.destroy(fromWire(message.error));
  else job.aborter.abort();
});
