/**
 * Builds small git repositories for history tests with the git command:
 * each step writes or deletes files and commits, with fixed authors and
 * dates so SHAs are stable.
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface GitStep {
  /** path → content; null deletes the file. */
  readonly files: Readonly<Record<string, string | Buffer | null>>;
  readonly message: string;
  /** Branch to commit on (created from the current one when new). */
  readonly branch?: string;
}

export const GIT_TEST_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Ada Tester',
  GIT_AUTHOR_EMAIL: 'ada@example.test',
  GIT_COMMITTER_NAME: 'Ada Tester',
  GIT_COMMITTER_EMAIL: 'ada@example.test',
};

export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: { ...process.env, ...GIT_TEST_ENV }, maxBuffer: 64 << 20 });
  return stdout.trim();
}

/** Creates a repository at `dir` (branch main) and applies the steps; returns the SHA of each step's commit. */
export async function makeRepository(dir: string, steps: readonly GitStep[]): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  await git(dir, 'init', '-q', '-b', 'main');
  const shas: string[] = [];
  let second = 0;
  for (const step of steps) {
    if (step.branch !== undefined) {
      const exists = (await git(dir, 'branch', '--list', step.branch)) !== '';
      await git(dir, 'checkout', '-q', ...(exists ? [] : ['-b']), step.branch);
    }
    for (const [path, content] of Object.entries(step.files)) {
      const absolute = join(dir, path);
      if (content === null) await rm(absolute, { force: true });
      else {
        await mkdir(dirname(absolute), { recursive: true });
        await writeFile(absolute, content);
      }
    }
    await git(dir, 'add', '-A');
    second += 60;
    const date = new Date(Date.UTC(2024, 0, 1) + second * 1000).toISOString();
    await run('git', ['commit', '-q', '--allow-empty', '-m', step.message], {
      cwd: dir,
      env: { ...process.env, ...GIT_TEST_ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    });
    shas.push(await git(dir, 'rev-parse', 'HEAD'));
  }
  return shas;
}
