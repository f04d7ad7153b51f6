#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { tuneCompilerForScans } from '../core/v8-flags.js';
import { VERSION } from '../core/version.js';
import { describeError } from './errors.js';
import { EXIT_ERROR, EXIT_OK } from './exit-codes.js';
import { runFastScan } from './fast-scan.js';
import type { CliIo } from './program.js';

// `vigil scan` is one scan in a new process: WebAssembly (the code scanner's tree-sitter parser and
// grammars, where the native one is not built) stays on V8's baseline compiler. Optimising it costs
// each thread about a CPU-second of background compilation that a scan of a Juice-Shop-sized tree
// never earns back (docs/decisions.md, 2026-11-26). Set before any WebAssembly is compiled; V8 flags
// are process-wide, so the scan's worker threads get it too. Long-running commands (the service, the
// queue worker) keep V8's default for WebAssembly.
//
// For the same reason JavaScript is optimised later and with less inlining (tuneCompilerForScans; the
// service and `vigil worker` set the same).
if (process.argv[2] === 'scan') {
  setFlagsFromString('--liftoff-only');
  tuneCompilerForScans();
}

// A reader that stops early (`vigil triage scan.json | head -1`) closes the pipe:
// writes then fail with EPIPE. That is not an error of ours: output stops quietly
// and a streaming command ends; without these listeners Node would crash on it.
const outputClosed = new AbortController();
const onOutputError = (error: NodeJS.ErrnoException): void => {
  if (error.code === 'EPIPE') outputClosed.abort();
  else fail(error);
};
process.stdout.on('error', onOutputError);
process.stderr.on('error', onOutputError);

function fail(error: unknown): void {
  if (!outputClosed.signal.aborted) process.stderr.write(`vigil: ${describeError(error, process.env)}\n`);
  process.exit(EXIT_ERROR);
}
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

try {
  const argv = process.argv.slice(2);
  const io: CliIo = {
    env: process.env,
    cwd: process.cwd(),
    out: (text) => {
      if (!outputClosed.signal.aborted) process.stdout.write(text);
    },
    err: (text) => {
      if (!outputClosed.signal.aborted) process.stderr.write(text);
    },
    isTTY: process.stderr.isTTY,
    outputClosed: outputClosed.signal,
  };
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // What commander prints for its version option, without loading commander and the command tree.
    io.out(`${VERSION}\n`);
    process.exitCode = EXIT_OK;
  } else {
    // A plain `vigil scan <dir>` starts without commander (./fast-scan.ts); everything else goes through it.
    // fast-scan is a static import: loaded with this module, not one loader round after it (a scan's start
    // is what counts; a dynamic import here cost every scan about 7 ms).
    process.exitCode = (await runFastScan(argv, io)) ?? (await (await import('./program.js')).runCli(argv, io));
  }
} catch (error) {
  fail(error);
}
