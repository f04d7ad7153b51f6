import { spawn, type ChildProcess } from 'node:child_process';
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

/** Starts the real service entry point (src/server.ts) as its own process; resolves once it listens. */
export async function startService(env: Record<string, string>): Promise<StartedService> {
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
    void exit.then((code) => reject(new Error(`service exited with ${code}${signalName ? ` (${signalName})` : ''}: ${err}`)));
  });
  return { child, baseUrl, stderr: () => err, exit };
}
