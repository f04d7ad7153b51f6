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
 * written under the scan's flags (settleScanFlags), never while the thread is loading a module
 * (earlyBootstrap says why), and only then lets the thread go on to load the scan thread's entry and,
 * with its first task, the scanners (docs/decisions.md).
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

/**
 * Slots of the shared state: the thread has stopped loading Node's modules (LOADED); the main thread has set its
 * flags (FLAGS_SET); the main thread asks the thread to stop loading at the next module (STOP: HURRY) or, besides,
 * not to run its entry once the flags are set (STOP: DISCARD).
 */
const LOADED = 0;
const FLAGS_SET = 1;
const STOP = 2;
const HURRY = 1;
const DISCARD = 2;
/** How long the thread waits for the flags before it goes on regardless (the main thread always signals). */
const THREAD_WAIT_MS = 10_000;
/**
 * How long the main thread waits, at most, for the thread to load Node's modules before it asks the thread to
 * stop loading them: 25–30 ms on an idle machine.
 */
const EARLY_THREAD_WAIT_MS = 150;
/**
 * How long it then waits for the thread to finish the module it is loading. One of Node's modules takes a few
 * milliseconds; only a thread that never ran (it failed to start) keeps the main thread waiting this long.
 */
const STOP_WAIT_MS = 2_000;

interface Early {
  readonly worker: Worker;
  readonly state: Int32Array;
  /** Set when the thread ended (it failed to start): no lane takes it then. */
  ended: boolean;
}

let early: Early | undefined;
/** The thread's state until the flags are set, whoever has the thread by then (settleScanFlags). */
let unsettled: Early | undefined;
let fate: 'none' | 'started' | 'taken' | 'discarded' = 'none';

/**
 * Whether this process started the thread, and whether a lane took it or the scan let it go unused
 * (for tests, and a look at a built CLI through `--import`).
 */
export function earlyScanThreadState(): 'none' | 'started' | 'taken' | 'discarded' {
  return fate;
}

/**
 * The thread's script: loads `preload` (Node's modules, then the code-cache loader) unless asked to stop, says
 * it has stopped, waits for the flags, then runs `bootstrap` (the lane's usual entry) unless discarded. Only
 * where the lane's entry is the command line's CommonJS bundle (from dist/).
 *
 * Why the main thread never sets the flags while this thread loads a module: V8 keeps one hash of its flags
 * for the whole process, computed when first needed after a change and checked against every code cache it
 * reads. Computed on this thread from the flags as they were, but stored after the main thread had set
 * them, it stays the old flags' hash, and every bundle the scan loads afterwards has its cache refused (seen
 * once on a loaded machine: all three scanners compiled from source).
 */
function earlyBootstrap(bootstrap: string, preload: readonly string[]): string {
  return [
    "const { workerData: __data } = require('node:worker_threads');",
    '{ const state = new Int32Array(__data.early);',
    `try { for (const id of ${JSON.stringify(preload)}) { if (Atomics.load(state, ${STOP}) !== 0) break; require(id); } }`,
    `finally { Atomics.store(state, ${LOADED}, 1); Atomics.notify(state, ${LOADED}); }`,
    // Discarded, it ends now: what it does from here reads no flags.
    `if (Atomics.load(state, ${STOP}) !== ${DISCARD}) {`,
    `Atomics.wait(state, ${FLAGS_SET}, 0, ${THREAD_WAIT_MS});`,
    `if (Atomics.load(state, ${STOP}) !== ${DISCARD}) {`,
    bootstrap,
    '} } }',
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

/** For tests: the thread's entry and what it loads first, in place of the lane's entry and Node's modules. */
export interface EarlyThreadOptions {
  readonly bootstrap?: string;
  readonly preload?: readonly string[];
}

/** Starts the thread now (a no-op from the TypeScript sources, where the lane's entry is no bundle). */
export function startEarlyScanThread(options: EarlyThreadOptions = {}): void {
  if (early !== undefined || unsettled !== undefined) return;
  const bootstrap = options.bootstrap ?? threadScript(import.meta.url, 'lane-worker').bootstrap;
  if (!bootstrap.startsWith('require(')) return;
  // The loader is an ES module: requiring it starts Node's ES loader, another twenty modules of Node's.
  const preload = options.preload ?? [...THREAD_BUILTINS, fileURLToPath(new URL('./scanner-module.js', import.meta.url))];
  const state = new Int32Array(new SharedArrayBuffer(12));
  const worker = newScanThread(earlyBootstrap(bootstrap, preload), { early: state.buffer });
  worker.unref();
  // A thread that fails to start is the lane's to report, if a lane takes it; unused, it is nobody's.
  worker.on('error', () => undefined);
  const started: Early = { worker, state, ended: false };
  worker.once('exit', () => (started.ended = true));
  early = started;
  unsettled = started;
  fate = 'started';
}

/** The flags still to set once the thread has loaded Node's modules (deferScanFlags). */
let pendingFlags: (() => void) | undefined;

const stoppedLoading = (held: Early | undefined): boolean => held === undefined || Atomics.load(held.state, LOADED) === 1;

/**
 * `setFlags` (the scan's V8 flags) at once where no thread was started or it has loaded Node's modules
 * already; otherwise later, at the first of pollEarlyScanThread finding the thread ready and
 * settleScanFlags. Meanwhile this thread goes on under V8's defaults (it compiles nothing from a cache
 * made under other flags: its own bundle was compiled already, and settleScanFlags comes before any
 * other cached bundle loads).
 */
export function deferScanFlags(setFlags: () => void): void {
  pendingFlags = setFlags;
  if (stoppedLoading(unsettled)) settleScanFlags(0);
}

/** Sets the deferred flags if the thread has loaded Node's modules by now (cheap: call it often, as the walk goes). */
export function pollEarlyScanThread(): void {
  if (pendingFlags !== undefined && stoppedLoading(unsettled)) settleScanFlags(0);
}

/**
 * Sets the deferred flags now and lets the thread go on: before anything is loaded whose code cache was written
 * under the scan's flags (a file scanner's bundle, on this thread or the lane's), and before the first lane
 * takes the thread. Never while the thread loads a module (see earlyBootstrap): it is given up to `timeoutMs`
 * to load them all, then asked to stop at the next, and the flags are set once it has.
 */
export function settleScanFlags(timeoutMs: number = EARLY_THREAD_WAIT_MS): void {
  const setFlags = pendingFlags;
  if (setFlags === undefined) return;
  pendingFlags = undefined;
  const held = unsettled;
  unsettled = undefined;
  if (held !== undefined && !held.ended && Atomics.wait(held.state, LOADED, 0, timeoutMs) === 'timed-out') {
    Atomics.compareExchange(held.state, STOP, 0, HURRY);
    Atomics.wait(held.state, LOADED, 0, STOP_WAIT_MS);
  }
  setFlags();
  if (held === undefined) return;
  Atomics.store(held.state, FLAGS_SET, 1);
  Atomics.notify(held.state, FLAGS_SET);
}

/** Hands the thread over once, to a lane or to its end: undefined when none was started, it ended, or it was handed over already. */
function release(to: 'taken' | 'discarded'): Early | undefined {
  const held = early;
  early = undefined;
  if (held === undefined || held.ended) return undefined;
  fate = to;
  return held;
}

/**
 * Ends the thread when the scan will not use it (its tree stays on the calling thread), so that it stops
 * loading on the other core and the process has no thread to wait for at its exit. On a machine where a page
 * fault costs about 16 µs, an empty folder's scan took 7 ms less and a 30 KB tree's 15 ms less than with the
 * thread left to the process's exit (docs/benchmarks.md). A thread still loading modules before the flags are
 * set is asked to stop after the one it is loading and to end without running its entry (terminated then, V8
 * could still be reading the flags on it); one that has stopped loading, or has the flags, is terminated. A
 * no-op once a lane took it.
 */
export function discardEarlyScanThread(): void {
  const held = release('discarded');
  if (held === undefined) return;
  if (held === unsettled && !stoppedLoading(held)) Atomics.store(held.state, STOP, DISCARD);
  else void held.worker.terminate();
}

/** The thread, for the first lane to start; undefined after that, or when none was started. */
export function takeEarlyScanThread(): Worker | undefined {
  settleScanFlags();
  return release('taken')?.worker;
}
