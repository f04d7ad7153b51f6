/**
 * A command-line scan's first scan thread, started by src/cli/index.ts before it sets the scan's V8
 * flags, and taken by the first lane (lane.ts) that the scan starts.
 *
 * A new thread compiles Node's own modules for its start (the worker bootstrap, streams, `fs`,
 * `crypto`, the ES loader …). Node carries a code cache of them in its binary, and V8 takes a code
 * cache only under the flags it was made with: a thread started after `vigil scan` has tuned the
 * compiler compiled about 60 modules from source, and was ready after 53–55 ms instead of 25–26 ms
 * (an idle machine; on Juice Shop, where the walk and the secrets scan share the cores with it, the
 * code scanner's thread spent about 110 ms before its first file). Started before the flags, the
 * thread loads those modules under V8's defaults while the main thread compiles its own bundle and
 * starts the walk, still under the defaults. The main thread sets its flags once the thread has them
 * (pollEarlyScanThread, called as the walk goes), or before it loads anything whose code cache was
 * written under the scan's flags (settleScanFlags), and only then lets the thread go on to load the scan
 * thread's entry and, with its first task, the scanners (docs/decisions.md).
 *
 * A scan whose walk keeps the whole tree on the main thread ends the thread then (discardEarlyScanThread,
 * from the adaptive pool); until then it is unreferenced and keeps no process alive.
 * Kept out of the command line's bundle (scripts/bundle-scanners.ts), like the code-cache loader, so
 * that src/cli/index.ts and the bundle share this one instance.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { threadScript } from '../core/thread-script.js';
import { backgroundThreadData } from '../core/thread-priority.js';
import { COMMAND_SCAN_THREAD_YOUNG_GENERATION_MB } from './thread-limits.js';

/**
 * Node's modules a scan thread loads (seen in its `process.moduleLoadList`: the lane's entry, the
 * code-cache loader and the file scanners), and the ES loader that `require` of an ES module starts.
 */
const THREAD_BUILTINS = ['node:crypto', 'node:fs', 'node:fs/promises', 'node:module', 'node:os', 'node:path', 'node:url', 'node:vm', 'node:worker_threads', 'node:zlib'] as const;

/** Slots of the shared state: the thread has loaded Node's modules; the main thread has set its flags. */
const LOADED = 0;
const FLAGS_SET = 1;
/** How long the thread waits for the flags before it goes on regardless (the main thread always signals). */
const THREAD_WAIT_MS = 10_000;
/**
 * How long the main thread waits, at most, for the thread to load Node's modules before it sets the flags
 * regardless: 25–30 ms on an idle machine.
 */
const EARLY_THREAD_WAIT_MS = 150;

interface Early {
  readonly worker: Worker;
  readonly state: Int32Array;
  /** Set when the thread ended (it failed to start): no lane takes it then. */
  ended: boolean;
}

let early: Early | undefined;
let fate: 'none' | 'started' | 'taken' | 'discarded' = 'none';

/**
 * Whether this process started the thread, and whether a lane took it or the scan let it go unused
 * (for tests, and a look at a built CLI through `--import`).
 */
export function earlyScanThreadState(): 'none' | 'started' | 'taken' | 'discarded' {
  return fate;
}

/**
 * The thread's script: loads Node's modules, says so, waits for the flags, then runs `bootstrap` (the lane's
 * usual entry). Only where the lane's entry is the command line's CommonJS bundle (from dist/).
 */
function earlyBootstrap(bootstrap: string, loader: string): string {
  return [
    "const { workerData: __data } = require('node:worker_threads');",
    `for (const id of ${JSON.stringify(THREAD_BUILTINS)}) require(id);`,
    // The loader is an ES module: requiring it starts Node's ES loader, another twenty modules of Node's.
    `require(${JSON.stringify(loader)});`,
    '{ const state = new Int32Array(__data.early);',
    `Atomics.store(state, ${LOADED}, 1); Atomics.notify(state, ${LOADED});`,
    `Atomics.wait(state, ${FLAGS_SET}, 0, ${THREAD_WAIT_MS}); }`,
    bootstrap,
  ].join('\n');
}

/**
 * A command-line scan thread running `bootstrap` (its code, eval'd), with `extra` in its workerData: the one
 * place that says how such a thread starts, for this module's early thread and for lane.ts's later ones.
 */
export function newScanThread(bootstrap: string, extra: Record<string, unknown> = {}): Worker {
  return new Worker(bootstrap, {
    eval: true,
    workerData: { ...backgroundThreadData(), ...extra },
    resourceLimits: { maxYoungGenerationSizeMb: COMMAND_SCAN_THREAD_YOUNG_GENERATION_MB },
  });
}

/** Starts the thread now (a no-op from the TypeScript sources, where the lane's entry is no bundle). */
export function startEarlyScanThread(): void {
  if (early !== undefined) return;
  const script = threadScript(import.meta.url, 'lane-worker');
  if (!script.bootstrap.startsWith('require(')) return;
  const loader = fileURLToPath(new URL('./scanner-module.js', import.meta.url));
  const state = new Int32Array(new SharedArrayBuffer(8));
  const worker = newScanThread(earlyBootstrap(script.bootstrap, loader), { early: state.buffer });
  worker.unref();
  // A thread that fails to start is the lane's to report, if a lane takes it; unused, it is nobody's.
  worker.on('error', () => undefined);
  const started: Early = { worker, state, ended: false };
  worker.once('exit', () => (started.ended = true));
  early = started;
  fate = 'started';
}

/** The flags still to set once the thread has loaded Node's modules (deferScanFlags). */
let pendingFlags: (() => void) | undefined;

/**
 * `setFlags` (the scan's V8 flags) at once where no thread was started or it has loaded Node's modules
 * already; otherwise later, at the first of pollEarlyScanThread finding the thread ready and
 * settleScanFlags. Meanwhile this thread goes on under V8's defaults (it compiles nothing from a cache
 * made under other flags: its own bundle was compiled already, and settleScanFlags comes before any
 * other cached bundle loads).
 */
export function deferScanFlags(setFlags: () => void): void {
  pendingFlags = setFlags;
  if (early === undefined || Atomics.load(early.state, LOADED) === 1) settleScanFlags(0);
}

/** Sets the deferred flags if the thread has loaded Node's modules by now (cheap: call it often, as the walk goes). */
export function pollEarlyScanThread(): void {
  if (pendingFlags !== undefined && early !== undefined && Atomics.load(early.state, LOADED) === 1) settleScanFlags(0);
}

/**
 * Sets the deferred flags now, after waiting up to `timeoutMs` for the thread to load Node's modules, and
 * lets the thread go on: before anything is loaded whose code cache was written under the scan's flags
 * (a file scanner's bundle, on this thread or the lane's), and before the first lane takes the thread.
 */
export function settleScanFlags(timeoutMs: number = EARLY_THREAD_WAIT_MS): void {
  const setFlags = pendingFlags;
  if (setFlags === undefined) return;
  pendingFlags = undefined;
  const state = early?.state;
  if (state !== undefined) Atomics.wait(state, LOADED, 0, timeoutMs);
  setFlags();
  if (state === undefined) return;
  Atomics.store(state, FLAGS_SET, 1);
  Atomics.notify(state, FLAGS_SET);
}

/** Hands the thread over once, to a lane or to its end: undefined when none was started, it ended, or it was handed over already. */
function release(to: 'taken' | 'discarded'): Worker | undefined {
  const held = early;
  early = undefined;
  if (held === undefined || held.ended) return undefined;
  fate = to;
  return held.worker;
}

/**
 * Ends the thread when the scan will not use it (its tree stays on the calling thread): at once, so that it
 * stops loading the scanners on the other core, and the process has no thread to wait for at its exit. On a
 * machine where a page fault costs about 16 µs, an empty folder's scan took 7 ms less and a 30 KB tree's 15 ms
 * less than with the thread left to the process's exit (docs/benchmarks.md). A no-op once a lane took it.
 */
export function discardEarlyScanThread(): void {
  void release('discarded')?.terminate();
}

/** The thread, for the first lane to start; undefined after that, or when none was started. */
export function takeEarlyScanThread(): Worker | undefined {
  settleScanFlags();
  return release('taken');
}
