/**
 * A command-line scan thread's entry (see lane.ts): runs each task it is sent with the worker
 * module's entries, one after another in the order sent, and answers each with its result or its error.
 */
import { parentPort } from 'node:worker_threads';
import { toWire } from '../core/wire-error.js';
import type { FromLane, LaneEntry, ToLane } from './lane.js';
import scanBatch, { scanRepository, scanTexts } from './worker.js';

if (parentPort === null) throw new Error('lane-worker runs only as a worker thread');
const port = parentPort;
const ENTRIES: Readonly<Record<LaneEntry, (task: never) => Promise<unknown>>> = { scanBatch, scanRepository, scanTexts };

// One task at a time: a scanner's counts and facts belong to the batch that is running, and a
// batch awaits (loading, `prepare`) before it scans.
let previous: Promise<void> = Promise.resolve();
port.on('message', (message: ToLane) => {
  const { id, entry, task } = message;
  const run = ENTRIES[entry];
  previous = previous.then(async () => {
    let reply: FromLane;
    try {
      reply = { id, ok: true, value: await run(task as never) };
    } catch (error) {
      reply = { id, ok: false, error: toWire(error) };
    }
    try {
      port.postMessage(reply);
    } catch (error) {
      // A result that cannot cross threads is the task's failure, not the thread's.
      port.postMessage({ id, ok: false, error: toWire(error) } satisfies FromLane);
    }
  });
});
