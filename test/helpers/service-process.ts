import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export interface StartedService {
  child: ChildProcess;
  baseUrl: string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/**
 * How long a start may take before the helper gives up: a liveness limit, not a speed check. From the sources
 * (tsx) with the embedded database a start took 4–7 s alone on a slow machine, and more than 30 s once while
 * the whole suite ran on its two cores.
 */
const START_TIMEOUT_MS = 90_000;

/** Signals a process dies of when something in it (Node, V8, an addon) is broken, rather than by being told to stop. */
const CRASH_SIGNALS: ReadonlySet<string> = new Set(['SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGABRT']);

/**
 * For a crashed service: the backtrace of the crashing thread, read with gdb from the core the kernel wrote in the
 * process's working folder (`core` or `core.PID`), when core dumps are on (.ci/run turns them on) and gdb is
 * installed; then the core is removed. An empty string otherwise: the death is reported either way.
 */
function crashBacktrace(pid: number | undefined, since: number): string {
  const core = [join(ROOT, `core.${pid ?? ''}`), join(ROOT, 'core')].find((path) => existsSync(path) && statSync(path).mtimeMs >= since - 1000);
  if (core === undefined) return '';
  try {
    const gdb = spawnSync('gdb', ['-q', '-batch', '-ex', 'bt 40', '-ex', 'info sharedlibrary', process.execPath, core], { encoding: 'utf8', timeout: 120_000, maxBuffer: 8 << 20 });
    if (gdb.error !== undefined) return `\n(a core was written, but gdb could not read it: ${gdb.error.message})`;
    const lines = gdb.stdout.split('\n');
    // The backtrace, and which shared objects were loaded (an addon would be among them).
    const frames = lines.filter((line) => /^#\d+ /.test(line));
    const objects = lines.filter((line) => /\.so|\.node/.test(line) && !/^#/.test(line)).map((line) => line.trim().split(/\s+/).pop() ?? '');
    return `\nbacktrace of the crashing thread (gdb, from ${core}):\n${frames.join('\n')}\nshared objects: ${objects.join(' ')}`;
  } finally {
    rmSync(core, { force: true });
  }
}

/** Starts the real service entry point (src/server.ts) as its own process; resolves once it listens. */
export async function startService(env: Record<string, string>): Promise<StartedService> {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  // 'close', not 'exit': it comes once the output pipes are drained too, so a process that dies at once (a
  // crash, an abort) leaves in `err` what it printed last. A death by signal is -1, and the signal is named.
  let signalName: NodeJS.Signals | null = null;
  const exit = new Promise<number | null>((resolve) =>
    child.on('close', (code, signal) => {
      signalName = signal;
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start: ${err}`)), START_TIMEOUT_MS);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exit.then((code) => {
      const backtrace = signalName !== null && CRASH_SIGNALS.has(signalName) ? crashBacktrace(child.pid, spawnedAt) : '';
      reject(new Error(`service exited with ${code}${signalName ? ` (${signalName})` : ''}: ${err}${backtrace}`));
    });
  });
  return { child, baseUrl, stderr: () => err, exit };
}
