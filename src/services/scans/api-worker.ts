/**
 * The API scan thread's entry (see api-thread.ts): runs every scan it is sent concurrently and
 * answers each with its result or its error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { enterBackground } from '../../core/thread-priority.js';
import { toWire } from '../../core/wire-error.js';
import { scanApiTarget } from './api.js';
import type { FromApiThread, ToApiThread } from './api-thread.js';

if (parentPort === null) throw new Error('api-worker runs only as a worker thread');
// Below the thread that answers requests, above the repository scans' threads (core/thread-priority.ts).
enterBackground(workerData);
const port = parentPort;
const running = new Map<number, AbortController>();
const post = (message: FromApiThread): void => port.postMessage(message);

port.on('message', (message: ToApiThread) => {
  if (message.kind === 'abort') {
    running.get(message.id)?.abort(new Error(message.reason));
    return;
  }
  const { id } = message;
  const aborter = new AbortController();
  running.set(id, aborter);
  scanApiTarget(message.input, message.settings, { ...message.hooks, signal: aborter.signal })
    .then(
      (result) => post({ kind: 'done', id, result }),
      (error: unknown) => post({ kind: 'failed', id, error: toWire(error) }),
    )
    .finally(() => running.delete(id));
});
