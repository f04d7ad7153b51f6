/**
 * The service (or a `vigil worker`) as its own process, built or from sources (entryCommand), for the
 * benchmarks that measure it from outside: loopback only, the owner key read from its first start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Newest modification time of any file under dir. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

let sourcesAt: number | undefined;
let warned = false;

/**
 * The command line for an entry of src/ (src/server.ts, src/cli/index.ts): its build in dist/ when that is
 * newer than every source file, as users run it (`npm start` runs dist/server.js); else the sources through
 * tsx, whose transpiling in every new thread adds to what is measured (said once on stderr).
 */
export function entryCommand(entry: string): string[] {
  const built = join(ROOT, 'dist', entry.replace(/^src\//, '').replace(/\.ts$/, '.js'));
  sourcesAt ??= newest(join(ROOT, 'src'));
  if (existsSync(built) && statSync(built).mtimeMs >= sourcesAt) return [built];
  if (!warned) process.stderr.write(`bench: no current build (npm run build): running ${entry} through tsx, whose transpiling adds to the figures\n`);
  warned = true;
  return ['--import', 'tsx', join(ROOT, entry)];
}

export interface Proc {
  readonly child: ChildProcess;
  readonly base?: string;
  readonly err: () => string;
}

/**
 * `cpu`: confine the process and all its threads to that one core (`taskset -c`), so that a
 * `vigil worker` stands for a one-core machine in a throughput measurement. `keepLog`: where its
 * stdout (log lines, and V8's --trace-gc lines when asked for) is copied when it exits.
 */
export async function spawnProcess(args: string[], env: Record<string, string>, ready: RegExp, options: { cpu?: number; keepLog?: string } = {}): Promise<Proc & { match: RegExpExecArray }> {
  const node = [process.execPath, ...args];
  const [command, ...rest] = options.cpu === undefined ? node : ['taskset', '-c', String(options.cpu), ...node];
  // Its log (stdout) goes to a file, not a pipe: a pipe that this process drains on its own busy
  // event loop (it also serves the fake GitHub) would fill; the service no longer waits on it (its
  // log writes are asynchronous), but the CLI's worker processes still write synchronously.
  const logDir = mkdtempSync(join(tmpdir(), 'vigil-bench-log-'));
  const logFd = openSync(join(logDir, 'stdout.log'), 'w+');
  const child = spawn(command ?? process.execPath, rest, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', logFd, 'pipe'],
  });
  child.once('exit', () => {
    if (options.keepLog !== undefined) copyFileSync(join(logDir, 'stdout.log'), options.keepLog);
    closeSync(logFd);
    rmSync(logDir, { recursive: true, force: true });
  });
  /** The first 200 KB of the log, as far as it is written. */
  const out = (): string => {
    if (child.exitCode !== null || child.signalCode !== null) return '';
    const head = Buffer.alloc(200_000);
    return head.subarray(0, readSync(logFd, head, 0, head.length, 0)).toString();
  };
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = ready.exec(out() + err);
      if (found) {
        clearInterval(timer);
        resolve(found);
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}: ${err}`));
    });
  });
  return { child, match, err: () => err };
}

/**
 * The service (its build when current, see entryCommand); `nodeArgs` go to Node before the entry file (e.g. `--cpu-prof`);
 * `keepLog`: see spawnProcess.
 */
export async function startApi(env: Record<string, string>, nodeArgs: readonly string[] = [], keepLog?: string): Promise<{ proc: Proc; base: string }> {
  // LOG_LEVEL info is needed for the "listening" line.
  const proc = await spawnProcess([...nodeArgs, ...entryCommand('src/server.ts')], { ...env, LOG_LEVEL: 'info' }, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, keepLog === undefined ? {} : { keepLog });
  return { proc, base: proc.match[1] ?? '' };
}

/** The owner key of the first start, printed once the service listens. */
export async function ownerKey(proc: Proc): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const key = /vgl_live_[0-9A-Za-z]+/.exec(proc.err())?.[0];
    if (key) return key;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no owner key printed: ${proc.err()}`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

