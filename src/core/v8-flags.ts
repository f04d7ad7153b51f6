import { setFlagsFromString } from 'node:v8';

/**
 * V8's optimising compiler tuned for processes that scan (the service, `vigil worker`, `vigil scan`).
 * A scan runs a great many functions (the code scanner's rules, taint and tree walks) over a burst of
 * files. With V8's defaults TurboFan optimised many of them early, inlining callees up to 920 bytes of
 * bytecode per function, and the background compilation cost more CPU than the optimised code saved in
 * a first scan: on the ten-repository mix one scanner thread used 7.6 s of process CPU in its first pass
 * and 5.8 s in the next, and the first scan through a fresh service took 6.8 s against 5.1 s for the
 * second. Optimising later (a 4x interrupt budget: a function is optimised once it has run about
 * 264 KB of bytecode) and inlining less (230 bytes in all per function) brought the first scan to
 * 5.5–5.7 s and the next to 4.6–4.9 s (docs/decisions.md, docs/benchmarks.md).
 *
 * V8 flags are process-wide: set before the scan threads start (they are read when a thread's
 * functions get their feedback and when code is optimised).
 */
export function tuneCompilerForScans(): void {
  setFlagsFromString('--interrupt-budget=270336');
  setFlagsFromString('--max-inlined-bytecode-size-cumulative=230');
}

/**
 * For `vigil scan` only: regular expressions compiled to machine code on their first use
 * (`--no-regexp-tier-up`) instead of being interpreted once first. The scanners' expressions run over whole
 * files, and an interpreted first run over a large file cost more than the compilation it put off (a
 * `vigil scan` of Juice Shop: 35 ms less CPU and 12 ms less wall time, docs/benchmarks.md).
 *
 * Only where no other thread can be running a regular expression when it is set: V8 reads this flag more than
 * once while it prepares and runs one expression, and a change in between on another thread crashed that
 * thread (SIGSEGV in machine code of a regular expression, run by tsx's module loader thread in a service
 * started from the sources; docs/decisions.md, 2026-11-30). The command line sets it while its one other
 * thread waits (src/engine/early-thread.ts), and not from the sources, where tsx's loader thread runs beside
 * it; the service and `vigil worker` never set it (their threads are warm, the first run matters little).
 */
export function compileRegExpsOnFirstUse(): void {
  setFlagsFromString('--no-regexp-tier-up');
}

/**
 * V8's own values (Node 20's V8, as `node --v8-options` prints them) of the flags `vigil scan` changes: its
 * WebAssembly flag (src/cli/index.ts), tuneCompilerForScans' and compileRegExpsOnFirstUse's. V8 hashes the values of its flags into every
 * code cache and takes a cache only under the same hash; flags set back to these values hash as if never set
 * (the build writes `vigil scan`'s own cache this way, src/engine/scanner-module.ts). A test compares them with
 * `node --v8-options`.
 */
export const V8_DEFAULTS = ['--no-liftoff-only', '--wasm-tier-up', '--wasm-dynamic-tiering', '--interrupt-budget=67584', '--max-inlined-bytecode-size-cumulative=920', '--regexp-tier-up'] as const;

/** Sets the flags of V8_DEFAULTS back to V8's own values. */
export function restoreDefaultFlags(): void {
  for (const flag of V8_DEFAULTS) setFlagsFromString(flag);
}
