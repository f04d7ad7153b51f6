// The command line itself, loaded by ./index.ts: from dist/ as one CommonJS bundle with V8's code
// cache (main.cjs), from the sources as this module. No top-level await, so that it bundles as CommonJS.
import { describeError } from './errors.js';
import { EXIT_ERROR } from './exit-codes.js';
import { runFastScan } from './fast-scan.js';
import type { CliIo } from './program.js';

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

async function main(): Promise<void> {
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
  // A plain `vigil scan <dir>` starts without commander (./fast-scan.ts); everything else goes through it
  // (`vigil --version` is answered by ./index.ts). fast-scan is a static import: loaded with this module,
  // not one loader round after it (a scan's start is what counts; a dynamic import here cost every scan
  // about 7 ms).
  process.exitCode = (await runFastScan(argv, io)) ?? (await (await import('./program.js')).runCli(argv, io));
}

main().catch(fail);
