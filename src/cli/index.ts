#!/usr/bin/env node
// Two static imports only: everything an ES module imports statically is resolved, read and compiled before its
// first line runs, and Node's facade of a built-in module (`import … from 'node:crypto'`) loads all its lazy parts
// (web crypto, fs streams). A plain directory scan starts its first scan thread here first thing, about 22 ms
// sooner than after the loader's and the code cache's imports (docs/decisions.md, 2026-11-30); the rest follows.
import { SCAN_SUBCOMMANDS } from './scan-subcommands.js';
import { deferScanFlags, startEarlyScanThread } from '../engine/early-thread.js';

/** Node's modules that `vigil scan` loads after its V8 flags are set (seen in `process.moduleLoadList`). */
const SCAN_BUILTINS = ['node:fs/promises', 'node:net', 'node:os', 'node:perf_hooks', 'node:worker_threads', 'node:zlib'] as const;

// `vigil scan` is one scan in a new process: WebAssembly (the code scanner's tree-sitter parser and
// grammars, where the native one is not built) stays on V8's baseline compiler. Optimising it costs
// each thread about a CPU-second of background compilation that a scan of a Juice-Shop-sized tree
// never earns back (docs/decisions.md, 2026-11-26). Set before any WebAssembly is compiled; V8 flags
// are process-wide, so the scan's worker threads get it too. Long-running commands (the service, the
// queue worker) keep V8's default for WebAssembly.
//
// For the same reason JavaScript is optimised later and with less inlining (tuneCompilerForScans; the
// service and `vigil worker` set the same).
const scan = process.argv[2] === 'scan';

/**
 * `vigil scan <dir>` without --history: the scans whose first thread is a lane (early-thread.ts). Others
 * (`scan github`, `scan api`, history scans) start none, and set the flags at once as before.
 */
function plainDirectoryScan(args: readonly string[]): boolean {
  const first = args[0];
  return first !== undefined && !first.startsWith('-') && !SCAN_SUBCOMMANDS.has(first) && !args.includes('--history');
}
if (scan) {
  // The scan's first thread starts now, under V8's default flags (early-thread.ts). Node's own modules come with
  // a code cache built into the binary, which V8 takes only under those defaults: the ones a scan loads after
  // the flags would each be compiled from source (about 13 ms in all on this thread). Loaded first, they are
  // not (docs/decisions.md, 2026-11-29).
  if (plainDirectoryScan(process.argv.slice(3))) startEarlyScanThread();
  for (const id of SCAN_BUILTINS) process.getBuiltinModule(id);
}

// From dist/ the command line is one CommonJS bundle, main.cjs (scripts/bundle-scanners.ts), compiled
// with a V8 code cache the build wrote for it: a scan then neither resolves and links the 60-odd ES
// modules of its start nor compiles the functions it runs first (docs/benchmarks.md). It is compiled
// under V8's default flags, before `vigil scan` sets its own, and V8 takes a cache only under the flags
// it was written with: `main.cjs.v8cache`, for `vigil scan`, is written with the flags set back to the
// defaults, `main.cjs.commands.v8cache` for the rest. From the sources, or a dist/ without the bundle, it
// is ./main.ts as an ES module.
if (process.argv.length === 3 && (process.argv[2] === '--version' || process.argv[2] === '-V')) {
  // What commander prints for its version option, without loading the command line at all. A reader that
  // closed the pipe already (EPIPE) is no error of ours.
  const { VERSION } = await import('../core/version.js');
  process.stdout.on('error', () => undefined);
  process.stdout.write(`${VERSION}\n`);
} else {
  const { existsSync } = process.getBuiltinModule('node:fs');
  const { setFlagsFromString } = process.getBuiltinModule('node:v8');
  const [{ compileRegExpsOnFirstUse, restoreDefaultFlags, tuneCompilerForScans }, { CODE_CACHE_SUFFIX, COMMANDS_CACHE_SUFFIX, compileWithCodeCache }] =
    await Promise.all([import('../core/v8-flags.js'), import('../engine/scanner-module.js')]);
  // From the TypeScript sources tsx's module loader runs on a thread of its own, beside this one.
  const fromSources = import.meta.url.endsWith('.ts');
  const setScanFlags = (): void => {
    setFlagsFromString('--liftoff-only');
    tuneCompilerForScans();
    if (!fromSources) compileRegExpsOnFirstUse();
  };
  const bundle = new URL('./main.cjs', import.meta.url);
  const compiled = existsSync(bundle) ? compileWithCodeCache(bundle.href, scan ? CODE_CACHE_SUFFIX : COMMANDS_CACHE_SUFFIX, scan ? restoreDefaultFlags : undefined) : undefined;
  if (scan) deferScanFlags(setScanFlags);
  if (compiled !== undefined) compiled.run();
  else await import('./main.js');
}
