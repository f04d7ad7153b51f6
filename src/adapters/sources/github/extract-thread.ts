import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { threadScript } from '../../../core/thread-script.js';
import type { SourceLimits } from '../limits.js';
import type { ExtractResult } from './extract.js';
import { fromWire, toWire, type ExtractJob, type FromExtractor, type ToExtractor } from './thread-messages.js';

type Send = (message: ToExtractor) => void;

/** One chunk per pull: the body stays paused in between, so unread bytes wait in the socket. */
function feedOnPull(body: Readable, send: Send): void {
  body.pause();
  body.on('data', (bytes: Buffer) => {
    body.pause();
    send({ kind: 'chunk', bytes });
  });
  body.once('end', () => send({ kind: 'end' }));
  body.on('error', (error) => send({ kind: 'fail', error: toWire(error) }));
}

/** Passes the caller's abort on to the thread; returns the clean-up. */
function forwardAbort(signal: AbortSignal | undefined, send: Send): () => void {
  const abort = (): void => send({ kind: 'abort' });
  if (signal?.aborted === true) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  return () => signal?.removeEventListener('abort', abort);
}

function outcome(worker: Worker, pull: () => void): Promise<ExtractResult> {
  return new Promise<ExtractResult>((resolve, reject) => {
    worker.on('message', (message: FromExtractor) => {
      if (message.kind === 'pull') pull();
      else if (message.kind === 'done') resolve(message.result);
      else reject(fromWire(message.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the extraction thread stopped (exit code ${code})`)));
  });
}

/**
 * extractTarball in a worker thread of its own: this thread only reads the archive's
 * bytes from the network and hands them over when the extractor asks for more, so
 * gunzip, tar parsing and the file writes never occupy the event loop. Same results,
 * same errors (AppErrors cross with their code and message; an abort stays an AbortError).
 */
export async function extractTarballInThread(body: Readable, root: string, limits: SourceLimits, signal?: AbortSignal): Promise<ExtractResult> {
  const job: ExtractJob = { root, limits };
  const worker = new Worker(threadScript(import.meta.url, 'extract-worker').bootstrap, { eval: true, workerData: job });
  const send: Send = (message) => worker.postMessage(message);
  feedOnPull(body, send);
  const stopForwarding = forwardAbort(signal, send);
  try {
    return await outcome(worker, () => body.resume());
  } finally {
    stopForwarding();
    body.destroy();
    // Its writes are settled once it answers; the caller removes root after this.
    await worker.terminate();
  }
}
