/**
 * Running `git` for history scans: arguments as an array (never a shell), a
 * clear error when git is missing, and an environment that never prompts.
 */
import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from 'node:child_process';
import { AppError } from '../../../core/errors.js';

/** What git gets on top of the inherited environment: no prompts, no pager, messages in English. */
export const QUIET_GIT_ENV: Readonly<Record<string, string>> = Object.freeze({
  GIT_TERMINAL_PROMPT: '0',
  GIT_PAGER: 'cat',
  PAGER: 'cat',
  LC_ALL: 'C',
  GIT_OPTIONAL_LOCKS: '0',
});

export interface GitOptions {
  /** The repository (work tree or bare); passed as `-C`. */
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signal?: AbortSignal;
}

export function gitMissing(): AppError {
  return new AppError('internal', 'History scanning needs the git command, which is not installed on this machine (apt-get install git)');
}

export function spawnGit(args: readonly string[], options: GitOptions): ChildProcessWithoutNullStreams {
  const spawnOptions: SpawnOptionsWithoutStdio = {
    env: { ...process.env, ...QUIET_GIT_ENV, ...options.env },
    stdio: 'pipe',
    ...(options.signal ? { signal: options.signal } : {}),
  };
  return spawn('git', ['-C', options.cwd, ...args], spawnOptions);
}

export class GitError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

/** Runs git to completion and returns stdout; rejects with GitError (stderr kept, bounded) on a non-zero exit. */
export function runGit(args: readonly string[], options: GitOptions & { readonly maxBytes?: number }): Promise<Buffer> {
  const max = options.maxBytes ?? 256 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, options);
    const out: Buffer[] = [];
    let size = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? gitMissing() : error));
    child.on('close', (code) => {
      if (size > max) return reject(new GitError(`git ${args[0] ?? ''}: output larger than ${max} bytes`, code, stderr));
      if (code !== 0) return reject(new GitError(`git ${args[0] ?? ''} failed: ${stderr.trim().split('\n').at(-1) ?? ''}`, code, stderr));
      resolve(Buffer.concat(out));
    });
  });
}
